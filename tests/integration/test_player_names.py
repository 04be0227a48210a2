"""A player's name as entered, and namesakes of two clubs (issue 27, item 6).

Findings: "the EMA results sheet splits 'Zoë Van der Ært' into first name
'Zoë Van der' and last name 'Ært'; two players of the same name from two
clubs cannot both be registered".
"""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import PlayerFactory
from tests.integration.round_helpers import organised
from tournaments.imports.players import parse_player_file
from tournaments.models import Club, Player
from tournaments.services import exports, imports

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def paste(staff_client, tournament, text):
    """Preview the pasted list, then register it; the final page's text."""
    url = reverse("staff:players-add", args=[tournament.slug])
    shown = staff_client.post(url, {"players": text})
    assert shown.status_code == 200
    assert "token" in shown.context, shown.content.decode()
    done = staff_client.post(url, {"token": shown.context["token"]}, follow=True)
    return done.content.decode()


def ema_names(tournament):
    _, content = exports.build_export(tournament=tournament, kind="xlsx", language="en")
    sheet = load_workbook(io.BytesIO(content))["EMA"]
    rows = sheet.iter_rows(min_row=2, values_only=True)
    return [row[3:5] for row in rows if row[2] is not None]


def test_the_ema_sheet_keeps_the_particles_of_a_pasted_name(staff_client, organiser):
    """ "Zoë Van der Ært" is first name "Zoë" and last name "Van der Ært",
    stored so and printed so on the EMA sheet."""
    tournament = organised(organiser)
    paste(staff_client, tournament, "Zoë Van der Ært, Gent, BEL\n")
    player = Player.objects.get()
    assert (player.first_name, player.last_name) == ("Zoë", "Van der Ært")
    assert ema_names(tournament) == [("Zoë", "Van der Ært")]


def test_a_pasted_last_first_line_is_read_as_written(staff_client, organiser):
    """On a line separated by semicolons or tabs, "Last, First" is allowed."""
    tournament = organised(organiser)
    paste(
        staff_client,
        tournament,
        "Van der Ært, Zoë; Gent; BEL\nDe la Cruz, Ana\tMadrid\n",
    )
    names = sorted(Player.objects.values_list("first_name", "last_name", "club__name"))
    assert names == [("Ana", "De la Cruz", "Madrid"), ("Zoë", "Van der Ært", "Gent")]


def test_the_paste_help_tells_both_forms(staff_client, organiser):
    tournament = organised(organiser)
    page = staff_client.get(reverse("staff:tournament", args=[tournament.slug]))
    text = page.content.decode()
    assert "Van der Ært, Zoë; Gent; BEL" in text
    assert "Two players of one name are two players" in text


def test_a_file_import_keeps_separate_columns_and_splits_a_name_column(organiser):
    """First and last name columns are stored as entered; a name column is
    split with its particles, "Last, First" read as written."""
    tournament = organised(organiser)
    for data in (
        "First name;Last name\nZoë;Van der Ært\n",
        'Name\nAna De la Cruz\n"Bell, Anna"\n',
    ):
        preview = parse_player_file("players.csv", data.encode())
        imports.import_players(tournament=tournament, preview=preview, actor=organiser)
    names = sorted(Player.objects.values_list("first_name", "last_name"))
    assert names == [("Ana", "De la Cruz"), ("Anna", "Bell"), ("Zoë", "Van der Ært")]


def test_namesakes_of_two_clubs_are_both_registered(staff_client, organiser):
    """Two lines of one name and two clubs: two players, two registrations;
    the same name later with one of the clubs is that player, with no club
    the known one."""
    tournament = organised(organiser)
    text = paste(staff_client, tournament, "Anna Martin, Paris\nAnna Martin, Lyon\n")
    assert "2 players registered." in text
    assert sorted(Player.objects.values_list("club__name", flat=True)) == [
        "Lyon",
        "Paris",
    ]
    other = organised(organiser)
    paste(staff_client, other, "anna martin, Lyon\n")
    assert Player.objects.count() == 2
    lyon = Player.objects.get(club__name="Lyon")
    assert list(other.registrations.values_list("player", flat=True)) == [lyon.pk]


def test_a_namesake_of_another_club_is_new_in_a_later_list(staff_client, organiser):
    """A known "Anna Martin" of Paris; a list naming her with Lyon registers a
    new player, one naming no club finds her."""
    paris = PlayerFactory(
        first_name="Anna", last_name="Martin", club=Club.objects.create(name="Paris")
    )
    tournament = organised(organiser)
    url = reverse("staff:players-add", args=[tournament.slug])
    shown = staff_client.post(url, {"players": "Anna Martin, Lyon\nAnna Martin\n"})
    rows = shown.context["rows"]
    assert [item["match"] for item in rows] == ["new", "known"]
    paste(staff_client, tournament, "Anna Martin, Lyon\n")
    assert Player.objects.filter(first_name="Anna", last_name="Martin").count() == 2
    assert paris.pk in set(Player.objects.values_list("pk", flat=True))


def test_namesakes_with_two_ema_numbers_are_two_players(staff_client, organiser):
    tournament = organised(organiser)
    text = paste(staff_client, tournament, "Bo Chen, , , 11\nBo Chen, , , 12\n")
    assert "2 players registered." in text
    assert Player.objects.count() == 2


def test_a_club_nights_typed_name_keeps_its_particles():
    """The club night's typed names go through the same split."""
    from leagues.services.nights import split_name

    assert split_name("Zoë  Van der Ært") == {
        "first_name": "Zoë",
        "last_name": "Van der Ært",
    }


def test_a_player_stored_with_the_old_split_is_still_found():
    """A player stored as "Zoë Van der" "Ært" (the split at the last space)
    is the "Zoë Van der Ært" of a later list, not a second player."""
    from tournaments.services.player_batches import find_or_create_players

    old = PlayerFactory(first_name="Zoë Van der", last_name="Ært", ema_number="")
    found = find_or_create_players([{"first_name": "Zoë", "last_name": "Van der Ært"}])
    assert found[0].pk == old.pk
