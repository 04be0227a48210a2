"""Statistics of players and events: stored hands in, figures out (pure).

The API, for the tournaments' selectors and for the leagues and careers:

* ``records``: the inputs. ``SessionRecord`` (one player's session at a
  closed table: player key, seat, score, rank, table points, penalty
  points) points at a ``TableRecord`` (rule set code and cleaned options,
  the ``HandRecord``s in order, the players by seat) shared by its four
  sessions.
* ``player_stats(sessions)``: one player's ``PlayerStats`` under one rule
  set (``stats_by_ruleset`` splits a career by rule set); ``figures`` maps
  a figure key to a ``Figure`` (value and the count of hands or sessions
  it rests on, ``figures.COUNTS``); a figure the rule set cannot know is
  absent, never 0.
* ``event_stats(sessions, min_hands=..., top=...)``: an ``EventStats``
  (the event's figures, biggest hands, fan/yaku table, fastest and slowest
  tables, every player's figures, the leaders of each figure).

What only a rule set knows comes from its ``hand_facts`` hook
(``scoring.engine.facts``), its ``stats_figures`` and ``stats_unknown``
and its ``running_scores`` (busts); labels of its own figures are in its
``words.stats``. This package names no rule set and none of their keys.
"""

from scoring.engine.stats.event import (
    LEADER_FIGURES,
    EventStats,
    Leader,
    TablePace,
    event_stats,
    leaders,
    tables_of,
)
from scoring.engine.stats.figures import (
    COMMON_FIGURES,
    COUNTS,
    RATES,
    RULESET_FIGURES,
    Figure,
)
from scoring.engine.stats.player import (
    Highlight,
    ItemCount,
    PlayerStats,
    player_stats,
    stats_by_ruleset,
)
from scoring.engine.stats.reading import HandReader
from scoring.engine.stats.records import HandRecord, SessionRecord, TableRecord

__all__ = [
    "COMMON_FIGURES",
    "COUNTS",
    "LEADER_FIGURES",
    "RATES",
    "RULESET_FIGURES",
    "EventStats",
    "Figure",
    "HandReader",
    "HandRecord",
    "Highlight",
    "ItemCount",
    "Leader",
    "PlayerStats",
    "SessionRecord",
    "TablePace",
    "TableRecord",
    "event_stats",
    "leaders",
    "player_stats",
    "stats_by_ruleset",
    "tables_of",
]
