"""The Statistics section of a player's career page (issue 29).

One block per rule set the player has played (a career may mix MCR and
riichi: a figure of one means nothing in the other, and a figure a rule
set cannot know is absent, never 0), with the placements, the fans or
yaku, the best hand and the win and deal-in rates over time; then the
player's figures in each league they played in.

Everything comes from one read of the player's sessions
(``tournaments.selectors.stats.load_sessions``, four queries whatever the
career's length) and the pure ``scoring.engine.stats``; only the events the
audience may see are read (as the rest of the career page), and only the
leagues it may see are named. Cached by ``section_version`` (the closed
tables the player sat at: hands typed at an open table leave it cached),
the audience and the language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db.models import Max, Q
from django.utils.translation import get_language

from leagues.charts import LineChart, line_charts
from leagues.models import LeagueAuditEvent, LeagueEvent
from leagues.selectors.careers import CAREER_CACHE_SECONDS
from leagues.selectors.stats import EventName
from leagues.selectors.stats_pages import hand_row
from leagues.selectors.visibility import Audience
from scoring.engine.stats import (
    HandReader,
    PlayerStats,
    SessionRecord,
    player_stats,
    stats_by_ruleset,
)
from scoring.messages import ruleset_label
from tournaments.models import Player, Tournament
from tournaments.selectors.stats import load_sessions, player_stats_version
from tournaments.selectors.stats_pages import (
    PLAYER_ITEMS,
    figure_rows,
    item_rows,
    placement_chart,
)
from tournaments.selectors.stats_words import items_label, shown

#: Sessions per point of the rates over time: enough hands for a rate to
#: mean something (a club night's MCR session is 16 hands: 320 a point).
SESSIONS_PER_POINT = 20


@dataclass(frozen=True)
class RatePoint:
    """The rates over sessions ``first`` to ``last`` (in play order)."""

    first: int
    last: int
    since: date
    hands: int
    win_rate: str
    deal_in_rate: str


@dataclass(frozen=True)
class RatesChart:
    win: LineChart
    deal_in: LineChart
    points: tuple[RatePoint, ...]
    top: str  # the rate at the top of the chart


def section_version(player: Player, audience: Audience) -> str:
    """Changes with any write at a closed table the player sat at in an
    event ``audience`` may see, with the set of those tables, and with any
    audited change of a league (its name, whether it is public, its events)
    or merge of players. Two queries."""
    visible = Tournament.objects.filter(audience.tournaments())
    leagues = LeagueAuditEvent.objects.aggregate(m=Max("pk"))["m"]
    return f"{player_stats_version(player.pk, visible)}:{leagues or 0}"


def get_career_stats(player: Player, *, audience: Audience) -> dict[str, Any]:
    """The section's blocks (``rulesets``, ``leagues``), cached (see the
    module)."""
    version = section_version(player, audience)
    key = f"career-stats:{player.pk}:{version}:{audience.key}:{get_language()}"
    found = cache.get(key)
    if found is None:
        found = _section(player, audience)
        cache.set(key, found, CAREER_CACHE_SECONDS)
    return found


def _section(player: Player, audience: Audience) -> dict[str, Any]:
    visible = Tournament.objects.filter(audience.tournaments())
    sessions = load_sessions(visible, player_id=player.pk)
    if not sessions:
        return {"rulesets": [], "leagues": []}
    ids = {session.table.event for session in sessions}
    events = {
        pk: EventName(slug, name, start or created.date(), public)
        for pk, slug, name, start, created, public in Tournament.objects.filter(
            pk__in=ids
        ).values_list("pk", "slug", "name", "start_date", "created_at", "is_public")
    }
    sessions.sort(
        key=lambda s: (events[s.table.event].day, s.table.event, s.table.round_number)
    )
    reader = HandReader()
    names = {player.pk: player.name}
    return {
        "rulesets": [
            _block(stats, listed, reader, names, events)
            for stats, listed in _by_ruleset(sessions, reader)
        ],
        "leagues": _leagues(sessions, ids, audience, reader),
    }


def _by_ruleset(
    sessions: list[SessionRecord], reader: HandReader
) -> list[tuple[PlayerStats, list[SessionRecord]]]:
    """Each rule set's figures and sessions, the most played first."""
    grouped: dict[str, list[SessionRecord]] = {}
    for session in sessions:
        grouped.setdefault(session.table.ruleset, []).append(session)
    ordered = sorted(grouped.values(), key=lambda listed: -len(listed))
    return [(player_stats(listed, reader), listed) for listed in ordered]


def _block(
    stats: PlayerStats,
    sessions: list[SessionRecord],
    reader: HandReader,
    names: dict[Any, str],
    events: dict[Any, EventName],
) -> dict[str, Any]:
    best = stats.best_hand
    return {
        "ruleset": stats.ruleset,
        "ruleset_name": ruleset_label(stats.ruleset),
        "figures": figure_rows(stats.figures, stats.ruleset),
        "placements": placement_chart(stats),
        "items": item_rows(stats.items, PLAYER_ITEMS),
        "items_hands": stats.items_hands,
        "items_label": items_label(stats.ruleset),
        "best": hand_row(best, names, events) if best else None,
        "rates": rates_over_time(sessions, reader, events),
    }


def rates_over_time(
    sessions: Sequence[SessionRecord],
    reader: HandReader,
    events: dict[Any, EventName],
) -> RatesChart | None:
    """The win and deal-in rates of each run of ``SESSIONS_PER_POINT``
    sessions in play order (the last run may be shorter), each point with
    the hands it rests on; ``None`` below two points."""
    points, wins, deal_ins = [], [], []
    for start in range(0, len(sessions), SESSIONS_PER_POINT):
        run = list(sessions[start : start + SESSIONS_PER_POINT])
        figures = player_stats(run, reader).figures
        win = figures["win_rate"].value if "win_rate" in figures else None
        deal_in = figures["deal_in_rate"].value if "deal_in_rate" in figures else None
        wins.append(Fraction(win or 0))
        deal_ins.append(Fraction(deal_in or 0))
        points.append(
            RatePoint(
                first=start + 1,
                last=start + len(run),
                since=events[run[0].table.event].day,
                hands=int(figures["hands"].value or 0),
                win_rate=shown("win_rate", win),
                deal_in_rate=shown("deal_in_rate", deal_in),
            )
        )
    if len(points) < 2:
        return None
    win_chart, deal_in_chart = line_charts([wins, deal_ins], height=140)
    top = shown("win_rate", win_chart.high)
    return RatesChart(win_chart, deal_in_chart, tuple(points), top)


def _leagues(
    sessions: list[SessionRecord],
    ids: set[Any],
    audience: Audience,
    reader: HandReader,
) -> list[dict[str, Any]]:
    """The player's figures in each league the audience may see (one
    query), the latest season first."""
    links = LeagueEvent.objects.filter(tournament_id__in=ids)
    if not audience.everything:
        visible = Q(league__is_public=True)
        if audience.organiser_id is not None:
            visible |= Q(league__organisers=audience.organiser_id)
        links = links.filter(visible)
    leagues: dict[int, dict[str, Any]] = {}
    for league, name, slug, tournament in links.values_list(
        "league_id", "league__name", "league__slug", "tournament_id"
    ).distinct():
        entry = leagues.setdefault(
            league, {"name": name, "slug": slug, "events": set()}
        )
        entry["events"].add(tournament)
    found = []
    for entry in leagues.values():
        played = [s for s in sessions if s.table.event in entry["events"]]
        by_code = stats_by_ruleset(played, reader)
        found.append(
            {
                "name": entry["name"],
                "slug": entry["slug"],
                "last": played[-1].table.event,
                "sessions": len(played),
                "rulesets": [
                    {
                        "ruleset": code,
                        "ruleset_name": ruleset_label(code),
                        "figures": figure_rows(stats.figures, code),
                    }
                    for code, stats in by_code.items()
                ],
            }
        )
    order = {s.table.event: index for index, s in enumerate(sessions)}
    found.sort(key=lambda entry: -order[entry.pop("last")])
    return found
