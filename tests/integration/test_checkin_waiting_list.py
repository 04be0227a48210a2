"""The waiting list at the door of round 1 (issue 30): the organiser sees
who is absent and who came from the waiting list, and confirms in one step
that the absentees are withdrawn and the chosen ones registered, checked in
and seated; a choice that leaves an impossible count changes nothing."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.integration.door_helpers import at_the_door
from tests.integration.round_helpers import named_players, organised
from tournaments.messages import error_message
from tournaments.models import (
    AuditEvent,
    Player,
    Registration,
    Seat,
    Signup,
    SignupEmail,
)
from tournaments.services import seating
from tournaments.services.checkin import Admission
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def seat_round_one(door, organiser, admit, **options):
    round_one = door.tournament.rounds.get(number=1)
    return seating.generate_seating(
        round_id=round_one.pk,
        actor=organiser,
        seed=3,
        withdraw_absent=options.pop("withdraw_absent", True),
        admit_waiting=[Admission(s.pk) for s in admit],
        **options,
    )


def nothing_changed(door):
    """The refused step left every row as it was."""
    tournament = door.tournament
    assert not tournament.registrations.filter(status="withdrawn").exists()
    assert tournament.registrations.count() == 8
    assert [s.status for s in tournament.signups.order_by("pk")][-3:] == ["waiting"] * 3
    assert not AuditEvent.objects.filter(
        action__in=["checkin.admit", "signup.no_show", "registration.status"]
    ).exists()
    assert not tournament.seating_plans.exists()


def test_absentees_out_and_the_door_s_waiting_list_in_then_seated(
    organiser, django_capture_on_commit_callbacks
):
    door = at_the_door(organiser)
    mail.outbox.clear()
    absent = door.absent
    with django_capture_on_commit_callbacks(execute=True):
        round_one = seat_round_one(door, organiser, door.waiting[:2])
    first, second, third = (Signup.objects.get(pk=s.pk) for s in door.waiting)
    # Registered as a confirmed sign-up is, checked in, and seated.
    for signup in (first, second):
        assert signup.status == Signup.Status.CONFIRMED
        registration = signup.registration
        assert registration.status == Registration.Status.ACTIVE
        assert registration.checked_in_at is not None
        assert registration.player.name == signup.name
    assert third.status == Signup.Status.WAITING and third.registration is None
    seated = set(
        Seat.objects.filter(round=round_one).values_list("registration_id", flat=True)
    )
    present = {r.pk for r in door.registered if r.checked_in_at}
    assert seated == present | {first.registration_id, second.registration_id}
    # The absentees are withdrawn; their sign-ups hold no place any more.
    for registration in absent:
        registration.refresh_from_db()
        assert registration.status == Registration.Status.WITHDRAWN
        assert registration.signup.status == Signup.Status.CANCELLED
    # Never over capacity: the no-shows' places went to the door.
    holding = door.tournament.signups.filter(status__in=Signup.HOLDS_A_PLACE)
    assert holding.count() == 8
    # Audited, and each player let in is told once, nobody else.
    admits = AuditEvent.objects.filter(action="checkin.admit")
    assert sorted(admits.values_list("object_id", flat=True)) == sorted(
        [first.registration_id, second.registration_id]
    )
    assert all(event.actor == organiser for event in admits)
    assert AuditEvent.objects.filter(action="signup.no_show").count() == 2
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ivo@example.org",
        "jon@example.org",
    ]
    assert SignupEmail.objects.filter(signup=first, kind="confirmed").count() == 1


def test_a_choice_leaving_an_impossible_count_changes_nothing(organiser):
    """Six present and one from the waiting list: seven players. The error
    names the count and what to change, in the organiser's language."""
    door = at_the_door(organiser)
    with pytest.raises(ServiceError) as refused:
        seat_round_one(door, organiser, door.waiting[:1])
    error = refused.value
    assert error.code == "door_count_not_multiple_of_four"
    assert error.field == "admit_waiting"
    assert error.params == {
        "count": 7,
        "admitted": 1,
        "more": 1,
        "fewer": 3,
    }
    assert error_message(error) == (
        "With 1 player from the waiting list, 7 players would sit at round 1: "
        "not a multiple of four (1 more or 3 fewer would do). Change who comes "
        "in from the waiting list, or add substitutes."
    )
    nothing_changed(door)


def test_more_than_the_places_freed_is_refused(organiser):
    """Two absent free two places: three from the waiting list would put
    the event over its capacity."""
    door = at_the_door(organiser)
    with pytest.raises(ServiceError) as refused:
        seat_round_one(door, organiser, door.waiting)
    assert refused.value.code == "waiting_list_over_capacity"
    assert refused.value.params["free"] == 2
    assert "Only 2 places are free" in error_message(refused.value)
    nothing_changed(door)


def test_the_absentees_must_still_be_confirmed(organiser):
    """Letting players in does not withdraw the absentees unasked."""
    door = at_the_door(organiser)
    with pytest.raises(ServiceError) as refused:
        seat_round_one(door, organiser, door.waiting[:2], withdraw_absent=False)
    assert refused.value.code == "absent_players"
    nothing_changed(door)


def test_only_the_waiting_list_comes_in(organiser):
    """A sign-up holding a place, or another event's, is not the door's to
    let in: refused by name."""
    door = at_the_door(organiser)
    confirmed = door.registered[0].signup
    with pytest.raises(ServiceError) as refused:
        seat_round_one(door, organiser, [confirmed])
    assert refused.value.code == "not_on_waiting_list"
    assert error_message(refused.value) == (
        "Anna Bell is not on this event's waiting list."
    )
    other = at_the_door(organiser)
    with pytest.raises(ServiceError) as refused:
        seat_round_one(door, organiser, other.waiting[:2])
    assert refused.value.code == "not_on_waiting_list"
    nothing_changed(door)


def test_a_known_look_alike_is_asked_about_first(organiser):
    """As when a sign-up is confirmed: a known player who may be the
    registrant is never merged alone; once answered, that player comes in."""
    known = Player.objects.create(first_name="Ivo", last_name="Jahn")
    door = at_the_door(organiser)
    ivo, jon = door.waiting[:2]
    assert Signup.objects.get(pk=ivo.pk).likely_player == known
    round_one = door.tournament.rounds.get(number=1)
    with pytest.raises(ServiceError) as refused:
        seating.generate_seating(
            round_id=round_one.pk,
            actor=organiser,
            withdraw_absent=True,
            admit_waiting=[Admission(ivo.pk), Admission(jon.pk)],
        )
    assert refused.value.code == "door_same_player_unanswered"
    assert error_message(refused.value) == (
        "Ivo Jahn may be the known player Ivo Jahn: say whether it is the same person."
    )
    nothing_changed(door)
    seating.generate_seating(
        round_id=round_one.pk,
        actor=organiser,
        withdraw_absent=True,
        admit_waiting=[Admission(ivo.pk, same_player=True), Admission(jon.pk)],
    )
    assert Signup.objects.get(pk=ivo.pk).registration.player == known


def test_not_at_the_door_of_round_one(organiser):
    """Round 2, or an event without check-in: nobody comes in this way."""
    door = at_the_door(organiser)
    round_two = door.tournament.rounds.get(number=2)
    with pytest.raises(ServiceError) as refused:
        seating.generate_seating(
            round_id=round_two.pk,
            actor=organiser,
            admit_waiting=[Admission(door.waiting[0].pk)],
        )
    assert refused.value.code == "waiting_list_round_one_only"
    plain = organised(organiser)
    named_players(plain, ["Zoe Zed", "Yan Yu", "Xia Xu", "Wim Wu"])
    with pytest.raises(ServiceError) as refused:
        seating.generate_seating(
            round_id=plain.rounds.get(number=1).pk,
            actor=organiser,
            admit_waiting=[Admission(door.waiting[0].pk)],
        )
    assert refused.value.code == "waiting_list_round_one_only"
