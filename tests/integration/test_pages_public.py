"""Public pages: home, standings (exact table points, shared ranks), rounds."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import seated_table
from tests.integration.page_factories import (
    TournamentFactory,
    hand_data,
    player_ids,
)
from tournaments.exact_points import format_points

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def play_and_close(client, table, *hands):
    for data in hands:
        client.post(reverse("referee:hand-create", args=[table.token]), data)
    client.post(
        reverse("referee:table-close", args=[table.token]), {"time_called": "on"}
    )


def test_home_lists_public_tournaments_only(client):
    TournamentFactory(name="Open Lyon", is_public=True)
    TournamentFactory(name="Secret Cup", is_public=False)
    page = client.get(reverse("public:home")).content.decode()
    assert "Open Lyon" in page
    assert "Secret Cup" not in page


def test_private_standings_are_404_for_anonymous(client):
    tournament = TournamentFactory(is_public=False)
    response = client.get(reverse("public:standings", args=[tournament.slug]))
    assert response.status_code == 404
    response = client.get(reverse("public:round", args=[tournament.slug, 1]))
    assert response.status_code == 404


def test_private_standings_are_visible_to_the_organiser(client, organiser):
    tournament = TournamentFactory(is_public=False)
    tournament.organisers.add(organiser)
    client.force_login(organiser)
    response = client.get(reverse("public:standings", args=[tournament.slug]))
    assert response.status_code == 200


def test_standings_show_shared_ranks_and_exact_table_points(client):
    """A washout-only table: all four tie, each gets 7/4 table points, rank 1=."""
    tournament = TournamentFactory()
    table = seated_table(tournament)
    play_and_close(client, table, hand_data("draw"))
    response = client.get(reverse("public:standings", args=[tournament.slug]))
    html = response.content.decode()
    assert html.count("<td>1=</td>") == 4
    assert "1¾" in html
    assert 'hx-trigger="every 30s"' in html


def test_standings_rank_a_played_table(client):
    """12-point discard win: winner 4 table points, the two -8s share 1 each."""
    tournament = TournamentFactory()
    table = seated_table(tournament)
    e, s, w, n = player_ids(table)
    play_and_close(client, table, hand_data("discard", e, s, 12))
    response = client.get(
        reverse("public:standings", args=[tournament.slug]),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="standings"')
    rows = html.split("<tbody>")[1].split("</tr>")
    assert "<td>1</td>" in rows[0] and ">36<" in rows[0]
    assert "<td>2=</td>" in rows[1] and "<td>2=</td>" in rows[2]
    assert "1½" in rows[1]
    assert "<td>4</td>" in rows[3] and ">-20<" in rows[3]


def test_open_tables_do_not_count_yet(client):
    tournament = TournamentFactory()
    table = seated_table(tournament)
    e, s, w, n = player_ids(table)
    client.post(
        reverse("referee:hand-create", args=[table.token]),
        hand_data("discard", e, s, 12),
    )
    html = client.get(reverse("public:standings", args=[tournament.slug])).content
    assert b">36<" not in html


def test_round_page_lists_tables_without_their_secret(client):
    tournament = TournamentFactory()
    table = seated_table(tournament)
    response = client.get(reverse("public:round", args=[tournament.slug, 1]))
    html = response.content.decode()
    assert response.status_code == 200
    assert table.seats.first().registration.player.name in html
    assert table.token not in html


def test_french_standings_page(client):
    tournament = TournamentFactory()
    response = client.get(
        reverse("public:standings", args=[tournament.slug]),
        headers={"Accept-Language": "fr"},
    )
    html = response.content.decode()
    assert "Classement" in html
    assert "Points de table" in html


def test_set_language_switches_to_french(client):
    tournament = TournamentFactory()
    url = reverse("public:standings", args=[tournament.slug])
    response = client.post(
        reverse("set_language"), {"language": "fr", "next": url}, follow=True
    )
    assert "Classement" in response.content.decode()


@pytest.mark.parametrize(
    ("value", "text"),
    [((7, 3), "2⅓"), ((1, 2), "½"), ((29, 12), "2 5/12"), ((8, 1), "8"), ((0, 1), "0")],
)
def test_table_points_are_written_exactly(value, text):
    from fractions import Fraction

    assert format_points(Fraction(*value)) == text


def test_standings_and_round_pages_use_a_bounded_number_of_queries(client):
    """Four times the tables: the same number of SQL queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tournament = TournamentFactory()

    def count_queries(name, *args):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse(name, args=args)).status_code == 200
        return len(queries)

    play_and_close(client, seated_table(tournament), hand_data("draw"))
    small = [
        count_queries("public:standings", tournament.slug),
        count_queries("public:round", tournament.slug, 1),
    ]
    for _ in range(3):
        play_and_close(client, seated_table(tournament), hand_data("draw"))
    large = [
        count_queries("public:standings", tournament.slug),
        count_queries("public:round", tournament.slug, 1),
    ]
    assert large == small
