"""A player's answer is a change of the table (issue 30): an API client
polling the table's version sees it, as it sees a hand."""

from __future__ import annotations

import pytest

from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.services import hands

pytestmark = pytest.mark.django_db


def test_a_confirmation_moves_the_table_version(api, organiser):
    tournament = organised(organiser, players_confirm_tables=True)
    players = named_players(tournament, EIGHT)
    table = seat_round(tournament, 1, [players[:4], players[4:]])[0]
    hands.close_table(table_id=table.pk, actor=organiser, time_called=True)
    before = api.get(f"/api/tables/{table.pk}/").json()["version"]
    answer = api.post(
        f"/api/tables/{table.pk}/confirmations/",
        {"player": players[0].player_id, "answer": "confirm"},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    assert api.get(f"/api/tables/{table.pk}/").json()["version"] == before + 1
