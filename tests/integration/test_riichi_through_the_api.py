"""Riichi hands through the API (issue 12, the Django layer's part): the
registry's inputs, the counters a riichi deal carries from hand to hand
(honba, deposits) stored with each hand, payments priced in that deal, and
the end of the game read with the next deal and the running scores."""

from __future__ import annotations

import pytest

from scoring.engine.riichi import RIICHI
from tests.factories import TournamentFactory, player_ids, seated_table
from tournaments.models import Hand
from tournaments.services.rules import deal_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def riichi_table(organiser):
    tournament = TournamentFactory(ruleset="riichi")
    tournament.organisers.add(organiser)
    return seated_table(tournament)


def post(api, table, body):
    response = api.post(f"/api/tables/{table.pk}/hands/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def engine_result(hand):
    return RIICHI.parse_result(hand.result, RIICHI.clean_options({}))


def test_a_dealer_ron_keeps_the_deal_and_carries_honba_and_deposits(api, riichi_table):
    east, south, west, north = player_ids(riichi_table)
    options = RIICHI.clean_options({})
    # Hand 1: South declares riichi, then East (the dealer) wins on West's discard.
    post(
        api,
        riichi_table,
        {"kind": "discard", "winner": east, "discarder": west, "han": 3, "fu": 30,
         "riichi": [south]},
    )  # fmt: skip
    # Hand 2: an exhaustive draw, East and North tenpai.
    post(api, riichi_table, {"kind": "draw", "tenpai": [east, north]})
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
    post(api, riichi_table, {"kind": "draw", "riichi": [south], "tenpai": [south]})
    page = client.get(f"/table/{riichi_table.token}/").content.decode()
    assert "Honba 1 · Riichi sticks on the table 1" in page


def hanchan(east, south, west, north):
    """A whole East-South game at the default settings (25,000 to start,
    30,000 return line, uma +15/+5/-5/-15, no tenpai payment), with each
    hand's payment worked out by hand from riichi.md (players A, B, C, D =
    seats 0..3; "basic" = fu x 2^(han+2), payments rounded up to 100)."""
    A, B, C, D = east, south, west, north
    return [
        # E1, A deals. B rons C, 3 han 30 fu: 960 x 4 = 3,840 -> 3,900.
        ({"kind": "discard", "winner": B, "discarder": C, "han": 3, "fu": 30},
         (0, 3_900, -3_900, 0)),
        # E2, B deals. A tsumo, 4 han 30 fu (basic 1,920): the dealer pays
        # 3,840 -> 3,900, each child 1,920 -> 2,000.
        ({"kind": "self_draw", "winner": A, "han": 4, "fu": 30},
         (7_900, -3_900, -2_000, -2_000)),
        # E3, C deals. Draw; B (riichi) and C tenpai: C stays, honba 1, B's
        # stick stays on the table.
        ({"kind": "draw", "riichi": [B], "tenpai": [B, C]}, (0, -1_000, 0, 0)),
        # E3-1. D rons A with a mangan: 8,000 + 300 honba, and the stick.
        ({"kind": "discard", "winner": D, "discarder": A, "han": 5},
         (-8_300, 0, 0, 9_300)),
        # E4, D deals. D tsumo, 2 han 40 fu (basic 640): 1,280 -> 1,300 each.
        ({"kind": "self_draw", "winner": D, "han": 2, "fu": 40},
         (-1_300, -1_300, -1_300, 3_900)),
        # E4-1. Abortive draw: nobody pays, honba 2.
        ({"kind": "abortive_draw"}, (0, 0, 0, 0)),
        # E4-2. B rons D, 1 han 30 fu: 960 -> 1,000 + 600 honba.
        ({"kind": "discard", "winner": B, "discarder": D, "han": 1, "fu": 30},
         (0, 1_600, 0, -1_600)),
        # S1, A deals. C's chombo, spread like a child's mangan tsumo: 4,000
        # to the dealer, 2,000 to each child; the hand is replayed.
        ({"kind": "chombo", "offender": C}, (4_000, 2_000, -8_000, 2_000)),
        # S1 again. A (dealer) rons B, 3 han 40 fu: 1,280 x 6 = 7,680 -> 7,700.
        ({"kind": "discard", "winner": A, "discarder": B, "han": 3, "fu": 40},
         (7_700, -7_700, 0, 0)),
        # S1-1. Draw, nobody tenpai: the deal passes, honba 2.
        ({"kind": "draw", "tenpai": []}, (0, 0, 0, 0)),
        # S2-2, B deals. B tsumo 1 han 30 fu: 480 -> 500 + 200 honba each.
        ({"kind": "self_draw", "winner": B, "han": 1, "fu": 30},
         (-700, 2_100, -700, -700)),
        # S2-3. C rons B, 2 han 30 fu: 1,920 -> 2,000 + 900 honba.
        ({"kind": "discard", "winner": C, "discarder": B, "han": 2, "fu": 30},
         (0, -2_900, 2_900, 0)),
        # S3, C deals. D tsumo 3 han 30 fu (basic 960): the dealer 1,920 ->
        # 2,000, the children 1,000.
        ({"kind": "self_draw", "winner": D, "han": 3, "fu": 30},
         (-1_000, -1_000, -2_000, 4_000)),
        # S4, D deals. A rons D, 2 han 30 fu: 2,000. A and D hold 30,000 or
        # more: no West round, the game is over.
        ({"kind": "discard", "winner": A, "discarder": D, "han": 2, "fu": 30},
         (2_000, 0, 0, -2_000)),
    ]  # fmt: skip


def test_a_whole_hanchan_through_the_api(api, client, riichi_table):
    """Every hand's payment, the end of the game after South and the final
    scores as riichi.md computes them by hand: points A 35,300, B 16,800,
    C 10,000, D 37,900 round to 35, 17, 10, 38; minus 30: +5, -13, -20, and
    the top player D +28; uma: D 43, A 10, B -18, C -35."""
    players = player_ids(riichi_table)
    game = hanchan(*players)
    for body, deltas in game:
        hand = post(api, riichi_table, body)
        assert tuple(hand["deltas"]) == deltas, (body, hand["deltas"])
    assert sum(sum(deltas) for _body, deltas in game) == 0
    # The game ended after South: no fifth hand of South, and the table closes.
    more = {"kind": "abortive_draw"}
    refused = api.post(f"/api/tables/{riichi_table.pk}/hands/", more, format="json")
    assert refused.status_code == 400
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
