"""Audit of ``python -m leagues.ema`` against the words of issue 14, item 4.

A reference written straight from the issue's sentences (part A: the weighted
mean of all counted results and the dummies) is compared with the command on
random requests that give only the issue's params, or none.
"""

from __future__ import annotations

import json
import math
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.ema.protocol import run

ON = date(2026, 6, 1)
EMA: dict[str, Any] = {"ages": [[365, 1], [730, 0.5]], "min_results": 5, "best": 4}
EMA |= {"part_a": 0.5, "min_listed": 2}


def reference(request: dict[str, Any]) -> list[tuple[object, str, int]]:
    """The issue's formula, sentence by sentence, exact."""
    params = {**EMA, **request.get("params", {})}
    on = date.fromisoformat(str(request["date"]))
    by_player: dict[object, list[tuple[Fraction, Fraction]]] = {}
    for item in request["results"]:
        n, p = item["players"], item["place"]
        r = Fraction(1000 * (n - p), n - 1)
        age = (on - date.fromisoformat(item["date"])).days
        factors = [Fraction(str(f)) for d, f in params["ages"] if 0 <= age <= d]
        if factors:
            weight = Fraction(str(item["weight"])) * factors[0]
            by_player.setdefault(item["player"], []).append((r, weight))
    rows = []
    for player, counted in by_player.items():
        if len(counted) < params["min_listed"]:
            continue
        best = sorted(counted, key=lambda rw: (-rw[0], -rw[1]))
        every = best + [(Fraction(0), Fraction(1))] * max(
            0, params["min_results"] - len(counted)
        )

        def mean(items: list[tuple[Fraction, Fraction]]) -> Fraction:
            total = sum((r * w for r, w in items), Fraction(0))
            return total / sum((w for _, w in items), Fraction(0))

        a = Fraction(str(params["part_a"]))
        rating = a * mean(every) + (1 - a) * mean(every[: params["best"]])
        rounded = (Decimal(rating.numerator) / Decimal(rating.denominator)).quantize(
            Decimal("0.01"), rounding=ROUND_HALF_UP
        )
        rows.append((rating, player, str(rounded), len(counted)))
    rows.sort(key=lambda row: (-row[0], row[1]))
    return [(player, rounded, count) for _, player, rounded, count in rows]


def answered(request: dict[str, Any]) -> list[tuple[object, str, int]]:
    status, text = run(json.dumps(request))
    assert status == 0, text
    return [
        (row["player"], f"{row['rating']:.2f}", row["results"])
        for row in json.loads(text, parse_float=Decimal)["ranking"]
    ]


def ten_results() -> list[dict[str, object]]:
    """Ten recent results of one player, base ranks 100, 200, ... 1000."""
    return [
        {
            "player": 1,
            "tournament": t,
            "date": ON.isoformat(),
            "place": 41 - 4 * t,
            "players": 41,
            "weight": 1,
        }
        for t in range(1, 11)
    ]


def test_default_part_a_is_the_mean_of_all_counted_results() -> None:
    """Ten results, no params: A = 550 (all ten), B = 850 (the best 4), so the
    rating is 700.00 as the issue words the method."""
    request = {"date": ON.isoformat(), "results": ten_results()}
    assert answered(request) == [(1, "700.00", 10)]
    assert answered({**request, "params": EMA}) == [(1, "700.00", 10)]


def test_the_emas_best_5_plus_80_percent_stays_available() -> None:
    """part_a_share 0.8 keeps 9 of 10 in part A: A = 600, rating 725.00."""
    request: dict[str, Any] = {"date": ON.isoformat(), "results": ten_results()}
    request["params"] = {"part_a_share": 0.8}
    assert answered(request) == [(1, "725.00", 10)]


result_rows = st.lists(
    st.tuples(
        st.integers(1, 5),  # player
        st.integers(2, 30),  # players
        st.integers(0, 29),  # place - 1 (clipped to the field)
        st.integers(-5, 800),  # age in days (negative: after the date)
        st.sampled_from(["1", "1.5", "2", "2.5", "3.5"]),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(result_rows, st.booleans(), st.integers(0, 7), st.integers(1, 6))
def test_command_matches_the_issues_formula(
    rows: list[tuple[int, int, int, int, str]],
    with_params: bool,
    min_results: int,
    best: int,
) -> None:
    """Random requests, the issue's params or none: the command and the
    reference give the same table."""
    results = [
        {
            "player": player,
            "tournament": index,
            "date": (ON - timedelta(days=age)).isoformat(),
            "place": 1 + place % n,
            "players": n,
            "weight": Decimal(weight),
        }
        for index, (player, n, place, age, weight) in enumerate(rows)
    ]
    request: dict[str, Any] = {"date": ON.isoformat(), "results": results}
    if with_params:
        request["params"] = {
            "ages": [[100, 1], [400, "1/3"], [700, 0.25]],
            "min_results": min_results,
            "best": best,
            "part_a": 0.3,
            "min_listed": 1,
        }
    text = json.dumps(request, default=float)
    assert answered(json.loads(text)) == reference(json.loads(text))


def test_reference_agrees_with_a_hand_computation() -> None:
    """The reference itself on a case done by hand: one win (weight 2) and a
    second place of 4 a year and a month ago (weight 2 x 1/2): A = (2000 +
    666.67) / 6, B = (2000 + 666.67 + 0 + 0) / 5, rating = 488.89."""
    results = ten_results()[:2]
    results[0] |= {"place": 1, "players": 4, "weight": 2}
    results[1] |= {"place": 2, "players": 4, "weight": 2, "date": "2025-05-01"}
    request = {"date": ON.isoformat(), "results": results}
    a = Fraction(2000 + Fraction(2000, 3), 6)
    b = Fraction(2000 + Fraction(2000, 3), 5)
    assert math.isclose(float((a + b) / 2), 488.888, abs_tol=0.001)
    assert reference(request) == [(1, "488.89", 2)] == answered(request)
