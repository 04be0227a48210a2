"""A table's link works only while its round is open (issue 11, part 4).

A round is open once it is seated and every earlier round is finished; a
finished round is read-only. Services, tablet pages and the API all refuse.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory, player_ids, seated_table
from tests.integration.page_factories import hand_data
from tournaments.messages import error_message
from tournaments.models import Hand, Penalty, Round
from tournaments.services import hands as svc
from tournaments.services import penalties, seating
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db


def discard(table, fans: int = 8) -> dict:
    east, south, _, _ = player_ids(table)
    return {"kind": "discard", "winner": east, "discarder": south, "fan_total": fans}


def set_status(tournament, number: int, status: str) -> None:
    tournament.rounds.filter(number=number).update(status=status)


@pytest.fixture
def round_two_playing(organiser):
    """Round 1 finished, round 2 playing (one hand in), rounds 3 and 4 seated."""
    tournament = TournamentFactory()
    tournament.organisers.add(organiser)
    seated_table(tournament, round_number=1)
    set_status(tournament, 1, Round.Status.FINISHED)
    round_two = seated_table(tournament, round_number=2)
    svc.record_hand(table_id=round_two.pk, result=discard(round_two), actor=organiser)
    seated_table(tournament, round_number=3)
    round_four = seated_table(tournament, round_number=4)
    return tournament, round_two, round_four


def test_issue_case_round_four_link_refused_while_round_two_plays(
    organiser, round_two_playing, django_capture_on_commit_callbacks
):
    """The round-4 link refuses a hand; round 4 stays seated and can be
    seated again (its seating is not frozen)."""
    tournament, round_two, round_four = round_two_playing
    with pytest.raises(ServiceError) as refused:
        svc.record_hand(
            table_id=round_four.pk, result=discard(round_four), actor=organiser
        )
    assert refused.value.code == "round_not_started"
    assert error_message(refused.value) == (
        "Round 4 has not started yet: round 2 is still being played."
    )
    round_ = Round.objects.get(tournament=tournament, number=4)
    assert round_.status == Round.Status.SEATED
    assert not Hand.objects.filter(table=round_four).exists()
    with django_capture_on_commit_callbacks(execute=True):
        seating.generate_seating(round_id=round_.pk, actor=organiser, seed=7)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED
    assert not round_.tables.filter(pk=round_four.pk).exists()


def test_round_two_itself_keeps_playing(organiser, round_two_playing):
    _, round_two, _ = round_two_playing
    hand, created = svc.record_hand(
        table_id=round_two.pk, result=discard(round_two), actor=organiser
    )
    assert created and hand.number == 2


def test_next_round_opens_once_every_earlier_round_is_finished(organiser):
    tournament = TournamentFactory()
    set_status(tournament, 1, Round.Status.FINISHED)
    table = seated_table(tournament, round_number=2)
    hand, created = svc.record_hand(
        table_id=table.pk, result=discard(table), actor=organiser
    )
    assert created
    assert Round.objects.get(pk=table.round_id).status == Round.Status.PLAYING


def test_a_seated_round_waits_for_an_earlier_round_not_yet_started(organiser):
    """Round 1 seated (not started): round 2's link waits for it."""
    tournament = TournamentFactory()
    seated_table(tournament, round_number=1)
    table = seated_table(tournament, round_number=2)
    with pytest.raises(ServiceError) as refused:
        svc.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    assert refused.value.params == {"round": 2, "current": 1}


def test_a_playing_round_stays_open_when_an_earlier_round_is_reopened(organiser):
    """Reopening round 1 for a late correction does not stop round 2's tables."""
    tournament = TournamentFactory()
    set_status(tournament, 1, Round.Status.FINISHED)
    table = seated_table(tournament, round_number=2)
    svc.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    set_status(tournament, 1, Round.Status.PLAYING)
    hand, created = svc.record_hand(
        table_id=table.pk, result=discard(table), actor=organiser
    )
    assert created


@pytest.fixture
def future_table_with_a_hand(organiser):
    """A round-2 table holding a hand while round 1 is (again) being played."""
    tournament = TournamentFactory()
    tournament.organisers.add(organiser)
    set_status(tournament, 1, Round.Status.FINISHED)
    table = seated_table(tournament, round_number=2)
    hand, _ = svc.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    penalty, _ = penalties.add_penalty(
        table_id=table.pk, player_id=player_ids(table)[0], kind="false_hu", actor=None
    )
    set_status(tournament, 1, Round.Status.PLAYING)
    set_status(tournament, 2, Round.Status.SEATED)
    return table, hand, penalty


def every_write(table, hand, penalty, organiser):
    """Every table write, each as a call that the services may refuse."""
    first = player_ids(table)[0]
    return {
        "record": lambda: svc.record_hand(
            table_id=table.pk, result=discard(table), actor=organiser
        ),
        "correct": lambda: svc.correct_hand(
            hand_id=hand.pk,
            expected_version=hand.version,
            result=discard(table, 10),
            actor=organiser,
        ),
        "delete": lambda: svc.delete_hand(
            hand_id=hand.pk, expected_version=hand.version, actor=organiser
        ),
        "penalty": lambda: penalties.add_penalty(
            table_id=table.pk, player_id=first, kind="false_hu", actor=organiser
        ),
        "remove_penalty": lambda: penalties.remove_penalty(
            penalty_id=penalty.pk, actor=organiser
        ),
        "close": lambda: svc.close_table(
            table_id=table.pk, time_called=True, actor=organiser
        ),
    }


@pytest.mark.parametrize(
    "write", ["record", "correct", "delete", "penalty", "remove_penalty", "close"]
)
def test_every_write_is_refused_before_the_round_starts(
    organiser, future_table_with_a_hand, write
):
    table, hand, penalty = future_table_with_a_hand
    with pytest.raises(ServiceError) as refused:
        every_write(table, hand, penalty, organiser)[write]()
    assert refused.value.code == "round_not_started"
    assert Hand.objects.get(pk=hand.pk).result["fan_total"] == 8
    assert Penalty.objects.filter(pk=penalty.pk).exists()


@pytest.mark.parametrize(
    "write", ["record", "correct", "delete", "penalty", "remove_penalty", "close"]
)
def test_every_write_is_refused_once_the_round_is_finished(
    organiser, future_table_with_a_hand, write
):
    table, hand, penalty = future_table_with_a_hand
    set_status(table.round.tournament, 1, Round.Status.FINISHED)
    set_status(table.round.tournament, 2, Round.Status.FINISHED)
    with pytest.raises(ServiceError) as refused:
        every_write(table, hand, penalty, organiser)[write]()
    assert refused.value.code == "round_finished"
    assert error_message(refused.value) == (
        "Round 2 is finished: this sheet is read-only."
    )
    assert Hand.objects.filter(table=table).count() == 1


def test_api_refuses_a_hand_before_the_round_starts(api, round_two_playing):
    """The API goes through the same service: 400 with the translated text."""
    _, _, round_four = round_two_playing
    response = api.post(
        f"/api/tables/{round_four.pk}/hands/", discard(round_four), format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"] == "round_not_started"
    assert response.json()["detail"] == (
        "Round 4 has not started yet: round 2 is still being played."
    )
    assert Round.objects.get(pk=round_four.round_id).status == Round.Status.SEATED


def test_api_refuses_a_correction_in_a_finished_round(
    api, organiser, future_table_with_a_hand
):
    table, hand, _ = future_table_with_a_hand
    table.round.tournament.organisers.add(organiser)
    set_status(table.round.tournament, 2, Round.Status.FINISHED)
    response = api.patch(
        f"/api/hands/{hand.pk}/",
        {"version": hand.version, "result": discard(table, 10)},
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["error"] == "round_finished"
    assert Hand.objects.get(pk=hand.pk).result["fan_total"] == 8


def tablet(name: str, table, **kwargs) -> str:
    return reverse(f"referee:{name}", kwargs={"token": table.token, **kwargs})


def test_tablet_of_a_later_round_says_not_started_and_has_no_form(
    client, round_two_playing
):
    """The round-4 link: a notice, no entry form; a posted hand is refused."""
    _, _, round_four = round_two_playing
    page = client.get(tablet("table", round_four)).content.decode()
    assert "Round 4 has not started yet: round 2 is still being played." in page
    assert "hand-form" not in page
    assert "<form" not in page.split('id="sheet"')[1]
    east, south, _, _ = player_ids(round_four)
    response = client.post(
        tablet("hand-create", round_four),
        hand_data("discard", east, south, fan_total=8),
    )
    assert response.status_code == 400
    assert "Round 4 has not started yet" in response.content.decode()
    assert not Hand.objects.filter(table=round_four).exists()
    assert Round.objects.get(pk=round_four.round_id).status == Round.Status.SEATED


def test_tablet_of_a_finished_round_is_read_only(client, future_table_with_a_hand):
    """Hands and penalties are listed, with no form and no button."""
    table, hand, _ = future_table_with_a_hand
    set_status(table.round.tournament, 1, Round.Status.FINISHED)
    set_status(table.round.tournament, 2, Round.Status.FINISHED)
    page = client.get(tablet("table", table)).content.decode()
    sheet = page.split('id="sheet"')[1]
    assert "Round 2 is finished: this sheet is read-only." in sheet
    assert "<form" not in sheet
    assert "<button" not in sheet
    assert tablet("hand-correct", table, pk=hand.pk) not in sheet
    assert "False Hu" in sheet
    correct = client.get(tablet("hand-correct", table, pk=hand.pk)).content.decode()
    assert "<form" not in correct.split('id="sheet"')[1]


def test_tablet_of_an_open_round_keeps_its_forms(client, round_two_playing):
    _, round_two, _ = round_two_playing
    page = client.get(tablet("table", round_two)).content.decode()
    assert "hand-form" in page
    assert "has not started yet" not in page
