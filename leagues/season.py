"""A league's standings over a season, pure: sessions in, ranked rows out.

A league ranks its players over every session they played in its events
(club nights and tournaments) by one of three rules, a setting of the league:

- ``total``: the total of table points;
- ``average``: the average table points per session, for players with at
  least ``min_sessions`` sessions (the others are listed after, unranked);
- ``best``: the total of the ``best`` N sessions (by table points, then
  score; on a full tie the earlier session counts).

``min_sessions`` applies to every rule (0: everyone ranks). Ties on the
rule's figure are broken as in tournaments (``scoring.engine.standings``:
total score, firsts, seconds, thirds, best session), over the sessions the
rule counts; players equal on every key share the placing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import NamedTuple

from scoring.engine.standings import (
    TIEBREAKS,
    PlayerRecord,
    SortKey,
    clean_tiebreaks,
)

from .errors import LeagueError

RULES = ("total", "average", "best")


@dataclass(frozen=True)
class RankingRule:
    """How a league ranks: ``kind`` one of ``RULES``; ``best`` counts for
    ``kind="best"`` only; ``min_sessions`` for every kind."""

    kind: str = "total"
    min_sessions: int = 0
    best: int = 10

    def __post_init__(self) -> None:
        if self.kind not in RULES:
            raise LeagueError("unknown_ranking_rule", rule=self.kind)
        if self.min_sessions < 0:
            raise LeagueError("bad_min_sessions", value=self.min_sessions)
        if self.best < 1:
            raise LeagueError("bad_best_sessions", value=self.best)


class SessionEntry(NamedTuple):
    """One player's session at one table of one event; table points as
    integers x12 (exact: a three-way tie gives 28/12), as stored.

    A named tuple, not a dataclass: a five-year season is 40,000 of them,
    built and summed on every standings page.
    """

    player: int
    event: int
    day: date
    round: int
    table: int
    score: int
    rank: int
    tp12: int

    @property
    def table_points(self) -> Fraction:
        return Fraction(self.tp12, 12)


@dataclass(frozen=True)
class LeagueRow:
    """A player's line: ``rank`` is None below ``min_sessions``.

    ``value`` is the rule's figure (total, average or best-N total of table
    points); ``record`` sums the sessions the rule counts; ``sessions`` is
    every session played.
    """

    rank: int | None
    shared: bool
    player: int
    value: Fraction
    record: PlayerRecord
    sessions: int


def _order(entry: SessionEntry) -> tuple[date, int, int]:
    return (entry.day, entry.event, entry.round)


def counted_sessions(
    entries: Sequence[SessionEntry], rule: RankingRule
) -> list[SessionEntry]:
    """The sessions the rule counts, in play order."""
    if rule.kind != "best" or len(entries) <= rule.best:
        return sorted(entries, key=_order)
    ranked = sorted(entries, key=_order)
    ranked.sort(key=lambda e: (e.tp12, e.score), reverse=True)
    return sorted(ranked[: rule.best], key=_order)


def rule_value(counted: Sequence[SessionEntry], rule: RankingRule) -> Fraction:
    total = sum(entry.tp12 for entry in counted)
    if rule.kind == "average":
        return Fraction(total, 12 * len(counted)) if counted else Fraction(0)
    return Fraction(total, 12)


def record_of(player: int, counted: Sequence[SessionEntry]) -> PlayerRecord:
    """``scoring.engine.standings.accumulate`` in integers (x12): the same
    record, without a Fraction per session."""
    places = [0, 0, 0, 0]
    for entry in counted:
        places[entry.rank - 1] += 1
    return PlayerRecord(
        player_id=player,
        table_points=Fraction(sum(e.tp12 for e in counted), 12),
        score=sum(e.score for e in counted),
        places=(places[0], places[1], places[2], places[3]),
        best_session=max((e.score for e in counted), default=None),
        sessions=len(counted),
    )


def _group(entries: Iterable[SessionEntry]) -> dict[int, list[SessionEntry]]:
    groups: dict[int, list[SessionEntry]] = {}
    for entry in entries:
        groups.setdefault(entry.player, []).append(entry)
    return groups


def league_standings(
    entries: Iterable[SessionEntry],
    rule: RankingRule,
    tiebreaks: Sequence[str] = (),
    *,
    players: Iterable[int] = (),
) -> list[LeagueRow]:
    """Every player best first; ``players`` adds players with no session yet.

    Raises ``EngineError`` for an unknown tie-break (``clean_tiebreaks``).
    """
    keys = [TIEBREAKS[name] for name in clean_tiebreaks(tiebreaks)]
    groups = _group(entries)
    for player in players:
        groups.setdefault(player, [])
    rows = []
    for player, played in groups.items():
        counted = counted_sessions(played, rule)
        record = record_of(player, counted)
        rows.append((player, rule_value(counted, rule), record, len(played)))

    def key(row: tuple[int, Fraction, PlayerRecord, int]) -> tuple[SortKey, ...]:
        return (row[1], *(k(row[2]) for k in keys))

    rows.sort(key=lambda row: row[0])
    rows.sort(key=key, reverse=True)
    ranked = [row for row in rows if row[3] >= max(rule.min_sessions, 1)]
    unranked = [row for row in rows if row[3] < max(rule.min_sessions, 1)]
    result: list[LeagueRow] = []
    for position, row in enumerate(ranked):
        previous = result[-1] if result else None
        same = previous is not None and key(ranked[position - 1]) == key(row)
        rank = previous.rank if same and previous else position + 1
        result.append(LeagueRow(rank, False, row[0], row[1], row[2], row[3]))
    counts: dict[int | None, int] = {}
    for line in result:
        counts[line.rank] = counts.get(line.rank, 0) + 1
    result = [
        LeagueRow(r.rank, counts[r.rank] > 1, r.player, r.value, r.record, r.sessions)
        for r in result
    ]
    result += [
        LeagueRow(None, False, row[0], row[1], row[2], row[3]) for row in unranked
    ]
    return result


def season_progress(
    entries: Iterable[SessionEntry],
    rule: RankingRule,
    events: Sequence[int],
    players: Sequence[int],
) -> dict[int, list[Fraction]]:
    """Each of ``players``' rule value after each event of ``events`` (in
    season order): the data of the leaders' chart."""
    position = {event: index for index, event in enumerate(events)}
    groups = _group(e for e in entries if e.player in set(players))
    progress: dict[int, list[Fraction]] = {}
    for player in players:
        played = [e for e in groups.get(player, []) if e.event in position]
        line = []
        for index in range(len(events)):
            so_far = [e for e in played if position[e.event] <= index]
            line.append(rule_value(counted_sessions(so_far, rule), rule))
        progress[player] = line
    return progress
