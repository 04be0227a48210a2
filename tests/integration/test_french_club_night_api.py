"""A French club night run the way an outside client runs it (issue 13,
Done when): a league of the advanced system creates a night through the
API, seats two tables by name, sets the session's length on the rules,
enters built hands and typed scores, closes the tables; every payment, the
standings and the workbook's per-player hand scores are the figures worked
out by hand from french-classic.md. A family table does the same with the
encyclopaedia scoring."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from tournaments.services import exports

pytestmark = pytest.mark.django_db


def S(kind, tiles, concealed=False):
    return {"kind": kind, "tiles": tiles, "concealed": concealed}


def night(api, ruleset, tables, **options):
    """A league of ``ruleset``, a night, its tables seated: (slug, tables)
    with each table's id and player ids (East first)."""
    slug = f"club-{ruleset}".replace("_", "-")
    made = api.post("/api/leagues/", {"name": slug, "slug": slug, "ruleset": ruleset},
                    format="json")  # fmt: skip
    assert made.status_code == 201, made.content
    event = api.post(
        f"/api/leagues/{slug}/nights/", {"day": "2026-11-25"}, format="json"
    )
    assert event.status_code == 201, event.content
    event = event.json()
    seated = api.post(f"/api/leagues/{slug}/nights/{event['id']}/tables/",
                      {"tables": tables}, format="json")  # fmt: skip
    assert seated.status_code == 200, seated.content
    tournament = event["tournament"]
    patched = api.patch(f"/api/tournaments/{tournament}/",
                        {"ruleset_options": options}, format="json")  # fmt: skip
    assert patched.status_code == 200, patched.content
    rounds = api.get(f"/api/tournaments/{tournament}/rounds/1/").json()
    found = [(t["id"], [s["player"] for s in t["seats"]]) for t in rounds["tables"]]
    return tournament, found


def post(api, table, body):
    response = api.post(f"/api/tables/{table}/hands/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def close(api, table):
    response = api.post(f"/api/tables/{table}/close/", {}, format="json")
    assert response.status_code == 200, response.content


def hands_rows(tournament):
    from tournaments.models import Tournament

    _name, content = exports.build_export(
        tournament=Tournament.objects.get(slug=tournament), kind="xlsx", language="en"
    )
    return list(load_workbook(io.BytesIO(content))["Hands"].iter_rows(values_only=True))


def test_an_advanced_club_night_from_the_api_to_the_workbook(api):
    tournament, tables = night(
        api, "french_advanced",
        [["Ann A", "Bob B", "Cat C", "Dan D"], ["Eve E", "Fay F", "Gus G", "Hal H"]],
        hands_per_session=2,
    )  # fmt: skip
    (first, (a, b, c, d)), (second, (e, f, g, h)) = tables
    # Hand 1, dominant West. Bob (South) wins on the last discard:
    # 222z exposed 4 (seat x2), 666z concealed 16 (dragon x2), two chows,
    # pair 99m, Mah-Jong 20 = 40; x2 x2, last discard x2, pure (m) x8:
    # 2560 raw, 1000 after the limit. Ann (East, not doubled in the
    # advanced system): 777z 8 + flower 1 + season 1 = 16, dragon x2 and own
    # flower and season x2 = 64. Cat (West): exposed kong of West 16, seat
    # and dominant x2 x2 = 64. Dan declared a calling hand and lost: only
    # his flower, 4.
    one = post(api, first, {
        "kind": "discard", "winner": b, "discarder": c, "dominant_wind": "W",
        "hands": {
            str(b): {"sets": [S("pung", "222z"), S("pung", "666z", True),
                              S("chow", "123m"), S("chow", "456m"), S("pair", "99m")],
                     "last_discard": True},
            str(a): {"sets": [S("pung", "777z")], "flowers": [1], "seasons": [1]},
            str(c): {"sets": [S("kong", "3333z")]},
            str(d): {"sets": [S("pung", "555z")], "flowers": [4],
                     "calling_hand": True},
        },
    })  # fmt: skip
    assert one["fans"]["scores"] == [64, 1000, 64, 4]
    assert one["fans"]["sheets"][1]["raw"] == 2560
    # West, North pay 1000, East 2000; North pays East 2x60, West 60.
    assert one["deltas"] == [-1880, 4000, -940, -1180]
    # South won: the winds rotate, Bob is East.
    # Hand 2, dominant East: Bob (East) wins self-drawn: 111z exposed 4
    # (seat and dominant x2 x2; no round wind in a 2-hand session), three
    # chows, concealed pair of red dragons 2, Mah-Jong 20, self-drawn 5 =
    # 31, x4 = 124. Each pays him 2x124; the losers settle their
    # differences (Ann 20 typed, Cat 444s exposed 2, Dan 0).
    two = post(api, first, {
        "kind": "self_draw", "winner": b, "dominant_wind": "E",
        "hands": {
            str(b): {"sets": [S("chow", "123s"), S("chow", "456p"), S("chow", "789m"),
                              S("pung", "111z"), S("pair", "77z", True)]},
            str(c): {"sets": [S("pung", "444s")]},
        },
        "scores": {str(a): 20, str(d): 0},
    })  # fmt: skip
    assert two["seat_winds"] == "NESW"
    assert two["fans"]["scores"] == [20, 124, 2, 0]
    assert two["deltas"] == [-210, 744, -264, -270]
    close(api, first)
    # The second table counts by hand. East wins with 100, North has 150:
    # East receives 2x100 from each and pays North 4x50.
    typed = {str(e): 100, str(f): 0, str(g): 50, str(h): 150}
    post(
        api,
        second,
        {"kind": "self_draw", "winner": e, "dominant_wind": "S", "scores": typed},
    )
    eights = {str(p): 8 for p in (e, f, g, h)}
    washout = post(
        api, second, {"kind": "draw", "dominant_wind": "S", "scores": eights}
    )
    assert washout["deltas"] == [0, 0, 0, 0]
    close(api, second)
    rows = api.get(f"/api/tournaments/{tournament}/standings/").json()
    assert [(r["player"], r["score"], r["table_points"]) for r in rows] == [
        (b, 4744, "4"), (e, 400, "4"), (h, 250, "2"), (g, -250, "1"),
        (f, -400, "0"), (c, -1204, "2"), (d, -1450, "1"), (a, -2090, "0"),
    ]  # fmt: skip
    sheet = api.get(f"/api/tables/{first}/").json()
    assert [hand["fans"]["scores"] for hand in sheet["hands"]] == [
        [64, 1000, 64, 4], [20, 124, 2, 0],
    ]  # fmt: skip
    workbook = hands_rows(tournament)
    assert workbook[1][6] == 1000
    assert workbook[1][7] == "Ann A 64; Bob B 1000; Cat C 64; Dan D 4"
    assert workbook[2][7] == "Ann A 20; Bob B 124; Cat C 2; Dan D 0"


PUNGS_OF_CIRCLES = [S("pung", "222p"), S("pung", "333p"), S("pung", "555p"),
                    S("pung", "666p"), S("pair", "77p")]  # fmt: skip


def test_a_family_table_scores_every_finisher_in_order(api):
    tournament, [(table, (east, south, west, north))] = night(
        api, "encyclopaedia", [["Ann A", "Bob B", "Cat C", "Dan D"]],
        hands_per_session=1,
    )  # fmt: skip
    honours = [S("pung", "111z"), S("pung", "222z"), S("kong", "5555z"),
               S("pung", "777z"), S("pair", "33z")]  # fmt: skip
    one_suit = [S("chow", "123m"), S("chow", "456m"), S("chow", "789m"),
                S("pung", "999m"), S("pair", "11m")]  # fmt: skip
    hand = post(api, table, {
        "kind": "self_draw",
        "finish": {str(west): 1, str(east): 2, str(north): 3},
        "hands": {
            # 5 + 5 + 10 + 5 + a flower 5 + first 100 = 130, honours x10.
            str(west): {"sets": honours, "flowers": 1, "announced": True},
            # pung 5 + second 40 = 45, one suit x3 (chows: no x2).
            str(east): {"sets": one_suit, "announced": True},
            # did not finish: 5 + 10 + two flowers 10 = 25, no multiplier.
            str(south): {"sets": [S("pung", "444p"), S("kong", "8888s")], "flowers": 2},
            # finished third on a single wait not announced: nothing.
            str(north): {"sets": PUNGS_OF_CIRCLES, "announced": False},
        },
    })  # fmt: skip
    assert hand["deltas"] == [135, 25, 1300, 0]
    assert hand["fans"]["scores"] == [135, 25, 1300, 0]
    close(api, table)
    rows = api.get(f"/api/tournaments/{tournament}/standings/").json()
    assert [(r["player"], r["score"], r["table_points"]) for r in rows] == [
        (west, 1300, "4"), (east, 135, "2"), (south, 25, "1"), (north, 0, "0"),
    ]  # fmt: skip
    assert hands_rows(tournament)[1][7] == "Ann A 135; Bob B 25; Cat C 1300; Dan D 0"
