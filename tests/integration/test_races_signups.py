"""Sign-ups for the last places at once (PostgreSQL): the tournament row
lock counts them one after the other, never over capacity."""

from __future__ import annotations

from tests.integration.race_helpers import (
    RACE_MARKS,
    assert_only_named_errors,
    postgres_only,  # noqa: F401 - fixture
    race,
)
from tests.integration.signups.helpers import open_registration, sign_up
from tournaments.models import Signup
from tournaments.services import signups

pytestmark = RACE_MARKS


def test_two_signups_for_the_last_place_one_gets_it_one_waits(tournament, organiser):
    open_registration(tournament, organiser, capacity=2)
    sign_up(tournament, "Ann First")
    outcomes = race(
        one=lambda: sign_up(tournament, "Bob Racer"),
        two=lambda: sign_up(tournament, "Cy Racer"),
    )
    assert_only_named_errors(outcomes, {})
    by_status = sorted(
        tournament.signups.exclude(last_name="First").values_list("status", flat=True)
    )
    assert by_status == ["pending", "waiting"]


def test_many_signups_at_once_never_exceed_capacity(tournament, organiser):
    open_registration(tournament, organiser, capacity=3)
    outcomes = race(
        **{f"n{n}": lambda n=n: sign_up(tournament, f"P Racer{n}") for n in range(8)}
    )
    assert_only_named_errors(outcomes, {})
    holding = tournament.signups.filter(status__in=Signup.HOLDS_A_PLACE).count()
    assert (holding, tournament.signups.count()) == (3, 8)


def test_cancellations_at_once_promote_each_waiting_once(tournament, organiser):
    open_registration(tournament, organiser, capacity=2)
    holders = [sign_up(tournament, f"Holder N{n}") for n in range(2)]
    for n in range(3):
        sign_up(tournament, f"Waiting N{n}")
    outcomes = race(
        **{
            f"cancel_{n}": lambda s=s: signups.cancel_signup(token=s.token)
            for n, s in enumerate(holders)
        }
    )
    assert_only_named_errors(outcomes, {})
    waiting = tournament.signups.filter(first_name="Waiting")
    # The first two of the waiting list, in order of arrival, hold the places.
    assert list(waiting.values_list("last_name", "status")) == [
        ("N0", "pending"),
        ("N1", "pending"),
        ("N2", "waiting"),
    ]
    assert tournament.signups.filter(status="pending").count() == 2
