"""French classic (simple, advanced) and encyclopaedia hands through the API
(issue 13): each player's hand built set by set or typed, the payments the
rule documents give, every player's hand score stored with the hand, the
deal's East, and the standings by total score."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from tests.factories import player_ids, seated_table
from tests.integration.page_factories import organised_table, post_hand
from tournaments.models import Hand
from tournaments.selectors.rules import deal_of
from tournaments.services import exports

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

# french-classic.md's worked example: North's Mah-Jong, dominant wind South.
EXAMPLE_SETS = [
    {"kind": "pair", "tiles": "11z", "concealed": False},
    {"kind": "pung", "tiles": "222z", "concealed": False},
    {"kind": "pung", "tiles": "444m", "concealed": True},
    {"kind": "chow", "tiles": "123p", "concealed": False},
    {"kind": "chow", "tiles": "789s", "concealed": False},
]


def table_of(organiser, ruleset, **options):
    return organised_table(organiser, ruleset=ruleset, ruleset_options=options)


def test_the_worked_example_built_set_by_set_scores_56(api, organiser):
    """Simple system: North's hand of the rule document, built on the API by
    player id, scores 56; East's hand is doubled; nobody pays anybody."""
    table = table_of(organiser, "french_simple")
    east, south, west, north = player_ids(table)
    body = {
        "kind": "discard",
        "winner": north,
        "discarder": south,
        "dominant_wind": "S",
        "hands": {
            str(north): {"sets": EXAMPLE_SETS},
            str(east): {"sets": [{"kind": "pung", "tiles": "555p"}], "flowers": [1]},
        },
        "scores": {str(south): 12, str(west): 0},
    }
    answer = post_hand(api, table, body)
    # East: pung of 5s (2) + flower (4) = 6, doubled as East = 12.
    assert answer["deltas"] == [12, 12, 0, 56]
    assert answer["fans"]["scores"] == [12, 12, 0, 56]
    north_sheet = answer["fans"]["sheets"][3]
    assert (north_sheet["added"], north_sheet["points"]) == (28, 56)
    assert [d["code"] for d in north_sheet["doublings"]] == ["dominant_wind"]
    assert answer["fans"]["sheets"][1] is None  # South's score was typed
    hand = Hand.objects.get(pk=answer["id"])
    assert hand.result["hands"][3]["sets"][1]["tiles"] == "222z"
    assert hand.winner.registration.player_id == north


def test_the_advanced_settlement_of_the_rule_document(api, organiser):
    """South wins with 60; East 80, West 20, North 0: South +160, East +240,
    West -160, North -240 (typed scores, the table counting by hand)."""
    table = table_of(organiser, "french_advanced")
    east, south, west, north = player_ids(table)
    scores = {str(east): 80, str(south): 60, str(west): 20, str(north): 0}
    answer = post_hand(
        api,
        table,
        {"kind": "self_draw", "winner": south, "dominant_wind": "E", "scores": scores},
    )
    assert answer["deltas"] == [240, 160, -160, -240]
    assert answer["fans"]["scores"] == [80, 60, 20, 0]
    # South won: the winds rotate, South deals the next hand.
    sheet = api.get(f"/api/tables/{table.pk}/").json()
    assert sheet["hands"][0]["deltas"] == [240, 160, -160, -240]
    second = post_hand(
        api,
        table,
        {"kind": "draw", "dominant_wind": "E", "scores": dict.fromkeys(scores, 0)},
    )
    assert second["seat_winds"] == "NESW"
    assert deal_of(Hand.objects.get(pk=second["id"])).dealer == 1


def test_east_keeps_the_deal_on_an_east_win(api, organiser):
    table = table_of(organiser, "french_simple")
    east, south, west, north = player_ids(table)
    scores = {str(east): 40, str(south): 8, str(west): 0, str(north): 4}
    post_hand(api, table, {"kind": "self_draw", "winner": east, "dominant_wind": "W",
                           "scores": scores})  # fmt: skip
    second = post_hand(
        api,
        table,
        {"kind": "discard", "winner": west, "dominant_wind": "N", "scores": scores},
    )
    assert second["seat_winds"] == "ESWN"
    assert deal_of(Hand.objects.get(pk=second["id"])).counter("east_kept") == 1


def test_a_refused_hand_names_its_field(api, organiser):
    """A Mah-Jong hand of three sets is refused, naming the player's sets."""
    table = table_of(organiser, "french_simple")
    east, south, west, north = player_ids(table)
    body = {
        "kind": "discard",
        "winner": north,
        "dominant_wind": "S",
        "hands": {str(north): {"sets": EXAMPLE_SETS[:3]}},
        "scores": {str(east): 0, str(south): 0, str(west): 0},
    }
    answer = post_hand(api, table, body, status=422)
    assert "hands[3].sets" in str(answer) or "sets" in str(answer)
    assert not Hand.objects.filter(table=table).exists()


def test_an_encyclopaedia_hand_scores_each_player_in_finishing_order(api, organiser):
    """Two players finish: the first's one-suit pung hand takes x6, the
    second keeps 40 plus sets; players who did not finish keep plain points."""
    table = table_of(organiser, "encyclopaedia")
    east, south, west, north = player_ids(table)
    one_suit = [
        {"kind": "pung", "tiles": "111m"},
        {"kind": "pung", "tiles": "555m"},
        {"kind": "kong", "tiles": "7777m"},
        {"kind": "pung", "tiles": "999m"},
        {"kind": "pair", "tiles": "22m"},
    ]
    answer = post_hand(
        api,
        table,
        {
            "kind": "self_draw",
            "finish": {str(west): 1, str(east): 2},
            "hands": {str(west): {"sets": one_suit, "announced": True}},
            "scores": {str(east): 55, str(south): 15, str(north): 0},
        },
    )
    # West: 5 + 5 + 10 + 5 + 100 = 125, x2 (pungs only) x3 (one suit) = 750.
    assert answer["deltas"] == [55, 15, 750, 0]
    assert answer["winner"] == west
    assert answer["fans"]["sheets"][2]["factor"] == 6


def test_a_club_night_runs_to_the_standings(api, organiser):
    """Two tables of the simple system, four hands each (the session's
    length a rules option), closed; the standings rank by total score and
    table points are 4/2/1/0 by table rank."""
    first = table_of(organiser, "french_simple", hands_per_session=4)
    tournament = first.round.tournament
    second = seated_table(tournament)
    for table, base in ((first, 10), (second, 100)):
        players = player_ids(table)
        for number in range(4):
            scores = {str(p): base * (i + 1) for i, p in enumerate(players)}
            post_hand(api, table, {"kind": "discard", "winner": players[number % 4],
                                   "dominant_wind": "E", "scores": scores})  # fmt: skip
        response = api.post(f"/api/tables/{table.pk}/close/", {}, format="json")
        assert response.status_code == 200, response.content
    rows = api.get(f"/api/tournaments/{tournament.slug}/standings/").json()
    # Each table: every hand scores 1x, 2x, 3x, 4x the base from East to North.
    assert [row["score"] for row in rows] == [1600, 1200, 800, 400, 160, 120, 80, 40]
    assert [row["rank"] for row in rows] == list(range(1, 9))
    assert [row["table_points"] for row in rows] == ["4", "2", "1", "0"] * 2


def test_table_points_are_a_tournament_choice(api, organiser):
    """With ``table_points`` off nobody gets any; the score still ranks."""
    table = table_of(organiser, "encyclopaedia", hands_per_session=1,
                     table_points=False)  # fmt: skip
    players = player_ids(table)
    post_hand(api, table, {"kind": "draw", "scores": {str(p): 5 * i for i, p in
                                                      enumerate(players)}})  # fmt: skip
    closed = api.post(f"/api/tables/{table.pk}/close/", {}, format="json")
    assert closed.status_code == 200, closed.content
    slug = table.round.tournament.slug
    rows = api.get(f"/api/tournaments/{slug}/standings/").json()
    assert [row["score"] for row in rows] == [15, 10, 5, 0]
    assert {row["table_points"] for row in rows} == {"0"}


def test_a_repeated_hand_is_stored_once_and_a_correction_rescores(api, organiser):
    """The same request with the same Idempotency-Key stores one hand; a
    PATCH with new sets re-scores it and re-settles the advanced payments."""
    table = table_of(organiser, "french_advanced")
    east, south, west, north = player_ids(table)
    body = {
        "kind": "discard",
        "winner": north,
        "dominant_wind": "S",
        "hands": {str(north): {"sets": EXAMPLE_SETS}},
        "scores": {str(east): 0, str(south): 0, str(west): 0},
    }
    url = f"/api/tables/{table.pk}/hands/"
    first = api.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    again = api.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert Hand.objects.filter(table=table).count() == 1
    # North 56, the others 0: East pays 2x56, South and West 56 each.
    assert first.json()["deltas"] == [-112, -56, -56, 224]
    hand = first.json()
    concealed = [dict(s, concealed=True) for s in EXAMPLE_SETS]
    patched = api.patch(
        f"/api/hands/{hand['id']}/",
        {"version": hand["version"], "result": {**body, "hands": {
            str(north): {"sets": concealed}}}},
        format="json",
    )  # fmt: skip
    assert patched.status_code == 200, patched.content
    # Every set concealed: the pung of 4s stays 4, South's pung 8, the pair
    # 0, and the hand doubles once more (entirely concealed): 32 x 4 = 128.
    assert patched.json()["fans"]["scores"][3] == 128
    assert patched.json()["deltas"] == [-256, -128, -128, 512]


def club_night_body(ruleset, players, number):
    """Hand ``number`` of a table: the players' scores grow with their seat
    and the hand; the winner turns round the table."""
    winner = players[number % 4]
    scores = {str(p): 4 * (seat + 1) + number for seat, p in enumerate(players)}
    if ruleset == "encyclopaedia":
        return {"kind": "discard", "finish": {str(winner): 1}, "scores": scores}
    return {"kind": "discard", "winner": winner, "dominant_wind": "E",
            "scores": scores}  # fmt: skip


@pytest.mark.parametrize("ruleset", ["french_simple", "french_advanced",
                                     "encyclopaedia"])  # fmt: skip
def test_a_club_night_from_the_tablets_to_the_standings_and_the_workbook(
    api, organiser, ruleset
):
    """Two tables of one system, four hands each, closed: each player's
    standing score is the sum of their payments, ranked by score, with
    4/2/1/0 table points per table; the workbook lists every hand with
    every player's hand score."""
    first = table_of(organiser, ruleset, hands_per_session=4)
    tournament = first.round.tournament
    tables = [first, seated_table(tournament)]
    for table in tables:
        players = player_ids(table)
        for number in range(4):
            post_hand(api, table, club_night_body(ruleset, players, number))
        closed = api.post(f"/api/tables/{table.pk}/close/", {}, format="json")
        assert closed.status_code == 200, closed.content
    totals: dict[int, int] = {}
    for table in tables:
        for hand in Hand.objects.filter(table=table):
            for player, delta in zip(player_ids(table), hand.deltas, strict=True):
                totals[player] = totals.get(player, 0) + delta
    rows = api.get(f"/api/tournaments/{tournament.slug}/standings/").json()
    assert {row["player"]: row["score"] for row in rows} == totals
    assert [row["score"] for row in rows] == sorted(totals.values(), reverse=True)
    assert sorted(row["table_points"] for row in rows) == sorted(
        ["4", "2", "1", "0"] * 2
    )
    _name, content = exports.build_export(
        tournament=tournament, kind="xlsx", language="en"
    )
    hands = list(
        load_workbook(io.BytesIO(content))["Hands"].iter_rows(values_only=True)
    )
    assert len(hands) == 1 + 8
    first_row = hands[1]
    assert [int(part.rsplit(" ", 1)[1]) for part in first_row[7].split("; ")] == [
        4, 8, 12, 16,
    ]  # fmt: skip
