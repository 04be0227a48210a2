"""Riichi hands through the API (issue 12, the Django layer's part): the
registry's inputs, the counters a riichi deal carries from hand to hand
(honba, deposits) stored with each hand, payments priced in that deal, and
the end of the game read with the next deal and the running scores."""

from __future__ import annotations

import json

import pytest

from scoring.engine.riichi import RIICHI
from tests.factories import TournamentFactory, player_ids, seated_table
from tests.integration.page_factories import organised_table, post_hand
from tests.integration.riichi_games import hanchan
from tournaments.models import AuditEvent, Hand
from tournaments.selectors.rules import deal_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def riichi_table(organiser):
    return organised_table(organiser, ruleset="riichi")


def engine_result(hand):
    return RIICHI.parse_result(hand.result, RIICHI.clean_options({}))


def test_a_dealer_ron_keeps_the_deal_and_carries_honba_and_deposits(api, riichi_table):
    east, south, west, north = player_ids(riichi_table)
    options = RIICHI.clean_options({})
    # Hand 1: South declares riichi, then East (the dealer) wins on West's discard.
    post_hand(
        api,
        riichi_table,
        {"kind": "discard", "winner": east, "discarder": west, "han": 3, "fu": 30,
         "riichi": [south]},
    )  # fmt: skip
    # Hand 2: an exhaustive draw, East and North tenpai.
    post_hand(api, riichi_table, {"kind": "draw", "tenpai": [east, north]})
    first, second = Hand.objects.filter(table=riichi_table).order_by("number")
    assert dict(deal_of(first).counters)["honba"] == 0
    expected = RIICHI.next_deal(deal_of(first), engine_result(first), options)
    assert deal_of(second) == expected
    assert expected.counter("honba") == 1  # the dealer won: renchan
    # Each hand is priced in its own stored deal, sticks included.
    for hand in (first, second):
        deltas = RIICHI.hand_payments(engine_result(hand), deal_of(hand), options)
        assert hand.deltas == list(deltas)
    assert first.deltas[0] > 0 and first.deltas[1] == -1000  # South's stick
    # The API answers each hand with the rule set's own result.
    sheet = api.get(f"/api/tables/{riichi_table.pk}/").json()
    assert [hand["result"]["kind"] for hand in sheet["hands"]] == ["discard", "draw"]


def test_the_tablet_asks_for_riichi_declarations_as_touch_targets(client, riichi_table):
    """Several players may declare riichi: one big checkbox a player, the same
    touch targets as the winner's radio buttons."""
    page = client.get(f"/table/{riichi_table.token}/").content.decode()
    east = player_ids(riichi_table)[0]
    assert (
        f'<label class="choice"><input type="checkbox" name="riichi" value="{east}"'
        in page
    )
    assert 'name="han"' in page and 'name="fan_total"' not in page


def test_the_sheet_shows_honba_and_sticks_for_the_next_hand(api, client, riichi_table):
    east, south, west, north = player_ids(riichi_table)
    post_hand(api, riichi_table, {"kind": "draw", "riichi": [south], "tenpai": [south]})
    page = client.get(f"/table/{riichi_table.token}/").content.decode()
    assert "Honba 1 · Riichi sticks on the table 1" in page


def test_a_riichi_draw_is_an_exhaustive_draw_not_mcrs_washout(
    api, client, riichi_table
):
    """The draw at the end of the wall in riichi's words, on the form's
    choices and in the hand list; an MCR table keeps its washout."""
    east, south, west, north = player_ids(riichi_table)
    post_hand(api, riichi_table, {"kind": "draw", "tenpai": [east]})
    page = client.get(f"/table/{riichi_table.token}/").content.decode()
    assert page.count("Exhaustive draw (ryūkyoku)") == 2  # a choice, a hand
    assert "Washout" not in page
    mcr = seated_table(TournamentFactory(ruleset="mcr"))
    assert "Washout" in client.get(f"/table/{mcr.token}/").content.decode()


def test_a_whole_hanchan_through_the_api(api, client, riichi_table):
    """Every hand's payment, the end of the game after South and the final
    scores as riichi.md computes them by hand: points A 35,300, B 16,800,
    C 10,000, D 37,900 round to 35, 17, 10, 38; minus 30: +5, -13, -20, and
    the top player D +28; uma: D 43, A 10, B -18, C -35."""
    players = player_ids(riichi_table)
    game = hanchan(*players)
    for body, deltas in game:
        hand = post_hand(api, riichi_table, body)
        assert tuple(hand["deltas"]) == deltas, (body, hand["deltas"])
    assert sum(sum(deltas) for _body, deltas in game) == 0
    # The game ended after South: no fifth hand of South, and the table closes.
    more = {"kind": "abortive_draw"}
    refused = api.post(f"/api/tables/{riichi_table.pk}/hands/", more, format="json")
    assert refused.status_code == 409
    page = client.get(f"/table/{riichi_table.token}/").content.decode()
    assert ">35300<" in page and ">37900<" in page  # the points each holds
    closed = api.post(f"/api/tables/{riichi_table.pk}/close/", {}, format="json")
    assert closed.status_code == 200, closed.content
    sheet = closed.json()
    by_player = {seat["player"]: seat for seat in sheet["seats"]}
    finals = [by_player[player] for player in players]
    assert [seat["score"] for seat in finals] == [10_300, -8_200, -15_000, 12_900]
    assert [seat["table_points"] for seat in finals] == ["10", "-18", "-35", "43"]
    assert [seat["rank"] for seat in finals] == [2, 3, 4, 1]
    page = client.get(f"/table/{riichi_table.token}/").content.decode()
    assert "Final score (uma included) 43" in page


def test_the_openapi_schema_documents_riichi_hands(anonymous_api):
    """The hand input documents every registered rule set's inputs: MCR's
    points beside riichi's han, fu, declarations, tenpai and second winner."""
    response = anonymous_api.get("/api/schema/", {"format": "json"})
    schema = json.loads(response.content)
    body = schema["components"]["schemas"]["HandListInputRequest"]["properties"]
    assert {"fan_total", "han", "fu", "yakuman", "riichi", "tenpai"} <= set(body)
    assert {"offender", "winner_2", "han_2"} <= set(body)
    assert body["tenpai"]["description"] == "Tenpai at the draw"


def test_a_corrected_riichi_hand_reprices_the_hands_after_it(api, riichi_table):
    """Hand 1 was a dealer ron; corrected to a child's ron the deal passes,
    so hand 2 (a tsumo) is priced again in the new deal, without honba."""
    east, south, west, north = player_ids(riichi_table)
    ron = {"kind": "discard", "winner": east, "discarder": west, "han": 1, "fu": 30}
    first = post_hand(api, riichi_table, ron)
    # Hand 2 at honba 1 (the dealer won): North tsumo 1 han 30 fu (basic 240):
    # the dealer pays 500 + 100, South and West 300 + 100.
    tsumo = {"kind": "self_draw", "winner": north, "han": 1, "fu": 30}
    second = post_hand(api, riichi_table, tsumo)
    assert second["deltas"] == [-600, -400, -400, 1_400]
    body = {"version": first["version"],
            "result": {"kind": "discard", "winner": south, "discarder": west,
                       "han": 1, "fu": 30}}  # fmt: skip
    response = api.patch(f"/api/hands/{first['id']}/", body, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["deltas"] == [0, 1_000, -1_000, 0]
    # South now deals hand 2, no honba: North's tsumo is 500 from South,
    # 300 from East and West.
    second = Hand.objects.get(table=riichi_table, number=2)
    assert second.deltas == [-300, -500, -300, 1_100]
    assert dict(deal_of(second).counters)["honba"] == 0
    event = AuditEvent.objects.get(action="hand.correct")
    assert event.before["result"]["winner"] == 0
    assert event.after["result"]["winner"] == 1


def test_the_tablet_offers_only_riichis_penalties(client, riichi_table):
    """No False Hu at a riichi table: the penalty form offers the kinds the
    rule set prices (a chombo is a hand result there)."""
    page = client.get(f"/table/{riichi_table.token}/").content.decode()
    assert '<option value="referee">' in page
    assert 'value="false_hu"' not in page


def test_a_riichi_declared_without_tenpai_names_the_player(api, riichi_table):
    """The engine counts seats from 0: the referee read "Seat 2 declared
    riichi" for West, the third seat. The answer names West's player."""
    east, _south, west, _north = player_ids(riichi_table)
    answer = api.post(
        f"/api/tables/{riichi_table.pk}/hands/",
        {"kind": "draw", "tenpai": [east], "riichi": [west]},
        format="json",
    )
    assert answer.status_code == 422, answer.content
    name = str(riichi_table.seats.get(wind="W").registration.player)
    assert answer.json()["detail"] == f"{name} declared riichi but is not tenpai."
