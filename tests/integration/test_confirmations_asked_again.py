"""Players' confirmations follow the table (issue 30): an answer is a change
other tablets see through the poller's version, and every score-changing
write after the players confirmed asks them again, audited."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import AuditEvent, Table, TableConfirmation
from tournaments.services import confirmations, hands, penalties

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(organiser):
    """Round 1 of a confirming event: table 1 has one hand and is closed."""
    tournament = organised(organiser, players_confirm_tables=True)
    players = named_players(tournament, EIGHT)
    tables = seat_round(tournament, 1, [players[:4], players[4:]])
    east, south = players[0].player_id, players[1].player_id
    hand, _ = hands.record_hand(
        table_id=tables[0].pk,
        result={
            "kind": "discard",
            "winner": east,
            "discarder": south,
            "fan_total": 8,
            "flowers": 0,
        },
        actor=organiser,
    )
    hands.close_table(table_id=tables[0].pk, actor=organiser, time_called=True)
    return tournament, players, tables[0], hand


def answer(table, registration, organiser, kind="confirm"):
    return confirmations.answer_table(
        table_id=table.pk, registration_id=registration.pk, kind=kind, actor=organiser
    )


def state(client: Client, table: Table, etag: str | None = None) -> Any:
    url = reverse("referee:table-state", kwargs={"token": table.token})
    headers = {"If-None-Match": etag} if etag else {}
    return client.get(url, headers=headers)


def test_an_answer_bumps_the_table_version(closed, organiser):
    """Another tablet's poller (and the API) learns of the confirmation."""
    _, players, table, _ = closed
    table.refresh_from_db()
    before = table.version
    answer(table, players[0], organiser)
    table.refresh_from_db()
    assert table.version == before + 1
    # The same answer again stores nothing and changes nothing.
    answer(table, players[0], organiser)
    table.refresh_from_db()
    assert table.version == before + 1
    answer(table, players[0], organiser, kind="dispute")
    table.refresh_from_db()
    assert table.version == before + 2


def test_a_polling_tablet_sees_a_confirmation_made_on_another(closed):
    """The second tablet's poller gets 304 until a player confirms on the
    first; then a notice, and the sheet it reloads shows the confirmation."""
    _, players, table, _ = closed
    watcher, other = Client(), Client()
    etag = state(watcher, table)["ETag"]
    assert state(watcher, table, etag).status_code == 304
    confirm_url = reverse("referee:table-confirm", kwargs={"token": table.token})
    other.post(confirm_url, {"registration": players[0].pk, "kind": "confirm"})
    changed = state(watcher, table, etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    notice = changed.content.decode()
    assert "The sheet changed on another device." in notice
    assert "was recorded on another device" not in notice
    sheet = watcher.get(reverse("referee:table", kwargs={"token": table.token}))
    assert sheet.content.decode().count("✓ Confirmed") == 1


def _reopened(table: Table, organiser: Any) -> None:
    hands.reopen_table(table_id=table.pk, actor=organiser)


def _penalty_added(table: Table, organiser: Any, players: list[Any], hand: Any) -> None:
    _reopened(table, organiser)
    penalties.add_penalty(
        table_id=table.pk,
        player_id=players[2].player_id,
        kind="referee",
        points=10,
        actor=organiser,
    )


def _penalty_removed(
    table: Table, organiser: Any, players: list[Any], hand: Any
) -> None:
    """The penalty was there when the players confirmed."""
    penalty = table.penalties.get()
    _reopened(table, organiser)
    penalties.remove_penalty(penalty_id=penalty.pk, actor=organiser)


def _hand_recorded(table: Table, organiser: Any, players: list[Any], hand: Any) -> None:
    _reopened(table, organiser)
    hands.record_hand(
        table_id=table.pk,
        result={"kind": "draw"},
        actor=organiser,
    )


def _hand_deleted(table: Table, organiser: Any, players: list[Any], hand: Any) -> None:
    _reopened(table, organiser)
    hand.refresh_from_db()
    hands.delete_hand(hand_id=hand.pk, expected_version=hand.version, actor=organiser)


def _hand_corrected(
    table: Table, organiser: Any, players: list[Any], hand: Any
) -> None:
    _reopened(table, organiser)
    hand.refresh_from_db()
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


CHANGES: dict[str, Callable[..., None]] = {
    "penalty added": _penalty_added,
    "penalty removed": _penalty_removed,
    "hand recorded": _hand_recorded,
    "hand deleted": _hand_deleted,
    "hand corrected": _hand_corrected,
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_score_change_after_the_players_confirmed_asks_them_again(
    closed, organiser, change
):
    """The answers are cleared (``confirmation.clear``, audited) and the
    tablet asks each player again once the table is closed anew."""
    _, players, table, hand = closed
    if change == "penalty removed":
        hands.reopen_table(table_id=table.pk, actor=organiser)
        penalties.add_penalty(
            table_id=table.pk,
            player_id=players[2].player_id,
            kind="referee",
            points=10,
            actor=organiser,
        )
        hands.close_table(table_id=table.pk, actor=organiser, time_called=True)
    for registration in players[:4]:
        answer(table, registration, organiser)
    CHANGES[change](table, organiser, players, hand)
    assert not TableConfirmation.objects.filter(table=table).exists()
    cleared = AuditEvent.objects.get(action="confirmation.clear")
    assert cleared.actor == organiser
    assert len(cleared.before["answers"]) == 4
    hands.close_table(table_id=table.pk, actor=organiser, time_called=True)
    sheet = Client().get(reverse("referee:table", kwargs={"token": table.token}))
    page = sheet.content.decode()
    assert "✓ Confirmed" not in page
    for registration in players[:4]:
        assert f"I am {registration.player.name}: I confirm" in page


def test_a_reopening_alone_keeps_the_answers(closed, organiser):
    """Reopened and closed again without a change: the scores the players
    signed still stand."""
    _, players, table, _ = closed
    answer(table, players[0], organiser)
    hands.reopen_table(table_id=table.pk, actor=organiser)
    hands.close_table(table_id=table.pk, actor=organiser, time_called=True)
    assert TableConfirmation.objects.filter(table=table).count() == 1
    assert not AuditEvent.objects.filter(action="confirmation.clear").exists()
