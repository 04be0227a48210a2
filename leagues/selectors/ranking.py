"""The EMA ranking and the skill ratings of a league's players.

The EMA ranks per rule set from tournaments with a MERS weight; the league's
players are ranked with every such tournament of the league's rule set that
any of them played (in Muraille), with ``leagues.ema``'s defaults (the EMA's
values). Each tournament's final places come from its standings (two
queries a tournament: a page for the few weighted events, not for nights).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from leagues.ema import EmaResult, ema_ranking
from leagues.models import League, PlayerRating
from leagues.selectors.visibility import Audience
from tournaments.models import Player, Registration, Tournament
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
class EmaLine:
    position: int
    player: Player
    rating: Decimal
    results: int


def ema_results(tournament: Tournament) -> list[EmaResult]:
    """Each ranked player's final place in ``tournament`` as the EMA reads it."""
    rows = [row for row in get_standings(tournament).rows if row.sessions]
    day = tournament.end_date or tournament.start_date or tournament.created_at.date()
    weight = Fraction(str(tournament.mers_weight))
    return [
        EmaResult(
            player=row.registration.player_id,
            tournament=tournament.pk,
            date=day,
            place=row.rank,
            players=len(rows),
            weight=weight,
        )
        for row in rows
    ]


def get_league_ema_ranking(
    league: League, *, on: date, audience: Audience
) -> list[EmaLine]:
    """The league's players in the EMA's MERS ranking on the date ``on``,
    from the tournaments ``audience`` may see."""
    ids = league_player_ids(league, audience=audience)
    tournaments = Tournament.objects.filter(
        audience.tournaments(),
        ruleset=league.ruleset,
        mers_weight__isnull=False,
        mers_weight__gt=0,
        status=Tournament.Status.FINISHED,
        registrations__player_id__in=ids,
    ).distinct()
    results = [result for t in tournaments for result in ema_results(t)]
    ranked = [r for r in ema_ranking(results, on=on) if r.player in ids]
    players = Player.objects.select_related("club").in_bulk([r.player for r in ranked])
    return [
        EmaLine(position, players[int(r.player)], r.rating, r.results)
        for position, r in enumerate(ranked, start=1)
    ]


def list_league_ratings(league: League, *, audience: Audience) -> list[PlayerRating]:
    """The ratings of the players of the league's events ``audience`` may
    see, best ordinal first (two queries)."""
    ids = league_player_ids(league, audience=audience)
    return list(
        PlayerRating.objects.filter(player_id__in=ids)
        .select_related("player__club")
        .order_by("-ordinal", "player_id")
    )
