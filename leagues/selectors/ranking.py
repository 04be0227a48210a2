"""The EMA ranking and the skill ratings of a league's players.

The EMA ranks per rule set from tournaments with a MERS weight; the league's
players are ranked with every such tournament of the league's rule set that
any of them played (in Muraille), with ``leagues.ema``'s defaults (the EMA's
values). Every tournament's final places are read at once
(``leagues.selectors.ema_results``: a few queries whatever the number of
tournaments), and the ranking is cached by the data version it reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Count, Max, Q

from leagues.ema import EmaResult, ema_ranking
from leagues.models import League, LeagueAuditEvent, PlayerRating
from leagues.selectors.ema_results import list_ema_results, tournament_day
from leagues.selectors.visibility import Audience
from tournaments.models import AuditEvent, Player, Registration, Tournament
from tournaments.selectors.standings import get_standings


def league_player_ids(league: League, *, audience: Audience) -> set[int]:
    """Everyone registered in one of the league's events that ``audience``
    may see (one query)."""
    return set(
        Registration.objects.filter(
            audience.tournaments("tournament"), tournament__league_events__league=league
        )
        .values_list("player_id", flat=True)
        .distinct()
    )


@dataclass(frozen=True)
class EmaPlayer:
    """What the EMA page and API show of a player (small to cache)."""

    pk: int
    name: str
    ema_number: str


@dataclass(frozen=True)
class EmaLine:
    position: int
    player: EmaPlayer
    rating: Decimal
    results: int


EMA_CACHE_SECONDS = 3600
"""The ranking is keyed by its data version, so it is never stale on
scores; the timeout only bounds unaudited changes (a renamed player)."""


def ema_results(tournament: Tournament) -> list[EmaResult]:
    """Each ranked player's final place in ``tournament`` from its standings
    (two queries): the reference ``list_ema_results`` is tested against."""
    rows = [row for row in get_standings(tournament).rows if row.sessions]
    weight = Fraction(str(tournament.mers_weight))
    return [
        EmaResult(
            player=row.registration.player_id,
            tournament=tournament.pk,
            date=tournament_day(tournament),
            place=row.rank,
            players=len(rows),
            weight=weight,
        )
        for row in rows
    ]


def weighted_tournaments(league: League, *, audience: Audience):
    """The finished tournaments of the league's rule set with a MERS weight
    that ``audience`` may see (a queryset)."""
    return Tournament.objects.filter(
        audience.tournaments(),
        ruleset=league.ruleset,
        mers_weight__isnull=False,
        mers_weight__gt=0,
        status=Tournament.Status.FINISHED,
    )


def ema_version(league: League, *, audience: Audience) -> str:
    """Changes whenever the ranking's inputs may: a score, a registration,
    a tournament finished or weighted (all audited in the tournaments of the
    rule set), a tournament gone (the count), the league's events or merges
    (its audit trail). Three aggregate queries."""
    scores = AuditEvent.objects.filter(tournament__ruleset=league.ruleset).aggregate(
        m=Max("pk")
    )["m"]
    weighted = weighted_tournaments(league, audience=audience).aggregate(
        n=Count("pk"), m=Max("pk")
    )
    league_changes = LeagueAuditEvent.objects.filter(
        Q(league=league) | Q(league__isnull=True)
    ).aggregate(m=Max("pk"))["m"]
    return (
        f"{league.pk}:{scores or 0}:{weighted['n']}:{weighted['m'] or 0}:"
        f"{league_changes or 0}"
    )


def compute_league_ema_ranking(
    league: League, *, on: date, audience: Audience
) -> list[EmaLine]:
    """The ranking, computed (five queries whatever the number of
    tournaments): the league's players, their weighted tournaments, those
    tournaments' registrations and sessions, the ranked players."""
    ids = league_player_ids(league, audience=audience)
    tournaments = list(
        weighted_tournaments(league, audience=audience).filter(
            pk__in=Registration.objects.filter(player_id__in=ids).values(
                "tournament_id"
            )
        )
    )
    results = list_ema_results(tournaments)
    ranked = [r for r in ema_ranking(results, on=on) if r.player in ids]
    players = {
        pk: EmaPlayer(pk, f"{first} {last}".strip(), ema_number)
        for pk, first, last, ema_number in Player.objects.filter(
            pk__in=[r.player for r in ranked]
        ).values_list("pk", "first_name", "last_name", "ema_number")
    }
    return [
        EmaLine(position, players[int(r.player)], r.rating, r.results)
        for position, r in enumerate(ranked, start=1)
    ]


def get_league_ema_ranking(
    league: League, *, on: date, audience: Audience
) -> list[EmaLine]:
    """The league's players in the EMA's MERS ranking on the date ``on``,
    from the tournaments ``audience`` may see; cached by data version, date
    and audience (four queries when warm)."""
    version = ema_version(league, audience=audience)
    key = f"league-ema:{version}:{on.isoformat()}:{audience.key}"
    lines = cache.get(key)
    if lines is None:
        lines = compute_league_ema_ranking(league, on=on, audience=audience)
        cache.set(key, lines, EMA_CACHE_SECONDS)
    return lines


def list_league_ratings(league: League, *, audience: Audience) -> list[PlayerRating]:
    """The ratings of the players of the league's events ``audience`` may
    see, best ordinal first (two queries)."""
    ids = league_player_ids(league, audience=audience)
    return list(
        PlayerRating.objects.filter(player_id__in=ids)
        .select_related("player__club")
        .order_by("-ordinal", "player_id")
    )
