"""Players confirm their table's scores (issue 30): four confirmations, a
dispute shown to the organiser, a correction that asks the players again."""

from __future__ import annotations

import pytest

from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import AuditEvent, TableConfirmation
from tournaments.selectors.confirmations import seat_answers, tables_not_confirmed
from tournaments.services import confirmations, hands
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(organiser):
    """Round 1 of a confirming event: table 1 has one hand and is closed."""
    tournament = organised(organiser, players_confirm_tables=True)
    players = named_players(tournament, EIGHT)
    tables = seat_round(tournament, 1, [players[:4], players[4:]])
    east, south = players[0].player_id, players[1].player_id
    result = {"kind": "discard", "winner": east, "discarder": south}
    hand, _ = hands.record_hand(
        table_id=tables[0].pk,
        result={**result, "fan_total": 8, "flowers": 0},
        actor=organiser,
    )
    hands.close_table(table_id=tables[0].pk, actor=organiser, time_called=True)
    return tournament, players, tables, hand


def answer(table, registration, organiser, kind="confirm"):
    return confirmations.answer_table(
        table_id=table.pk, registration_id=registration.pk, kind=kind, actor=organiser
    )


def test_four_players_confirm_and_the_table_is_no_longer_waiting(closed, organiser):
    tournament, players, tables, _ = closed
    round_ = tables[0].round
    for registration in players[:3]:
        answer(tables[0], registration, organiser)
    waiting = {w.table.number: w.confirmed for w in tables_not_confirmed(round_)}
    assert waiting == {1: 3, 2: 0}
    answer(tables[0], players[3], organiser)
    assert [w.table.number for w in tables_not_confirmed(round_)] == [2]
    assert [a.kind for a in seat_answers(tables[0])] == ["confirm"] * 4


def test_a_dispute_comes_first_and_names_the_player(closed, organiser):
    _, players, tables, _ = closed
    answer(tables[0], players[2], organiser, kind="dispute")
    first = tables_not_confirmed(tables[0].round)[0]
    assert first.table == tables[0]
    assert [r.player.name for r in first.disputed] == [players[2].player.name]
    assert AuditEvent.objects.filter(action="confirmation.dispute").count() == 1


def test_a_player_of_another_table_cannot_answer(closed, organiser):
    _, players, tables, _ = closed
    with pytest.raises(ServiceError) as refused:
        answer(tables[0], players[5], organiser)
    assert refused.value.code == "player_not_at_table"


def test_an_open_table_is_not_confirmed_yet(closed, organiser):
    _, players, tables, _ = closed
    with pytest.raises(ServiceError) as refused:
        answer(tables[1], players[5], organiser)
    assert refused.value.code == "table_not_closed_for_confirmation"


def test_events_without_confirmation_refuse(organiser, closed):
    tournament, players, tables, _ = closed
    tournament.players_confirm_tables = False
    tournament.save()
    with pytest.raises(ServiceError) as refused:
        answer(tables[0], players[0], organiser)
    assert refused.value.code == "confirmations_not_used"
    assert tables_not_confirmed(tables[0].round) == []


def test_a_correction_after_confirmation_asks_the_players_again(closed, organiser):
    _, players, tables, hand = closed
    for registration in players[:4]:
        answer(tables[0], registration, organiser)
    hands.reopen_table(table_id=tables[0].pk, actor=organiser)
    hands.correct_hand(
        hand_id=hand.pk,
        expected_version=hand.version,
        result={
            "kind": "discard",
            "winner": players[0].player_id,
            "discarder": players[1].player_id,
            "fan_total": 12,
            "flowers": 0,
        },
        actor=organiser,
    )
    assert not TableConfirmation.objects.filter(table=tables[0]).exists()
    cleared = AuditEvent.objects.get(action="confirmation.clear")
    assert len(cleared.before["answers"]) == 4
    assert 1 in {w.table.number for w in tables_not_confirmed(tables[0].round)}
