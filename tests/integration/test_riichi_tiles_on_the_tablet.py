"""The tablet's tile picker for a riichi hand: the registry's ``score_tiles``
gives the yaku, the han and fu it fills into the form, and what each player
pays in the hand being entered; the hand recorded with its tiles keeps them.

The hand (South, a child, declared riichi and wins on West's discard in
hand 1): 234m 789m 123p 456p 66p, waiting on 3-6p, wins on 6p. Riichi and
pinfu, 2 han 30 fu: 30 x 2^4 x 4 = 1,920 -> 2,000 from West; South's own
stick comes back to South."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory, player_ids, seated_table
from tournaments.models import Hand

pytestmark = pytest.mark.django_db

TILES = {
    "concealed": "234789m1234566p",
    "winning_tile": "6p",
    "melds": [],
    # What the shared picker also writes, meaningless in riichi.
    "last_of_kind": False,
}


@pytest.fixture
def table(organiser):
    tournament = TournamentFactory(ruleset="riichi")
    tournament.organisers.add(organiser)
    return seated_table(tournament)


def url(name, table):
    return reverse(f"referee:{name}", kwargs={"token": table.token})


def body(table, **extra):
    east, south, west, north = player_ids(table)
    return {
        "kind": "discard",
        "winner": south,
        "discarder": west,
        "riichi": [south],
        "tiles": json.dumps(TILES),
        **extra,
    }


def test_the_preview_gives_yaku_han_fu_and_the_payments(client, table):
    page = client.post(url("tiles-preview", table), body(table)).content.decode()
    assert "Riichi · 1 han" in page and "Pinfu · 1 han" in page
    assert 'data-fill="han" data-value="2"' in page
    assert 'data-fill="fu" data-value="30"' in page
    names = [seat.registration.player.name for seat in table.seats.order_by("pk")]
    assert f"{names[1]} +2000" in page and f"{names[2]} -2000" in page
    assert not Hand.objects.exists()


def test_a_hand_recorded_with_its_tiles_is_counted_from_them(client, table):
    response = client.post(url("hand-create", table), body(table))
    assert response.status_code == 302, response.content.decode()[:3000]
    hand = Hand.objects.get(table=table)
    assert (hand.result["han"], hand.result["fu"]) == (2, 30)
    assert [item["name"] for item in hand.fans] == ["Riichi", "Pinfu"]
    assert hand.tiles["riichi"] is True  # from South's declaration
    assert hand.deltas == [0, 2_000, -2_000, 0]


def test_tiles_that_do_not_win_are_named_in_the_preview(client, table):
    tiles = {**TILES, "winning_tile": "9p"}
    page = client.post(
        url("tiles-preview", table), body(table, tiles=json.dumps(tiles))
    ).content.decode()
    assert 'role="alert"' in page and "data-fill" not in page


def test_the_dora_count_shows_in_the_preview_and_is_stored(client, table):
    """2 dora at the table: 4 han 30 fu, 7,700 from West (riichi's stick
    comes back to South), the dora a line of the yaku list."""
    page = client.post(url("tiles-preview", table), body(table, dora=2))
    text = page.content.decode()
    assert "Dora · 2 han" in text
    assert 'data-fill="han" data-value="4"' in text
    names = [seat.registration.player.name for seat in table.seats.order_by("pk")]
    assert f"{names[1]} +7700" in text and f"{names[2]} -7700" in text
    response = client.post(url("hand-create", table), body(table, dora=2))
    assert response.status_code == 302, response.content.decode()[:3000]
    hand = Hand.objects.get(table=table)
    assert (hand.result["han"], hand.result["fu"]) == (4, 30)
    assert hand.fans[-1] == {"name": "Dora", "han": 2, "yakuman": False}
    assert hand.tiles["dora"] == 2
    assert hand.deltas == [0, 7_700, -7_700, 0]


def test_the_sheet_asks_for_the_dora_with_the_tiles(client, table):
    page = client.get(url("table", table)).content.decode()
    assert 'name="dora"' in page


def test_the_picker_counts_with_the_tournaments_settings(client, organiser):
    """Open tanyao off in this tournament: an open all-simples hand has no
    yaku, whatever riichi's default says."""
    tournament = TournamentFactory(
        ruleset="riichi", ruleset_options={"open_tanyao": False}
    )
    tournament.organisers.add(organiser)
    table = seated_table(tournament)
    east, south, west, north = player_ids(table)
    tiles = {
        "concealed": "345p678s234s5p",
        "melds": [{"kind": "pung", "tiles": "222m", "concealed": False}],
        "winning_tile": "5p",
    }
    data = {"kind": "discard", "winner": south, "discarder": west}
    page = client.post(
        url("tiles-preview", table), {**data, "tiles": json.dumps(tiles)}
    ).content.decode()
    assert 'role="alert"' in page and "data-fill" not in page
    response = client.post(
        url("hand-create", table), {**data, "tiles": json.dumps(tiles)}
    )
    assert not Hand.objects.filter(table=table).exists(), response.status_code
