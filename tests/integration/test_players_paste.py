"""The pasted player list: a preview matched like the file import, then
"Register these players"; EMA numbers never register another person."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory
from tests.integration.round_helpers import organised
from tournaments.imports.players import parse_player_lines
from tournaments.models import Player, Registration
from tournaments.services import imports, setup
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def preview(staff_client, tournament, text):
    url = reverse("staff:players-add", args=[tournament.slug])
    return staff_client.post(url, {"players": text})


def register(staff_client, tournament, token):
    url = reverse("staff:players-add", args=[tournament.slug])
    return staff_client.post(url, {"token": token}, follow=True)


def test_preview_says_what_each_line_does_before_storing(staff_client, organiser):
    tournament = organised(organiser)
    PlayerFactory(first_name="Anna", last_name="Bell", ema_number="04010013")
    PlayerFactory(first_name="Bo", last_name="Chen", ema_number="")
    text = "Anna Bell, Paris, FRA, 4010013\nbo chen\n\nDora Eck, Lyon, FRA\n"
    response = preview(staff_client, tournament, text)
    page = response.content.decode()
    assert not Registration.objects.exists()
    rows = {item["row"].row_number: item for item in response.context["rows"]}
    assert sorted(rows) == [1, 2, 4]  # numbered by line, blank lines skipped
    assert (rows[1]["match"], rows[1]["matched_by"]) == ("known", "ema_number")
    assert (rows[2]["match"], rows[2]["matched_by"]) == ("known", "name")
    assert rows[4]["match"] == "new"
    assert "Known player, matched by EMA number" in page
    assert "Known player, matched by name" in page and "New player" in page
    assert "Register these 3 players" in page

    done = register(staff_client, tournament, response.context["token"])
    assert "3 players registered." in done.content.decode()
    assert Player.objects.count() == 3
    assert tournament.registrations.count() == 3


def test_a_mistyped_ema_number_is_a_conflict_not_another_person(
    staff_client, organiser
):
    """The issue's typo: Carl Dunn's line carried Anna Bell's EMA number, and
    the old paste registered Anna Bell silently."""
    tournament = organised(organiser)
    anna = PlayerFactory(first_name="Anna", last_name="Bell", ema_number="04010013")
    response = preview(staff_client, tournament, "Carl Dunn, Lyon, FRA, 04010013\n")
    page = response.content.decode()
    assert "EMA number 04010013 belongs to Anna Bell" in page
    assert response.context["token"] == ""
    assert "Register these" not in page and "Register this player" not in page
    assert not tournament.registrations.filter(player=anna).exists()
    assert not Registration.objects.exists()


def test_the_service_refuses_a_conflict_even_from_an_old_preview(organiser):
    """The players may change between the preview and the confirmation."""
    tournament = organised(organiser)
    rows = parse_player_lines("Carl Dunn, , FRA, 04010013\n")
    token = imports.preview_token(tournament, rows)
    PlayerFactory(first_name="Anna", last_name="Bell", ema_number="04010013")
    with pytest.raises(ServiceError) as error:
        imports.import_players(
            tournament=tournament,
            preview=imports.preview_from_token(tournament, token),
            actor=organiser,
        )
    assert error.value.code == "import_has_problems"
    assert not Registration.objects.exists()


def test_ema_number_zero_is_no_number(staff_client, organiser):
    """ "0" must not make Carl Dunn the Anna Bell registered with "0" before."""
    tournament = organised(organiser)
    first = preview(staff_client, tournament, "Anna Bell, , FRA, 0\n")
    register(staff_client, tournament, first.context["token"])
    second = preview(staff_client, tournament, "Carl Dunn, , FRA, 0\n")
    assert second.context["rows"][0]["match"] == "new"
    register(staff_client, tournament, second.context["token"])
    names = sorted(r.player.name for r in tournament.registrations.all())
    assert names == ["Anna Bell", "Carl Dunn"]
    assert set(Player.objects.values_list("ema_number", flat=True)) == {""}


def test_zero_is_no_number_for_the_setup_service_too(organiser):
    """The API and the demo register through ``setup.register_players``."""
    tournament = organised(organiser)
    rows = [
        {"last_name": "Bell", "first_name": "Anna", "ema_number": "0"},
        {"last_name": "Dunn", "first_name": "Carl", "ema_number": "0"},
    ]
    setup.register_players(tournament=tournament, players=rows, actor=organiser)
    assert tournament.registrations.count() == 2


def test_problems_are_named_by_line_and_nothing_is_stored(staff_client, organiser):
    tournament = organised(organiser)
    text = "Anna Bell, Paris, FRA, 12x45\n, Lyon\nAnna Bell\n"
    response = preview(staff_client, tournament, text)
    page = response.content.decode()
    assert "12x45" in page and "A player needs a name." in page
    assert "This player already appears on row 1." in page
    assert "3 problems found" in page
    assert response.context["token"] == ""
    assert not Player.objects.exists()


def test_one_player_registered_is_singular(staff_client, organiser):
    tournament = organised(organiser)
    response = preview(staff_client, tournament, "Anna Bell\n")
    assert "Register this player" in response.content.decode()
    done = register(staff_client, tournament, response.context["token"])
    page = done.content.decode()
    assert "1 player registered." in page
    assert "1 player ·" in page


def test_a_tampered_token_stores_nothing(staff_client, organiser):
    tournament = organised(organiser)
    done = register(staff_client, tournament, "forged")
    assert "This preview has expired" in done.content.decode()
    assert not Registration.objects.exists()
