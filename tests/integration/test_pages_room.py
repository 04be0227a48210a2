"""The room: "playing" marks, links to player pages, the projector boards."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory
from tests.integration.room_data import close, room_event, win
from tournaments.selectors.room import list_playing_registrations

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def standings_html(client, tournament, **headers) -> str:
    url = reverse("public:standings", args=[tournament.slug])
    return client.get(url, headers=headers).content.decode()


def row_of(html: str, name: str) -> str:
    """The standings row (or board row) that names ``name``."""
    rows = re.split(r"</tr>|</li>", html)
    return next(row for row in rows if name in row)


def test_playing_registrations_are_those_at_open_tables_of_the_round_in_play(
    django_assert_num_queries,
):
    """Round 2 started at table 1: its eight players are playing (one query);
    once a table closes, its four are not."""
    tournament, registrations = room_event()
    second = tournament.rounds.get(number=2)
    table_1, table_2 = second.tables.order_by("number")
    assert list_playing_registrations(tournament) == set()  # seated, not started
    win(table_1, 0, 2)
    with django_assert_num_queries(1):
        playing = list_playing_registrations(tournament)
    assert playing == {r.pk for r in registrations}
    close(table_1)
    closed = {seat.registration_id for seat in table_1.seats.all()}
    assert (
        list_playing_registrations(tournament) == {r.pk for r in registrations} - closed
    )
    assert table_2.seats.count() == 4


def test_standings_mark_players_still_playing_and_say_only_closed_tables_count(
    client,
):
    tournament, registrations = room_event()
    table_1 = tournament.rounds.get(number=2).tables.get(number=1)
    html = standings_html(client, tournament)
    assert "badge-playing" not in html
    win(table_1, 0, 2)
    close(table_1)
    table_2 = tournament.rounds.get(number=2).tables.get(number=2)
    win(table_2, 1, 3)
    html = standings_html(client, tournament)
    assert (
        "4 players are still playing: the standings count closed tables only." in html
    )
    at_table_2 = [seat.registration.player.name for seat in table_2.seats.all()]
    at_table_1 = [seat.registration.player.name for seat in table_1.seats.all()]
    for name in at_table_2:
        assert 'class="badge-playing">playing<' in row_of(html, name)
    for name in at_table_1:
        assert "badge-playing" not in row_of(html, name)


def test_standings_names_lead_to_player_pages(client):
    tournament, registrations = room_event()
    html = standings_html(client, tournament)
    for registration in registrations:
        url = reverse("public:player", args=[tournament.slug, registration.number])
        assert f'href="{url}"' in html


def test_phone_standings_keep_rank_name_points_and_score_out_of_the_details(client):
    """Club, places and per-round cells carry the class the phone CSS hides."""
    tournament, registrations = room_event()
    html = standings_html(client, tournament)
    row = row_of(html, registrations[0].player.name)
    cells = re.findall(r"<td([^>]*)>", row)
    assert [("detail" in attrs) for attrs in cells[:5]] == [
        False,  # rank
        False,  # name
        True,  # club
        False,  # table points
        False,  # score
    ]
    assert all("detail" in attrs for attrs in cells[5:])
    assert "css/room.css" in html


def test_round_page_links_players_and_anchors_tables(client):
    tournament, registrations = room_event()
    html = client.get(reverse("public:round", args=[tournament.slug, 2])).content
    html = html.decode()
    assert 'id="table-2"' in html
    url = reverse("public:player", args=[tournament.slug, registrations[5].number])
    assert f'href="{url}"' in html
    assert reverse("public:round-projector", args=[tournament.slug, 2]) in html


def test_projector_standings_use_their_own_page_without_the_site_header(client):
    tournament, registrations = room_event()
    html = client.get(reverse("public:projector", args=[tournament.slug])).content
    html = html.decode()
    assert 'class="topbar"' not in html
    assert "data-autoscroll" in html
    assert all(r.player.name in html for r in registrations)
    assert reverse("public:round-projector", args=[tournament.slug, 2]) in html
    assert 'hx-trigger="every 20s"' in html


def test_projector_standings_use_more_columns_for_more_players(client):
    few, _ = room_event(players=8)
    many, _ = room_event(players=40)
    few_html = client.get(reverse("public:projector", args=[few.slug])).content
    many_html = client.get(reverse("public:projector", args=[many.slug])).content
    assert b'class="board cols-1"' in few_html
    assert b'class="board cols-3"' in many_html


def test_seating_board_lists_players_alphabetically_with_table_and_wind(client):
    tournament, registrations = room_event()
    response = client.get(reverse("public:round-projector", args=[tournament.slug, 2]))
    html = response.content.decode()
    assert 'class="topbar"' not in html
    board = html.split('class="board seating')[1]
    players = sorted(
        (r.player for r in registrations), key=lambda p: (p.last_name, p.first_name)
    )
    positions = [board.index(player.name) for player in players]
    assert positions == sorted(positions)
    # Round 2 reverses the order: the last registered sits East at table 1.
    last = row_of(board, registrations[-1].player.name)
    assert "Table 1" in last and "East" in last
    assert reverse("public:projector", args=[tournament.slug]) in html


def test_projector_pages_of_a_private_event_are_404():
    from django.test import Client

    tournament = TournamentFactory(is_public=False)
    client = Client()
    for url in (
        reverse("public:projector", args=[tournament.slug]),
        reverse("public:round-projector", args=[tournament.slug, 1]),
        reverse("public:player", args=[tournament.slug, 1]),
    ):
        assert client.get(url).status_code == 404


def test_projector_poll_interval_follows_the_setting(client, settings):
    settings.ROOM_PROJECTOR_POLL_SECONDS = 2
    tournament, _ = room_event()
    html = client.get(reverse("public:projector", args=[tournament.slug])).content
    assert b'hx-trigger="every 2s"' in html
