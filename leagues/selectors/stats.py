"""A league's statistics: its figures over the season, and each player's.

A league is one season (its dates are the season's), so its figures are
those of every session at a closed table of its events (club nights and
tournaments) that the audience may see, computed by the pure
``scoring.engine.stats`` exactly as an event's are (``event_stats``), from
the sessions ``tournaments.selectors.stats.load_sessions`` reads (four
queries whatever the number of nights). A league may count events under
more than one rule set (a riichi tournament in an MCR club's season): its
figures come in one block per rule set, the league's own first, since a
figure of one rule set means nothing in another's.

Leaders are players with at least ``league_min_hands()`` hands in the
block (the setting ``LEAGUE_STATS_MIN_HANDS``, four MCR sessions unless
set). Substitutes play and have figures but lead
nothing, as they do not rank in the standings.

Cached by ``stats_version``: the closed tables read (every write at a
table bumps its version: a hand corrected or deleted at a closed table
means reopening it, so the key changes; a table closed adds to it) and the
league's audited changes (its events, its settings, merges). Not by every
score of the league's events, as the league page is: the figures count
closed tables only, so the hands typed at a night's open tables leave them
cached, and a 300-night season is computed once per table closed, not
once per hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, Max, Q, QuerySet, Sum
from django.utils.translation import get_language

from leagues.models import League, LeagueAuditEvent
from leagues.selectors.standings import PAGE_CACHE_SECONDS, list_events
from leagues.selectors.visibility import Audience
from scoring.engine.stats import EventStats, SessionRecord, event_stats
from tournaments.models import Player, Registration, Table, Tournament
from tournaments.selectors.stats import load_sessions

T = TypeVar("T")


def league_min_hands() -> int:
    """The hands a player needs to lead a league's figure
    (``LEAGUE_STATS_MIN_HANDS``)."""
    return int(settings.LEAGUE_STATS_MIN_HANDS)


@dataclass(frozen=True)
class RulesetBlock:
    """The league's figures under one rule set (``event``: as an event's)."""

    ruleset: str
    event: EventStats


@dataclass(frozen=True)
class EventName:
    """An event of the league as its figures name it (a hand's event)."""

    slug: str
    name: str
    day: date
    is_public: bool


@dataclass(frozen=True)
class LeagueStats:
    """``blocks``: the league's own rule set first; ``players`` and
    ``events`` name the figures' keys (player and tournament ids)."""

    league: League
    blocks: tuple[RulesetBlock, ...]
    players: dict[int, Player]
    events: dict[int, EventName]
    min_hands: int


def league_tournaments(league: League, audience: Audience) -> QuerySet[Tournament]:
    """The league's tournaments ``audience`` may see (a lazy subquery)."""
    return Tournament.objects.filter(
        audience.tournaments(), league_events__league=league
    )


def stats_version(league: League, audience: Audience) -> str:
    """A value that changes with any write at a closed table of the
    league's events ``audience`` may see, with the set of those tables (a
    table closed or reopened, an event added, removed or unpublished) and
    with any audited change of the league or merge of players. Two
    queries."""
    tables = Table.objects.filter(
        is_closed=True, round__tournament__in=league_tournaments(league, audience)
    ).aggregate(
        count=Count("id"), versions=Sum("version"), last=Max("id"), ids=Sum("id")
    )
    changes = LeagueAuditEvent.objects.filter(
        Q(league=league) | Q(league__isnull=True)
    ).aggregate(m=Max("pk"))["m"]
    parts = [league.pk, *tables.values(), changes]
    return "-".join(str(part or 0) for part in parts)


def split_by_ruleset(
    sessions: list[SessionRecord], first: str
) -> dict[str, list[SessionRecord]]:
    """The sessions by rule set code, ``first`` (the league's) first."""
    grouped: dict[str, list[SessionRecord]] = {}
    for session in sessions:
        grouped.setdefault(session.table.ruleset, []).append(session)
    order = sorted(grouped, key=lambda code: (code != first, code))
    return {code: grouped[code] for code in order}


def get_league_stats(
    league: League, *, audience: Audience, min_hands: int | None = None
) -> LeagueStats:
    """The league's figures over the events ``audience`` may see, without
    the cache (seven queries whatever the nights): see
    ``get_cached_league_stats``."""
    minimum = league_min_hands() if min_hands is None else min_hands
    events = list_events(league, audience=audience)
    tournaments = league_tournaments(league, audience)
    sessions = load_sessions(tournaments)
    ranked = set(
        Registration.objects.filter(tournament__in=tournaments)
        .exclude(status=Registration.Status.SUBSTITUTE)
        .values_list("player_id", flat=True)
    )
    players = Player.objects.select_related("club").in_bulk(
        {session.player for session in sessions}
    )
    blocks = tuple(
        RulesetBlock(code, event_stats(listed, min_hands=minimum, ranked=ranked))
        for code, listed in split_by_ruleset(sessions, league.ruleset).items()
    )
    return LeagueStats(
        league=league,
        blocks=blocks,
        players=players,
        events={
            event.tournament_id: EventName(
                slug=event.tournament.slug,
                name=event.tournament.name,
                day=event.day,
                is_public=event.tournament.is_public,
            )
            for event in events
        },
        min_hands=minimum,
    )


def get_cached_league_stats(
    league: League, *, audience: Audience, version: str | None = None
) -> LeagueStats:
    """``get_league_stats`` once per ``stats_version`` and audience (two
    queries when cached). ``version``: ``stats_version``, if read."""
    version = version or stats_version(league, audience)
    key = f"league-stats:{version}:{audience.key}:{league_min_hands()}"
    found = cache.get(key)
    if found is None:
        found = get_league_stats(league, audience=audience)
        cache.set(key, found, PAGE_CACHE_SECONDS)
    return found


def cached_league_view(
    name: str, league: League, audience: Audience, build: Callable[[str], T]
) -> T:
    """What a page or the API shows of the league's figures (``name``),
    built by ``build(version)`` once per data version, audience and
    language: its few rows read back faster than the whole figures."""
    version = stats_version(league, audience)
    key = f"league-stats-{name}:{version}:{audience.key}:{get_language()}"
    found = cache.get(key)
    if found is None:
        found = build(version)
        cache.set(key, found, PAGE_CACHE_SECONDS)
    return found
