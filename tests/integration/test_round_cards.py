"""The public round page redraws only the tables that changed (issue 31,
item 2): each table's card is cached by its version, its seating and the
language."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.integration.room_data import room_event, win
from tournaments.services import seating
from tournaments.views import round_cards

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def drawn(monkeypatch):
    """The table numbers whose card is drawn (the cache's misses)."""
    numbers = []
    real = round_cards.seat_cells

    def counting(table):
        numbers.append(table.number)
        return real(table)

    monkeypatch.setattr(round_cards, "seat_cells", counting)
    cache.clear()
    return numbers


def _round_url(tournament) -> str:
    return reverse("public:round", args=[tournament.slug, 2])


def test_a_hand_redraws_its_table_alone(client, drawn):
    tournament, _ = room_event(players=16)
    url = _round_url(tournament)
    client.get(url)
    assert sorted(drawn) == [1, 2, 3, 4]
    table = tournament.rounds.get(number=2).tables.get(number=3)
    win(table, 0, 1, fan_total=24)
    page = client.get(url).content.decode()
    assert sorted(drawn) == [1, 2, 3, 3, 4]
    card = page.split('id="table-3"')[1].split("</article>")[0]
    assert '<td class="num">' + str(8 * 3 + 24) in card  # East's new score


def test_a_swap_redraws_both_tables_with_the_players_moved(client, drawn):
    tournament, _ = room_event(players=16)
    round_ = tournament.rounds.get(number=2)
    url = _round_url(tournament)
    client.get(url)
    first = round_.seats.get(table__number=1, wind="E").registration
    second = round_.seats.get(table__number=2, wind="E").registration
    seating.swap_players(
        round_id=round_.pk,
        first=first.player_id,
        second=second.player_id,
        actor=None,
    )
    page = client.get(url).content.decode()
    assert sorted(drawn) == [1, 1, 2, 2, 3, 4]
    card_one = page.split('id="table-1"')[1].split("</article>")[0]
    assert second.player.name in card_one
    assert first.player.name not in card_one


def test_each_language_has_its_cards(client, drawn):
    tournament, _ = room_event(players=8)
    url = _round_url(tournament)
    english = client.get(url).content.decode()
    french = client.get(url, headers={"Accept-Language": "fr"}).content.decode()
    assert "in play" in english
    assert "in play" not in french
    assert sorted(drawn) == [1, 1, 2, 2]


def _after_a_hand(client, players: int) -> int:
    tournament, _ = room_event(players=players)
    url = _round_url(tournament)
    client.get(url)
    win(tournament.rounds.get(number=2).tables.get(number=1), 0, 1)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_round_pages_queries_after_a_hand_do_not_grow(client, drawn):
    assert _after_a_hand(client, 8) == _after_a_hand(client, 32)
