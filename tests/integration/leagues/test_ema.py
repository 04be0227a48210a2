"""The EMA ranking of a league's players, from the weighted tournaments they
finished in Muraille (figures worked by hand from docs/ema-ranking.md)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from leagues.selectors.ranking import get_league_ema_ranking
from leagues.selectors.visibility import EVERYTHING
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.services import setup

pytestmark = pytest.mark.django_db

T1 = "Ann A, Bob B, Cy C, Dee D"


def weighted_night(league, organiser, day):
    event = night(league, organiser, day, [T1])
    play(tables_of(event)[0], winner=0, discarder=1)
    tournament = event.tournament
    setup.update_tournament(
        tournament_id=tournament.pk, actor=organiser, mers_weight=Decimal("1")
    )
    setup.finish_round(round_id=tournament.rounds.get().pk, actor=organiser)
    return event


def test_league_players_in_the_mers_ranking(organiser):
    """Twice the same table: Ann 1st (base rank 1000), Cy and Dee share 2nd
    (666.67), Bob 4th (0). With 5 results at least (3 dummies at 0): Ann
    A = 2000/5 = 400, B (best 4) = 2000/4 = 500, rating 450; Cy A = 266.67,
    B = 333.33, rating 300."""
    league = make_league(organiser, is_public=True)
    weighted_night(league, organiser, date(2026, 1, 8))
    weighted_night(league, organiser, date(2026, 1, 15))
    # A night without a MERS weight does not count.
    other = night(league, organiser, date(2026, 1, 22), [T1])
    play(tables_of(other)[0], winner=1, discarder=0)
    ranking = get_league_ema_ranking(league, on=date(2026, 2, 1), audience=EVERYTHING)
    assert [(line.player.name, line.rating, line.results) for line in ranking] == [
        ("Ann A", Decimal("450.00"), 2),
        ("Cy C", Decimal("300.00"), 2),
        ("Dee D", Decimal("300.00"), 2),
        ("Bob B", Decimal("0.00"), 2),
    ]
