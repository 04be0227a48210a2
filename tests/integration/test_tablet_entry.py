"""The tablet's hand entry cannot be silently wrong: the winds the calculator
reads are the server's, self-drawn and flowers the form's, the fans show before
recording, and a refusal keeps every tile."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scoring.services_fans import calculate
from tests.integration.page_factories import hand_data, organised_table, player_ids
from tournaments.models import Hand
from tournaments.services import hands as services

pytestmark = pytest.mark.django_db

# Pure Straight 16 + Half Flush 6 + the South pung: Seat Wind (2) for a South
# winner, only Pung of Terminals or Honors (1) for anyone else.
SOUTH_PUNG = {
    "concealed": "123p456p78p55z",
    "melds": [{"kind": "pung", "tiles": "222z", "concealed": False, "from": "left"}],
    "winning_tile": "9p",
    "last_of_kind": False,
}


@pytest.fixture
def table(organiser):
    return organised_table(organiser)


def url(name, table, **kwargs):
    return reverse(f"referee:{name}", kwargs={"token": table.token, **kwargs})


def test_south_winners_south_pung_counts_24_not_23(client, table):
    """The issue's case: a tablet that sends seat wind East for the South
    winner of hand 1 still gets the Seat Wind fan, 24 points."""
    e, s, w, n = player_ids(table)
    tiles = {**SOUTH_PUNG, "seat_wind": "E", "prevalent_wind": "E"}
    body = hand_data("discard", s, w, None, tiles=json.dumps(tiles))
    assert client.post(url("hand-create", table), body).status_code == 302
    hand = Hand.objects.get(table=table)
    expected = calculate({**SOUTH_PUNG, "seat_wind": "S", "prevalent_wind": "E"})
    assert hand.result["fan_total"] == expected["total"] == 24
    assert "Seat Wind" in [fan["name"] for fan in hand.fans]
    assert hand.tiles["seat_wind"] == "S"


def test_service_takes_the_winds_from_the_deal_not_the_client(organiser, table):
    """Hand 2 (winds moved: the second seat is East), the API's tiles say
    seat North and prevalent South: the deal's winds are used."""
    e, s, w, n = player_ids(table)
    services.record_hand(
        table_id=table.pk,
        result={"kind": "discard", "winner": e, "discarder": s, "fan_total": 8},
        actor=organiser,
    )
    tiles = {**SOUTH_PUNG, "seat_wind": "N", "prevalent_wind": "S"}
    hand, _ = services.record_hand(
        table_id=table.pk,
        result={"kind": "discard", "winner": e, "discarder": w},
        tiles=tiles,
        actor=organiser,
    )
    # Hand 2's deal (NESW): the first seat holds North, prevalent still East.
    assert (hand.seat_winds, hand.prevalent_wind) == ("NESW", "E")
    assert hand.tiles["seat_wind"] == "N" and hand.tiles["prevalent_wind"] == "E"
    assert hand.result["fan_total"] == 23


def test_self_draw_and_flowers_come_from_the_form(client, table):
    e, s, w, n = player_ids(table)
    tiles = {**SOUTH_PUNG, "self_drawn": False, "flowers": 0}
    body = hand_data("self_draw", s, None, None, 2, tiles=json.dumps(tiles))
    assert client.post(url("hand-create", table), body).status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.result["flowers"] == 2 and hand.kind == "self_draw"
    assert hand.tiles["self_drawn"] is True and hand.tiles["flowers"] == 2
    assert "Self-Drawn" in [fan["name"] for fan in hand.fans]


def test_preview_shows_the_fans_and_total_before_recording(client, table):
    """The live count uses the winner's seat wind and fills the points."""
    e, s, w, n = player_ids(table)
    body = hand_data("discard", s, w, None, 1, tiles=json.dumps(SOUTH_PUNG))
    response = client.post(url("tiles-preview", table), body)
    assert response.status_code == 200
    page = response.content.decode()
    assert (
        'data-fill="fan_total" data-value="24"' in page
    )  # the server says which input
    assert "25 points" in page  # with the flower
    assert "Seat Wind" in page and "South" in page
    assert not Hand.objects.exists()


def test_preview_asks_for_the_winner_first(client, table):
    body = hand_data("discard", None, None, None, tiles=json.dumps(SOUTH_PUNG))
    page = client.post(url("tiles-preview", table), body).content.decode()
    assert "Choose the winner" in page
    assert "data-fill" not in page


def test_a_refusal_keeps_every_tile(client, table):
    """A refused hand re-renders the picker with the posted tiles, open."""
    e, s, w, n = player_ids(table)
    body = hand_data("discard", s, s, None, tiles=json.dumps(SOUTH_PUNG))
    response = client.post(url("hand-create", table), body)
    assert response.status_code == 400
    page = response.content.decode()
    assert "cannot win on their own discard" in page
    kept = page.split('name="tiles" value="', 1)[1].split('"', 1)[0]
    kept = json.loads(kept.replace("&quot;", '"'))
    assert kept["concealed"] == "123p456p78p55z" and kept["winning_tile"] == "9p"
    assert '<details class="tiles-entry" open>' in page
    assert not Hand.objects.exists()


def test_engine_refusal_with_htmx_keeps_the_tiles_too(client, table):
    e, s, w, n = player_ids(table)
    not_winning = {**SOUTH_PUNG, "winning_tile": "1m"}
    body = hand_data("discard", s, w, None, tiles=json.dumps(not_winning))
    response = client.post(
        url("hand-create", table), body, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert "Not a winning hand" in page
    assert "1m" in page.split('name="tiles" value="', 1)[1].split('"', 1)[0]


def test_picker_in_the_hand_form_does_not_ask_again(client, table):
    """Self-drawn, flowers and winds are asked once, by the form."""
    page = client.get(url("table", table)).content.decode()
    picker = page.split("data-tile-picker", 1)[1].split("tiles-preview", 1)[0]
    assert "data-in-hand-form" in picker
    assert 'data-flag="self_drawn"' not in picker
    assert "data-flowers" not in picker and "data-seat" not in picker
    assert "data-prevalent" not in picker


def test_replayed_hand_with_tiles_is_stored_once(client, table):
    """A lost answer retried with the same key and tiles: one hand, no error."""
    e, s, w, n = player_ids(table)
    body = hand_data("discard", s, w, None, key="k1", tiles=json.dumps(SOUTH_PUNG))
    body["table_version"] = table.version
    assert client.post(url("hand-create", table), body).status_code == 302
    again = client.post(url("hand-create", table), body)
    assert again.status_code == 302
    assert Hand.objects.filter(table=table).count() == 1


def test_preview_names_the_winners_seat_wind_before_any_tile(client, table):
    e, s, w, n = player_ids(table)
    page = client.post(
        url("tiles-preview", table), hand_data("self_draw", w, None, None)
    ).content.decode()
    assert "Counted with the winner's seat wind, West, in the East round." in page
    assert "data-fill" not in page
