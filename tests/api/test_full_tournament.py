"""A whole 16-player MCR tournament through the API alone.

The expected payments, session scores, table points and ranks are computed
here from mcr.md (sections 4 and 7) independently of the engine.
"""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

PLACE_POINTS = [4, 2, 1, 0]


def expected_payments(result: dict, players: list[int]) -> dict[int, int]:
    """mcr.md section 4, written out by hand."""
    pay = dict.fromkeys(players, 0)
    if result["kind"] == "draw":
        return pay
    total = result["fan_total"] + result["flowers"]
    winner = result["winner"]
    for other in players:
        if other == winner:
            continue
        if result["kind"] == "self_draw":
            amount = total + 8
        else:
            amount = total + 8 if other == result["discarder"] else 8
        pay[other] -= amount
        pay[winner] += amount
    return pay


def expected_table_points(scores: dict[int, int]) -> dict[int, Fraction]:
    """4/2/1/0 by score; tied players share the points of their places."""
    ordered = sorted(scores.values(), reverse=True)
    points = {}
    for player, score in scores.items():
        places = [i for i, s in enumerate(ordered) if s == score]
        points[player] = Fraction(sum(PLACE_POINTS[i] for i in places), len(places))
    return points


def random_result(rng: random.Random, players: list[int]) -> dict:
    roll = rng.random()
    if roll < 0.2:
        return {"kind": "draw"}
    winner = rng.choice(players)
    fans = rng.choice([8, 8, 9, 10, 12, 16, 24, 32, 88])
    flowers = rng.choice([0, 0, 1, 2])
    if roll < 0.5:
        return {
            "kind": "self_draw",
            "winner": winner,
            "fan_total": fans,
            "flowers": flowers,
        }
    discarder = rng.choice([p for p in players if p != winner])
    return {
        "kind": "discard",
        "winner": winner,
        "discarder": discarder,
        "fan_total": fans,
        "flowers": flowers,
    }


def play_round(api, slug, number, rng, session_scores, capture):
    with capture(execute=True):
        response = api.post(
            f"/api/tournaments/{slug}/rounds/{number}/seating/", {"seed": number}
        )
    assert response.status_code == 202, response.content
    round_data = api.get(f"/api/tournaments/{slug}/rounds/{number}/").json()
    assert round_data["seating_state"] == "done"
    assert len(round_data["tables"]) == 4
    for table in round_data["tables"]:
        players = [seat["player"] for seat in table["seats"]]
        table_scores = play_table(api, table["id"], players, rng)
        for player, score in table_scores.items():
            session_scores[player].append((number, score, table_scores))
    response = api.post(f"/api/tournaments/{slug}/rounds/{number}/finish/")
    assert response.status_code == 200, response.content


def play_table(api, table_id, players, rng):
    scores = dict.fromkeys(players, 0)
    for hand_number in range(16):
        result = random_result(rng, players)
        key = f"t{table_id}-h{hand_number}"
        response = api.post(
            f"/api/tables/{table_id}/hands/",
            result,
            format="json",
            HTTP_IDEMPOTENCY_KEY=key,
        )
        assert response.status_code == 201, response.content
        if hand_number == 3:  # a tablet on a cut network sends the hand again
            again = api.post(
                f"/api/tables/{table_id}/hands/",
                result,
                format="json",
                HTTP_IDEMPOTENCY_KEY=key,
            )
            assert again.status_code == 200
            assert again.json()["id"] == response.json()["id"]
        if hand_number == 5:  # the referee corrects the hand just entered
            result = {
                "kind": "self_draw",
                "winner": players[2],
                "fan_total": 10,
                "flowers": 1,
            }
            hand = response.json()
            response = api.patch(
                f"/api/hands/{hand['id']}/",
                {"version": hand["version"], "result": result},
                format="json",
            )
            assert response.status_code == 200, response.content
        assert response.json()["deltas"] == [
            expected_payments(result, players)[p] for p in players
        ]
        for player, amount in expected_payments(result, players).items():
            scores[player] += amount
    if table_id % 2:
        offender = players[1]
        response = api.post(
            f"/api/tables/{table_id}/penalties/",
            {"player": offender, "kind": "false_hu"},
            format="json",
        )
        assert response.status_code == 201, response.content
        for player in players:
            scores[player] += -30 if player == offender else 10
        response = api.post(
            f"/api/tables/{table_id}/penalties/",
            {
                "player": players[3],
                "kind": "referee",
                "points": 5,
                "reason": "slow play",
            },
            format="json",
        )
        assert response.status_code == 201
        scores[players[3]] -= 5
    response = api.post(f"/api/tables/{table_id}/close/", {}, format="json")
    assert response.status_code == 200, response.content
    sheet = api.get(f"/api/tables/{table_id}/").json()
    assert [seat["score"] for seat in sheet["seats"]] == [scores[p] for p in players]
    return scores


def expected_standings(session_scores):
    rows = []
    for player, sessions in session_scores.items():
        points = sum(expected_table_points(table)[player] for _, _, table in sessions)
        total = sum(score for _, score, _ in sessions)
        places = [0, 0, 0, 0]
        for _, score, table in sessions:
            places[sorted(table.values(), reverse=True).index(score)] += 1
        best = max(score for _, score, _ in sessions)
        rows.append((player, points, total, tuple(places), best))
    key = lambda row: (row[1], row[2], row[3][0], row[3][1], row[3][2], row[4])  # noqa: E731
    rows.sort(key=key, reverse=True)
    ranked = []
    for row in rows:
        rank = 1 + sum(1 for other in rows if key(other) > key(row))
        ranked.append((rank, row[0], row[1], row[2]))
    return ranked


def test_a_whole_tournament_through_the_api(api, django_capture_on_commit_callbacks):
    response = api.post(
        "/api/tournaments/",
        {"name": "API Open", "rounds_count": 4, "seating_mode": "random"},
        format="json",
    )
    assert response.status_code == 201, response.content
    slug = response.json()["slug"]
    players = [{"first_name": f"P{i}", "last_name": f"Player {i}"} for i in range(16)]
    response = api.post(f"/api/tournaments/{slug}/players/", players, format="json")
    assert response.status_code == 201, response.content
    assert len(response.json()) == 16

    rng = random.Random(7)
    session_scores = defaultdict(list)
    for number in range(1, 5):
        play_round(
            api, slug, number, rng, session_scores, django_capture_on_commit_callbacks
        )

    standings = api.get(f"/api/tournaments/{slug}/standings/").json()
    got = [
        (r["rank"], r["player"], Fraction(r["table_points"]), r["score"])
        for r in standings
    ]
    assert got == expected_standings(session_scores)
    assert sum(Fraction(r["table_points"]) for r in standings) == 4 * 4 * 7
    assert api.get(f"/api/tournaments/{slug}/").json()["status"] == "finished"
