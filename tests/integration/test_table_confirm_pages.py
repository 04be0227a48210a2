"""Players confirm their table on the tablet (issue 30): four taps close the
matter, a dispute calls the referee on the organiser's round page, a
correction asks again."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import TableConfirmation
from tournaments.services import hands

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(organiser):
    tournament = organised(organiser, players_confirm_tables=True)
    players = named_players(tournament, EIGHT)
    tables = seat_round(tournament, 1, [players[:4], players[4:]])
    hands.close_table(table_id=tables[0].pk, actor=organiser, time_called=True)
    return tournament, players, tables


def confirm_url(table):
    return reverse("referee:table-confirm", kwargs={"token": table.token})


def sheet(table):
    return Client().get(reverse("referee:table", kwargs={"token": table.token}))


def test_the_closed_sheet_asks_each_player(closed):
    _, players, tables = closed
    page = sheet(tables[0]).content.decode()
    assert "Players: confirm the final scores" in page
    for registration in players[:4]:
        assert f"I am {registration.player.name}: I confirm" in page
    assert "Players: confirm the final scores" not in sheet(tables[1]).content.decode()


def test_four_players_confirm_on_the_tablet(closed, organiser):
    tournament, players, tables = closed
    tablet = Client()
    for registration in players[:4]:
        answer = tablet.post(
            confirm_url(tables[0]),
            {"registration": registration.pk, "kind": "confirm"},
            HTTP_HX_REQUEST="true",
        )
        assert answer.status_code == 200
        assert answer["X-Muraille-Answer"] == "saved"
    assert (
        TableConfirmation.objects.filter(table=tables[0], kind="confirm").count() == 4
    )
    assert sheet(tables[0]).content.decode().count("✓ Confirmed") == 4
    staff = Client()
    staff.force_login(organiser)
    round_page = staff.get(
        reverse("staff:round", kwargs={"slug": tournament.slug, "number": 1})
    ).content.decode()
    waiting = round_page.split('id="tables-waiting"')[1].split("</section>")[0]
    assert "Table 2" in waiting and "Table 1" not in waiting


def test_a_dispute_is_shown_on_the_round_page(closed, organiser):
    tournament, players, tables = closed
    Client().post(
        confirm_url(tables[0]), {"registration": players[1].pk, "kind": "dispute"}
    )
    staff = Client()
    staff.force_login(organiser)
    round_page = staff.get(
        reverse("staff:round", kwargs={"slug": tournament.slug, "number": 1})
    ).content.decode()
    assert "Disputed, call the referee:" in round_page
    assert players[1].player.name in round_page
    assert "Disputed: the referee is called" in sheet(tables[0]).content.decode()


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"registration": "x", "kind": "confirm"}, 400),
        ({"registration": "9" * 40, "kind": "confirm"}, 400),
        ({"kind": "maybe"}, 400),
    ],
)
def test_bad_answers_are_refused_on_the_sheet(closed, body, status):
    _, players, tables = closed
    answer = Client().post(confirm_url(tables[0]), body)
    assert answer.status_code == status
    assert answer["X-Muraille-Answer"] == "refused"
    assert not TableConfirmation.objects.exists()


def test_a_player_of_another_table_is_refused(closed):
    _, players, tables = closed
    answer = Client().post(
        confirm_url(tables[0]), {"registration": players[6].pk, "kind": "confirm"}
    )
    assert answer.status_code == 400
    assert "does not sit at this table" in answer.content.decode()
