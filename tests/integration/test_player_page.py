"""A page per player: sessions, opponents, totals, rank and the chart's data."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tests.integration.room_data import close, room_event, seat_table, win
from tournaments.models import Registration
from tournaments.selectors.room import get_player_record
from tournaments.services import setup

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def player_url(tournament, registration) -> str:
    return reverse("public:player", args=[tournament.slug, registration.number])


def chart_of(html: str) -> dict:
    script = re.search(
        r'<script id="player-chart-data" type="application/json">(.*?)</script>',
        html,
        re.S,
    )
    return json.loads(script.group(1))


def test_player_page_shows_each_session_with_table_wind_opponents_and_result(client):
    """Round 1: East of table 1 wins 12 from South (36 points, 4 table points,
    first at the table); round 2 is seated but not played."""
    tournament, registrations = room_event()
    east = registrations[0]
    html = client.get(player_url(tournament, east)).content.decode()
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")
    round_1 = rows[0]
    table_url = reverse("public:round", args=[tournament.slug, 1]) + "#table-1"
    assert f'href="{table_url}"' in round_1
    assert "East" in round_1
    for opponent in registrations[1:4]:
        assert f'href="{player_url(tournament, opponent)}"' in round_1
    assert player_url(tournament, east) not in round_1
    assert ">36<" in round_1 and ">4<" in round_1 and ">1<" in round_1
    # Round 2 reverses the order: registration 0 sits North at table 2.
    round_2 = rows[1]
    assert "North" in round_2 and "#table-2" in round_2
    assert "badge-playing" not in round_2  # seated, the round has not started


def test_player_page_gives_totals_and_current_rank(client):
    tournament, registrations = room_event()
    html = client.get(player_url(tournament, registrations[1])).content.decode()
    totals = html.split('class="scoreboard player-totals"')[1].split(
        "</div>\n  </div>"
    )[0]
    # The discarder pays the 12 points and the base 8: -20.
    assert "<strong>-20</strong>" in totals
    assert "<strong>0</strong>" in totals  # fourth: no table point
    assert "of 8 players" in totals


def test_player_chart_carries_per_round_and_running_table_points(client):
    tournament, registrations = room_event()
    second = tournament.rounds.get(number=2)
    # Registration 0 sits North at table 2 of round 2 (seat index 3).
    table = second.tables.get(number=2)
    win(table, 3, 0)
    close(table)
    html = client.get(player_url(tournament, registrations[0])).content.decode()
    chart = chart_of(html)
    assert chart["labels"] == ["Round 1", "Round 2"]
    assert chart["per_round"] == [4, 4]
    assert chart["total"] == [4, 8]
    assert chart["total_text"] == ["4", "8"]
    assert "chart.js-4.6.1/chart.umd.min.js" in html
    assert "js/player-chart.js" in html


def test_open_table_is_marked_playing_without_table_points(client):
    tournament, registrations = room_event()
    table = tournament.rounds.get(number=2).tables.get(number=2)
    win(table, 3, 0)
    html = client.get(player_url(tournament, registrations[0])).content.decode()
    round_2 = html.split("<tbody>")[1].split("</tr>")[1]
    assert ">36<" in round_2
    assert 'class="badge-playing"' in round_2
    assert "still open" in html
    assert chart_of(html)["labels"] == ["Round 1"]


def test_unknown_player_number_is_404(client):
    tournament, registrations = room_event()
    # The factory's numbers run on across a worker's tests: take one past them.
    missing = max(registration.number for registration in registrations) + 1
    url = reverse("public:player", args=[tournament.slug, missing])
    assert client.get(url).status_code == 404


def test_player_record_takes_the_same_queries_for_more_rounds_and_players(
    django_assert_max_num_queries,
):
    """Six queries: registration, seats, opponents and the standings' two."""
    small, small_regs = room_event(players=8)
    with django_assert_max_num_queries(6):
        get_player_record(small, small_regs[0].number)
    large, regs = room_event(players=24)
    for table in large.rounds.get(number=2).tables.all():
        win(table, 0, 1)
        close(table)
    setup.finish_round(round_id=large.rounds.get(number=2).pk, actor=None)
    for number in (3, 4):
        round_ = large.rounds.get(number=number)
        for table in range(6):
            seated = seat_table(round_, table + 1, regs[table::6][:4])
            win(seated, 0, 1)
            close(seated)
        setup.finish_round(round_id=round_.pk, actor=None)
    with django_assert_max_num_queries(6):
        record = get_player_record(large, regs[0].number)
    assert len(record.rounds) == 4


def test_player_page_queries_do_not_grow_with_the_event(
    client, django_assert_max_num_queries
):
    tournament, registrations = room_event(players=24)
    url = player_url(tournament, registrations[0])
    client.get(url)  # the session and its language settle on the first visit
    with django_assert_max_num_queries(14):
        assert client.get(url).status_code == 200


def test_substitute_page_shows_sessions_but_no_rank(client):
    tournament, registrations = room_event()
    substitute = registrations[2]
    substitute.status = Registration.Status.SUBSTITUTE
    substitute.save()
    html = client.get(player_url(tournament, substitute)).content.decode()
    assert "A substitute fills a table but does not rank." in html
    assert "of 7 players" not in html
    assert html.split("<tbody>")[1].split("</tbody>")[0].count("<tr") == 2
    other = client.get(player_url(tournament, registrations[0])).content.decode()
    assert "of 7 players" in other
