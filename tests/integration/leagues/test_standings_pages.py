"""The league's standings a hundred rows at a time (issue 31, point 5),
a player's own row found by name, and the API's standings paged the same
way (``limit``, ``offset``, ``standings_count``)."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.selectors.standings_pages import find_rows
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.selectors import row_pages
from tournaments.selectors.row_pages import page_of

pytestmark = pytest.mark.django_db


def test_page_of_rows_clamps_the_page_asked():
    rows = list(range(250))
    assert page_of(rows, None).rows == list(range(100))
    third = page_of(rows, "3")
    assert (third.rows, third.number, third.pages, third.count) == (
        list(range(200, 250)),
        3,
        3,
        250,
    )
    assert page_of(rows, "99").number == 3
    assert page_of(rows, "-1").number == page_of(rows, "x").number == 1
    assert page_of([], "2").pages == 1


def test_a_name_finds_its_row_and_page():
    names = [f"Player {n}" for n in range(300)] + ["Élodie Café"]
    found = find_rows(names, "elodie cafe", lambda name: name)
    assert [(f.row, f.page) for f in found] == [("Élodie Café", 4)]
    assert find_rows(names, "  ", lambda name: name) == []
    assert len(find_rows(names, "player", lambda name: name)) == 20


@pytest.fixture
def league(organiser, monkeypatch):
    """Twelve players in the standings, four rows a page."""
    monkeypatch.setattr(row_pages, "ROWS_PER_PAGE", 4)
    monkeypatch.setattr(page_of, "__defaults__", (4,))
    monkeypatch.setattr(find_rows, "__defaults__", (4, 20))
    league = make_league(organiser, is_public=True)
    tables = [
        "Ann A, Bob B, Cy C, Dee D",
        "Eve E, Fay F, Gus G, Hal H",
        "Ida I, Jo J, Kit K, Lou L",
    ]
    event = night(league, organiser, date(2026, 1, 8), tables)
    for table in tables_of(event):
        play(table, winner=0, discarder=1)
    return league


def test_the_page_shows_one_page_of_rows_and_the_links(client, league):
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    assert page.count('<tr id="player-') == 4
    assert "Page 1 of 3" in page
    assert '?p=3#standings"' in page
    last = client.get(f"/leagues/{league.slug}/?p=3").content.decode()
    assert last.count('<tr id="player-') == 4
    assert "Page 3 of 3" in last


def test_find_me_links_to_the_players_page(client, league):
    page = client.get(f"/leagues/{league.slug}/?q=lou").content.decode()
    found = page.split('class="found"')[1].split("</ul>")[0]
    assert "Lou L" in found
    assert "?p=3#player-" in found
    nobody = client.get(f"/leagues/{league.slug}/?q=zed").content.decode()
    assert "No player of these standings has this name." in nobody


def test_the_api_pages_the_standings(client, league):
    url = f"/api/leagues/{league.slug}/"
    whole = client.get(url).json()
    assert whole["standings_count"] == 12
    assert len(whole["standings"]) == 4  # a page by default
    everything = client.get(url, {"limit": 1000}).json()["standings"]
    assert len(everything) == 12
    window = client.get(url, {"limit": 5, "offset": 10}).json()
    assert window["standings"] == everything[10:12]
    assert client.get(url, {"limit": 0}).status_code == 400
    assert client.get(url, {"offset": "x"}).status_code == 400
    assert client.get(url, {"limit": 1001}).status_code == 400
