"""The event's Statistics page and the Statistics section of a player's
page (issue 29): public where the standings are, figures with what they
rest on, SVG charts, fan names in the page's language."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import TournamentFactory, organiser_account
from tests.integration.stats_data import played_event
from tournaments.models import Hand
from tournaments.selectors import row_pages
from tournaments.services.exports import build_export

pytestmark = pytest.mark.django_db


@pytest.fixture
def mcr_event():
    return played_event("mcr", organiser_account())


def test_the_events_statistics_page(client, mcr_event):
    answer = client.get(reverse("public:stats", args=[mcr_event.slug]))
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Biggest hands" in page
    assert "Mixed Triple Chow" in page  # the fan frequency table
    assert "over 24 hands" in page  # the event's washout rate rests on them
    assert "Average fan total (hands entered with tiles)" in page
    assert "Riichi rate" not in page
    for registration in mcr_event.registrations.select_related("player"):
        assert registration.player.name in page


def test_the_fans_are_named_in_french_on_the_french_page(client, mcr_event):
    url = reverse("public:stats", args=[mcr_event.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Triple suite mixte" in page


def test_a_private_events_statistics_are_not_found(client, mcr_event):
    mcr_event.is_public = False
    mcr_event.save()
    assert client.get(reverse("public:stats", args=[mcr_event.slug])).status_code == 404


def test_before_any_closed_table_the_page_says_so(client):
    tournament = TournamentFactory()
    page = client.get(reverse("public:stats", args=[tournament.slug])).content
    assert b"The statistics appear once a table is closed." in page


def test_the_standings_link_to_the_statistics(client, mcr_event):
    page = client.get(reverse("public:standings", args=[mcr_event.slug])).content
    assert reverse("public:stats", args=[mcr_event.slug]).encode() in page


def test_the_player_page_has_a_statistics_section_with_its_charts(client, mcr_event):
    registration = mcr_event.registrations.first()
    url = reverse("public:player", args=[mcr_event.slug, registration.number])
    page = client.get(url).content.decode()
    assert 'id="statistics"' in page
    assert 'class="stats-columns"' in page  # the placements' columns
    assert "Win rate" in page and "over 12 hands" in page
    # The polled partial leaves the statistics out.
    partial = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="statistics"' not in partial


def test_the_best_hand_shows_its_tiles(client, mcr_event):
    hand = Hand.objects.filter(
        table__round__tournament=mcr_event, winner__isnull=False
    ).first()
    tiles = {"concealed": "123m456p789s1z", "melds": [], "winning_tile": "1z"}
    Hand.objects.filter(pk=hand.pk).update(fans=None, tiles=tiles, result={
        **hand.result, "fan_total": 87, "flowers": 0,
    })  # fmt: skip
    number = hand.winner.registration.number
    # A stored hand changed behind the services: a new table version.
    table = hand.table
    table.version += 1
    table.save(update_fields=["version"])
    page = client.get(
        reverse("public:player", args=[mcr_event.slug, number])
    ).content.decode()
    assert "87 points" in page
    assert "tiles/1z.svg" in page


def test_the_workbook_has_a_statistics_sheet_in_its_language(mcr_event):
    _, content = build_export(tournament=mcr_event, kind="xlsx", language="en")
    book = load_workbook(io.BytesIO(content))
    assert book.sheetnames[-2:] == ["Statistics", "EMA"]
    sheet = book["Statistics"]
    rows = list(sheet.iter_rows(values_only=True))
    headers = rows[0]
    assert headers[:3] == ("Player", "Hands played", "Sessions")
    assert "Average fan total (hands entered with tiles)" in headers
    players = rows[1:9]
    assert {row[0] for row in players} == {
        r.player.name for r in mcr_event.registrations.select_related("player")
    }
    assert all(row[1] == 12 for row in players)  # two sessions of six hands
    rate = headers.index("Win rate")
    assert all(0 <= row[rate] <= 1 for row in players)
    assert sheet.cell(row=2, column=rate + 1).number_format == "0.0%"
    big = [row[0] for row in rows].index("Biggest hands")
    assert rows[big + 1][:2] == ("Player", "Fan total")
    assert rows[big + 2][1].endswith("points")


def test_the_players_figures_a_page_at_a_time(client, mcr_event, monkeypatch):
    """Three rows a page here (a hundred in the house): at 3,200 players the
    whole table was most of a 2 MB page drawn on every view."""
    monkeypatch.setattr(row_pages.page_of, "__defaults__", (3,))
    names = sorted(
        r.player.name for r in mcr_event.registrations.select_related("player")
    )
    url = reverse("public:stats", args=[mcr_event.slug])

    def players_shown(html: str) -> list[str]:
        table = html.split('<section id="players">')[1].split("</table>")[0]
        return [name for name in names if f">{name}</a>" in table]

    first = client.get(url).content.decode()
    assert players_shown(first) == names[:3]
    pages = -(-len(names) // 3)
    assert f"Page 1 of {pages}" in first and 'href="?p=2#players"' in first
    last = client.get(url, {"p": "99"}).content.decode()
    assert players_shown(last) == names[3 * (pages - 1) :]
