"""Audit of issue 12's riichi table through the API, as an outside client
plays it: double ron, dobon, the West extension and the sticks left on the
table at the end, every figure worked out by hand from riichi.md.

Players A, B, C, D sit East, South, West, North in the first hand (seats
0..3)."""

from __future__ import annotations

import pytest

from scoring.engine.riichi import RIICHI
from tests.factories import player_ids
from tests.integration.page_factories import organised_table, post_hand

pytestmark = pytest.mark.django_db


def riichi_table(organiser, **options):
    return organised_table(organiser, ruleset="riichi", ruleset_options=options)


def seats(api, table, close=None):
    if close is None:
        sheet = api.get(f"/api/tables/{table.pk}/").json()
    else:
        response = api.post(f"/api/tables/{table.pk}/close/", close, format="json")
        assert response.status_code == 200, response.content
        sheet = response.json()
    by_player = {seat["player"]: seat for seat in sheet["seats"]}
    return [by_player[player] for player in player_ids(table)]


def test_double_ron_gives_the_sticks_and_honba_to_the_first_in_turn(api, organiser):
    """E1: draw, B (riichi) alone tenpai: A (dealer, noten) passes the deal,
    honba 1, one stick. E2 (B deals): C discards, D and A call. Turn order
    from C: D first. D: 2 han 30 fu, 2,000 + 300 honba + the stick; A: 1 han
    30 fu, 1,000. Then C deals with nothing on the table."""
    table = riichi_table(organiser)
    a, b, c, d = player_ids(table)
    assert post_hand(api, table, {"kind": "draw", "riichi": [b], "tenpai": [b]})[
        "deltas"
    ] == [0, -1_000, 0, 0]
    body = {"kind": "discard", "discarder": c, "winner": a, "han": 1, "fu": 30}
    body |= {"winner_2": d, "han_2": 2, "fu_2": 30}
    assert post_hand(api, table, body)["deltas"] == [1_000, 0, -3_300, 2_300 + 1_000]
    third = post_hand(api, table, {"kind": "abortive_draw"})
    assert third["counters"] == {"honba": 0, "deposits": 0, "round": 0}
    assert third["seat_winds"] == "WNES"  # C deals: A West, B North, C East


def test_dobon_ends_the_game_and_costs_10_000(api, organiser):
    """The "modern" preset: A (dealer) rons C with a double yakuman,
    96,000: C holds -71,000, below zero, so the game is over. Points A
    121,000, B 25,000, C -71,000, D 25,000 round to 121, 25, -71, 25; minus
    30: (top) A, -5, -101, -5; A takes +111. Uma by place A, B (tied with D,
    sat first), D, C: 126, 0, -116, -10; C's dobon: -10 more."""
    table = riichi_table(organiser, **RIICHI.option_presets()["modern"])
    a, b, c, d = player_ids(table)
    body = {"kind": "discard", "winner": a, "discarder": c, "yakuman": 2}
    assert post_hand(api, table, body)["deltas"] == [96_000, 0, -96_000, 0]
    post_hand(api, table, {"kind": "abortive_draw"}, status=409)
    finals = seats(api, table, close={})
    assert [s["table_points"] for s in finals] == ["126", "0", "-126", "-10"]
    assert [s["rank"] for s in finals] == [1, 2, 4, 3]


def test_the_west_round_when_nobody_reached_the_return_line(api, organiser):
    """Eight draws, nobody tenpai: the deal passes each time and after South
    everybody holds 25,000, below 30,000: a West round, then a North round
    (sixteen hands); the game is then over."""
    table = riichi_table(organiser)
    for number in range(16):
        hand = post_hand(api, table, {"kind": "draw", "tenpai": []})
        assert hand["counters"]["honba"] == number
        assert hand["prevalent_wind"] == "ESWN"[number // 4]
    post_hand(api, table, {"kind": "draw", "tenpai": []}, status=409)


@pytest.mark.parametrize(
    ("options", "scores"),
    [
        ({}, [-1_000, 4_900, -3_900, 0]),
        ({"leftover_deposits": "lost"}, [-1_000, 3_900, -3_900, 0]),
    ],
    ids=["to_the_top_player", "lost"],
)
def test_sticks_left_at_the_end(api, organiser, options, scores):
    """B rons C (3 han 30 fu, 3,900), then A declares riichi and time is
    called with A's stick on the table. Points held: A 24,000, B 28,900, C
    21,100, D 25,000; the stick goes to B (top): 29,900. Final scores: 24 -
    30 = -6, (top) B, 21 - 30 = -9, 25 - 30 = -5: B +20; uma: -11, 35, -24,
    0. Under ``leftover_deposits: "lost"`` nobody takes A's stick."""
    table = riichi_table(organiser, **options)
    a, b, c, d = player_ids(table)
    post_hand(api, table, {"kind": "discard", "winner": b, "discarder": c, "han": 3,
                           "fu": 30})  # fmt: skip
    post_hand(api, table, {"kind": "draw", "riichi": [a], "tenpai": [a]})
    finals = seats(api, table, close={"time_called": True})
    assert [s["score"] for s in finals] == scores
    assert [s["table_points"] for s in finals] == ["-11", "35", "-24", "0"]


def test_the_api_hand_carries_its_honba_and_sticks(api, anonymous_api, organiser):
    """A scoreboard reading the API sees the counters each hand was played
    under, as the tablet shows them; the schema documents them."""
    table = riichi_table(organiser)
    a, b, c, d = player_ids(table)
    post_hand(api, table, {"kind": "draw", "riichi": [b], "tenpai": [a, b]})
    hands = api.get(f"/api/tables/{table.pk}/").json()["hands"]
    assert hands[0]["counters"]["honba"] == 0
    second = post_hand(api, table, {"kind": "abortive_draw"})
    assert (second["counters"]["honba"], second["counters"]["deposits"]) == (1, 1)
    schema = anonymous_api.get("/api/schema/", {"format": "json"}).json()
    outputs = [
        body["properties"]["counters"]
        for body in schema["components"]["schemas"].values()
        if "counters" in body.get("properties", {})
    ]
    assert outputs and "honba" in outputs[0]["description"]


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        # riichi.md: three players calling ron on one tile is an abortive
        # draw (the default "double" setting); the third winner must not be
        # dropped, leaving a double ron on the sheet.
        ({"winner_3": "d", "han_3": 1, "fu_3": 30}, "winner_3"),
        # MCR's points mean nothing at a riichi table.
        ({"fan_total": 8}, "fan_total"),
    ],
)
def test_an_input_the_tables_rules_do_not_read_is_refused(api, organiser, extra, field):
    table = riichi_table(organiser)
    a, b, c, d = player_ids(table)
    extra = {key: d if value == "d" else value for key, value in extra.items()}
    body = {"kind": "discard", "discarder": b, "winner": a, "han": 1, "fu": 30}
    body |= {"winner_2": c, "han_2": 1, "fu_2": 30}
    response = api.post(f"/api/tables/{table.pk}/hands/", body | extra, format="json")
    assert response.status_code == 422, response.content
    assert response.json()["field"] == field
    assert not table.hands.exists()


def test_the_schema_documents_the_third_winner_of_a_triple_ron(anonymous_api):
    """The EMA rules let three players win on one discard: the schema shows
    the third winner's inputs beside the second's."""
    schema = anonymous_api.get("/api/schema/", {"format": "json"}).json()
    body = schema["components"]["schemas"]["HandListInputRequest"]["properties"]
    assert {"winner_2", "han_2", "winner_3", "han_3", "fu_3", "yakuman_3"} <= set(body)


def test_a_game_under_the_ema_preset(api, organiser):
    """The "ema" preset: 30,000 to start and return, 3,000 tenpai payment,
    triple ron, 13 counted han a sanbaiman, chombo a 20,000 deduction.

    1. E1: draw, A (dealer) and C (riichi) tenpai: B and D pay 1,500 each;
       A stays, honba 1, one stick.
    2. E1-1: B discards, A, C and D call. Turn order from B: C first (1 han
       30 fu, 1,000 + 300 honba + the stick), D (13 han: a sanbaiman,
       24,000), A (the dealer, 2 han 30 fu: 2,880 -> 2,900).
    3. E1-2: D's chombo: 20,000 off D's final score only.
    4. E1-2 again: draw, A (riichi) alone tenpai: 1,000 from each other.
       Time is called with A's stick on the table.

    Points held A 36,400, B -700, C 31,800, D 51,500 (the chombo aside):
    6, -31, 2, and D (top) +23; uma: A 11, B -46, C -3, D 38; D's chombo:
    18. D takes the stick left on the table: D's balance 21,500 - 20,000 +
    1,000."""
    table = riichi_table(organiser, **RIICHI.option_presets()["ema"])
    a, b, c, d = player_ids(table)
    hands = [
        ({"kind": "draw", "riichi": [c], "tenpai": [a, c]},
         [1_500, -1_500, 500, -1_500]),
        ({"kind": "discard", "discarder": b, "winner": a, "han": 2, "fu": 30,
          "winner_2": c, "han_2": 1, "fu_2": 30, "winner_3": d, "han_3": 13},
         [2_900, -28_200, 2_300, 24_000]),
        ({"kind": "chombo", "offender": d}, [0, 0, 0, -20_000]),
        ({"kind": "draw", "riichi": [a], "tenpai": [a]},
         [2_000, -1_000, -1_000, -1_000]),
    ]  # fmt: skip
    for body, deltas in hands:
        assert post_hand(api, table, body)["deltas"] == deltas, body
    finals = seats(api, table, close={"time_called": True})
    assert [s["table_points"] for s in finals] == ["11", "-46", "-3", "18"]
    assert [s["rank"] for s in finals] == [2, 4, 3, 1]
    assert [s["score"] for s in finals] == [6_400, -30_700, 1_800, 2_500]
