"""Round 1's door against a registrant's cancellation at the same moment
(PostgreSQL): the tournament row lock takes them one after the other, so
nobody is let in twice and the event is never over capacity."""

from __future__ import annotations

from tests.integration.door_helpers import at_the_door
from tests.integration.race_helpers import (
    RACE_MARKS,
    assert_only_named_errors,
    postgres_only,  # noqa: F401 - fixture
    race,
)
from tournaments.models import Signup
from tournaments.services import seating, signups
from tournaments.services.checkin import Admission

pytestmark = RACE_MARKS


def test_the_door_and_a_cancellation_at_once(organiser):
    door = at_the_door(organiser)
    ivo, jon, _ = door.waiting
    present = door.registered[0].signup
    round_one = door.tournament.rounds.get(number=1)
    outcomes = race(
        door=lambda: seating.generate_seating(
            round_id=round_one.pk,
            actor=organiser,
            seed=1,
            withdraw_absent=True,
            admit_waiting=[Admission(ivo.pk), Admission(jon.pk)],
        ),
        cancel=lambda: signups.cancel_signup(token=present.token),
    )
    # The cancellation first promotes Ivo: he is no longer the door's. The
    # door first, then the cancellation before its seating job (run on commit,
    # eager here): the job finds seven players and says so.
    assert_only_named_errors(
        outcomes,
        {"door": {"not_on_waiting_list", "player_count_not_multiple_of_four"}},
    )
    holding = door.tournament.signups.filter(status__in=Signup.HOLDS_A_PLACE)
    assert holding.count() <= 8
    admitted = Signup.objects.filter(
        pk__in=[ivo.pk, jon.pk], registration__isnull=False
    ).count()
    if outcomes["door"].code == "not_on_waiting_list":
        assert admitted == 0
        assert Signup.objects.get(pk=ivo.pk).status == "pending"
    else:
        assert admitted == 2
