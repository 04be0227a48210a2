"""League standings and per-event results, in a constant number of queries.

Three queries whatever the season's size: the league's events, the session
results of their closed tables (as value tuples, no model instances), and
the players who appear. The ranking itself is ``leagues.season`` (pure).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.core.cache import cache
from django.db.models import F, Max, Q
from django.utils.translation import get_language

from leagues.models import League, LeagueAuditEvent, LeagueEvent
from leagues.season import (
    LeagueRow,
    RankingRule,
    SessionEntry,
    league_standings,
    season_progress,
)
from leagues.selectors.visibility import Audience
from tournaments.models import AuditEvent, Player, Registration, SeatResult


@dataclass(frozen=True)
class LeagueStandingRow:
    rank: int | None
    shared: bool
    player: Player
    value: Fraction
    table_points: Fraction
    score: int
    sessions: int
    counted: int
    places: tuple[int, int, int, int]


@dataclass(frozen=True)
class EventSummary:
    event: LeagueEvent
    players: int
    sessions: int
    tables: int
    leader: Player | None
    leader_points: Fraction | None


@dataclass(frozen=True)
class LeagueStandings:
    league: League
    rule: RankingRule
    rows: list[LeagueStandingRow]
    events: list[EventSummary]
    entries: list[SessionEntry]
    players: dict[int, Player]


def list_public_leagues() -> list[League]:
    """The public leagues, the latest season first (undated ones last)."""
    leagues = League.objects.filter(is_public=True)
    return list(leagues.order_by(F("season_start").desc(nulls_last=True), "name"))


def rule_of(league: League) -> RankingRule:
    return RankingRule(
        kind=league.ranking_rule,
        min_sessions=league.min_sessions,
        best=league.best_sessions,
    )


def list_events(league: League, *, audience: Audience) -> list[LeagueEvent]:
    """The league's events ``audience`` may see, in season order (one
    query): every standing, workbook and chart of a league reads these."""
    return list(
        league.events.filter(audience.tournaments("tournament"))
        .select_related("tournament")
        .order_by("day", "pk"),
    )


def list_entries(events: list[LeagueEvent]) -> list[SessionEntry]:
    """Every ranked session of closed tables in ``events`` (one query)."""
    days = {event.tournament_id: (event.day, event.pk) for event in events}
    rows = (
        SeatResult.objects.filter(
            round__tournament_id__in=days.keys(), seat__table__is_closed=True
        )
        .exclude(registration__status=Registration.Status.SUBSTITUTE)
        .values_list(
            "registration__player_id",
            "round__tournament_id",
            "round__number",
            "seat__table__number",
            "score",
            "rank",
            "table_points_x12",
        )
    )
    return [
        SessionEntry(
            player,
            days[tournament][1],
            days[tournament][0],
            number,
            table,
            score,
            rank,
            tp12,
        )
        for player, tournament, number, table, score, rank, tp12 in rows
    ]


def _row(line: LeagueRow, players: dict[int, Player]) -> LeagueStandingRow:
    return LeagueStandingRow(
        rank=line.rank,
        shared=line.shared,
        player=players[line.player],
        value=line.value,
        table_points=line.record.table_points,
        score=line.record.score,
        sessions=line.sessions,
        counted=line.record.sessions,
        places=line.record.places,
    )


def summarise_events(
    events: list[LeagueEvent], entries: list[SessionEntry], players: dict[int, Player]
) -> list[EventSummary]:
    """Each event's players, sessions, tables and leader (most table points)."""
    by_event: dict[int, list[SessionEntry]] = defaultdict(list)
    for entry in entries:
        by_event[entry.event].append(entry)
    summaries = []
    for event in events:
        played = by_event.get(event.pk, [])
        totals: dict[int, int] = defaultdict(int)
        for entry in played:
            totals[entry.player] += entry.tp12
        leader = min(totals, key=lambda p: (-totals[p], p)) if totals else None
        summaries.append(
            EventSummary(
                event=event,
                players=len(totals),
                sessions=len(played),
                tables=len({(e.round, e.table) for e in played}),
                leader=players.get(leader) if leader is not None else None,
                leader_points=(
                    Fraction(totals[leader], 12) if leader is not None else None
                ),
            )
        )
    return summaries


def get_league_standings(league: League, *, audience: Audience) -> LeagueStandings:
    """The league's ranking under its rule, and its events (three queries),
    from the events ``audience`` may see."""
    rule = rule_of(league)
    events = list_events(league, audience=audience)
    entries = list_entries(events)
    ids = {entry.player for entry in entries}
    players = Player.objects.select_related("club").in_bulk(ids)
    lines = league_standings(entries, rule, league.tiebreaks or ())
    return LeagueStandings(
        league=league,
        rule=rule,
        rows=[_row(line, players) for line in lines],
        events=summarise_events(events, entries, players),
        entries=entries,
        players=players,
    )


@dataclass(frozen=True)
class LeaguePage:
    """What the public page shows: the rows and the events' summaries."""

    rows: list[LeagueStandingRow]
    events: list[EventSummary]


PAGE_CACHE_SECONDS = 3600
"""A cached page is keyed by the league's data version, so it is never
stale on scores; the timeout only bounds unaudited changes (a renamed
player)."""


def league_version(league: League) -> str:
    """Changes whenever a score of the league's events, its settings, its
    events or its players' merges change: every one of them is audited (two
    queries on indexed columns)."""
    scores = AuditEvent.objects.filter(
        tournament__league_events__league=league
    ).aggregate(m=Max("pk"))["m"]
    league_changes = LeagueAuditEvent.objects.filter(
        Q(league=league) | Q(league__isnull=True)
    ).aggregate(m=Max("pk"))["m"]
    return f"{league.pk}:{scores or 0}:{league_changes or 0}"


def get_league_page(league: League, *, audience: Audience) -> LeaguePage:
    """The league's standings and events for its page, cached by version
    and audience: a season of 40,000 sessions is read and ranked once per
    change."""
    key = f"league-page:{league_version(league)}:{audience.key}:{get_language()}"
    page = cache.get(key)
    if page is None:
        standings = get_league_standings(league, audience=audience)
        page = LeaguePage(rows=standings.rows, events=standings.events)
        cache.set(key, page, PAGE_CACHE_SECONDS)
    return page


def leaders_progress(
    standings: LeagueStandings, count: int = 5
) -> tuple[list[LeagueEvent], dict[Player, list[Fraction]]]:
    """The leaders' rule value after each event: the season chart's data."""
    events = [summary.event for summary in standings.events]
    leaders = [row.player for row in standings.rows[:count]]
    progress = season_progress(
        standings.entries,
        standings.rule,
        [event.pk for event in events],
        [player.pk for player in leaders],
    )
    return events, {player: progress[player.pk] for player in leaders}
