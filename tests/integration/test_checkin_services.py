"""Check-in on the day (issue 30): marks, counts, self check-in from its
opening time, and round 1 seated with the absentees confirmed away."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.messages import error_message
from tournaments.models import AuditEvent, Registration, Seat
from tournaments.selectors.checkin import checkin_counts, checkin_list
from tournaments.services import checkin, seating
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

TWELVE = [*EIGHT, "Ivo Jahn", "Jon Kurz", "Kim Lutz", "Lea Marx"]


@pytest.fixture
def event(organiser):
    tournament = organised(organiser, uses_checkin=True)
    return tournament, named_players(tournament, TWELVE)


def mark(tournament, registration, organiser, present=True):
    return checkin.set_present(
        tournament_id=tournament.pk,
        registration_id=registration.pk,
        present=present,
        actor=organiser,
    )


def test_counts_present_of_expected_without_the_withdrawn(event, organiser):
    tournament, players = event
    for registration in players[:5]:
        mark(tournament, registration, organiser)
    Registration.objects.filter(pk=players[11].pk).update(status="withdrawn")
    counts = checkin_counts(tournament)
    assert (counts.present, counts.expected) == (5, 11)


def test_a_second_tap_changes_nothing_and_undo_clears(event, organiser):
    tournament, players = event
    first = mark(tournament, players[0], organiser)
    again = mark(tournament, players[0], organiser)
    assert again.checked_in_at == first.checked_in_at
    assert AuditEvent.objects.filter(action="checkin.mark").count() == 1
    undone = mark(tournament, players[0], organiser, present=False)
    assert undone.checked_in_at is None
    assert checkin_counts(tournament).present == 0


def test_a_registration_of_another_event_is_refused(event, organiser):
    tournament, _ = event
    other = named_players(organised(organiser), ["Zoe Zed"])[0]
    with pytest.raises(ServiceError) as refused:
        mark(tournament, other, organiser)
    assert refused.value.code == "unknown_registration"


def test_search_by_name_or_club(event):
    tournament, _ = event
    assert [r.player.last_name for r in checkin_list(tournament, "dun")] == ["Dunn"]
    assert len(checkin_list(tournament, "")) == 12


def test_self_check_in_before_the_opening_time_is_refused(event):
    tournament, players = event
    opens = timezone.now() + timedelta(hours=1)
    tournament.self_checkin_opens_at = opens
    tournament.save()
    with pytest.raises(ServiceError) as refused:
        checkin.self_check_in(
            tournament_id=tournament.pk, registration_id=players[0].pk
        )
    assert refused.value.code == "self_checkin_not_open"
    assert error_message(refused.value) == (
        f"Self check-in opens at {timezone.localtime(opens):%H:%M}."
    )
    players[0].refresh_from_db()
    assert players[0].checked_in_at is None


def test_self_check_in_once_open(event):
    tournament, players = event
    tournament.self_checkin_opens_at = timezone.now() - timedelta(minutes=1)
    tournament.save()
    registration = checkin.self_check_in(
        tournament_id=tournament.pk, registration_id=players[0].pk
    )
    assert registration.checked_in_at is not None
    event_ = AuditEvent.objects.get(action="checkin.mark")
    assert event_.actor is None and event_.actor_label == "self check-in"


def test_self_check_in_unset_is_refused(event):
    tournament, players = event
    with pytest.raises(ServiceError) as refused:
        checkin.self_check_in(
            tournament_id=tournament.pk, registration_id=players[0].pk
        )
    assert refused.value.code == "self_checkin_not_used"


def test_a_withdrawn_player_is_sent_to_the_organisers(event):
    tournament, players = event
    tournament.self_checkin_opens_at = timezone.now() - timedelta(minutes=1)
    tournament.save()
    Registration.objects.filter(pk=players[0].pk).update(status="withdrawn")
    with pytest.raises(ServiceError) as refused:
        checkin.self_check_in(
            tournament_id=tournament.pk, registration_id=players[0].pk
        )
    assert refused.value.code == "checkin_withdrawn"


def test_round_one_refuses_absentees_until_confirmed(
    event, organiser, django_capture_on_commit_callbacks
):
    tournament, players = event
    for registration in players[:8]:
        mark(tournament, registration, organiser)
    round_one = tournament.rounds.get(number=1)
    with pytest.raises(ServiceError) as refused:
        seating.generate_seating(round_id=round_one.pk, actor=organiser, seed=3)
    assert refused.value.code == "absent_players"
    assert refused.value.params["count"] == 4
    assert "Ivo Jahn" in error_message(refused.value)
    assert not tournament.seating_plans.exists()
    with django_capture_on_commit_callbacks(execute=True):
        seating.generate_seating(
            round_id=round_one.pk, actor=organiser, seed=3, withdraw_absent=True
        )
    seated = set(
        Seat.objects.filter(round=round_one).values_list("registration_id", flat=True)
    )
    assert seated == {r.pk for r in players[:8]}
    withdrawn = Registration.objects.filter(tournament=tournament, status="withdrawn")
    assert set(withdrawn) == set(players[8:])
    assert AuditEvent.objects.filter(action="registration.status").count() == 4


def test_events_without_check_in_seat_everyone(
    organiser, django_capture_on_commit_callbacks
):
    tournament = organised(organiser)
    players = named_players(tournament, EIGHT)
    round_one = tournament.rounds.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        seating.generate_seating(round_id=round_one.pk, actor=organiser, seed=3)
    assert Seat.objects.filter(round=round_one).count() == 8
    assert not Registration.objects.filter(
        pk__in=[p.pk for p in players], status="withdrawn"
    ).exists()


def test_round_two_is_not_held_by_check_in(
    event, organiser, django_capture_on_commit_callbacks
):
    """Absentees matter before round 1 only: later rounds seat as before."""
    tournament, players = event
    seat_round(tournament, 1, [players[:4], players[4:8], players[8:]])
    round_two = tournament.rounds.get(number=2)
    with django_capture_on_commit_callbacks(execute=True):
        seating.generate_seating(round_id=round_two.pk, actor=organiser, seed=3)
    assert Seat.objects.filter(round=round_two).count() == 12


def test_withdrawals_are_undone_when_the_seating_is_refused(event, organiser):
    """Seven present: the seating refuses the count, and nobody stays
    withdrawn by a seating that did not start."""
    tournament, players = event
    for registration in players[:7]:
        mark(tournament, registration, organiser)
    round_one = tournament.rounds.get(number=1)
    with pytest.raises(ServiceError) as refused:
        seating.generate_seating(
            round_id=round_one.pk, actor=organiser, seed=3, withdraw_absent=True
        )
    assert refused.value.code == "player_count_not_multiple_of_four"
    assert not Registration.objects.filter(
        tournament=tournament, status="withdrawn"
    ).exists()
