"""End-of-game scores: rounding, return line, the top player, uma, ties."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.riichi import RIICHI
from scoring.engine.riichi.endgame import end_scores, final_points, rounded_thousands
from tests.unit.riichi.conftest import options


def test_worked_example_of_the_rules():
    """21,300 / 8,700 / 33,600 / 36,400 give -9, -21, +4 and the top +26."""
    ranks, scores = end_scores(
        [21300, 8700, 33600, 36400], return_points=30000, uma=None
    )
    assert scores == (-9, -21, 4, 26)
    assert ranks == (3, 4, 2, 1)


@pytest.mark.parametrize(
    ("points", "thousands"),
    [
        (24600, 25),
        (24500, 24),
        (25000, 25),
        (0, 0),
        (-2300, -2),
        (-2600, -3),
        (99900, 100),
    ],
)
def test_rounding_to_thousands_600_rounds_up(points, thousands):
    """24,600 -> 25; 24,500 -> 24 (riichi.md), the same rule below zero."""
    assert rounded_thousands(points) == thousands


def test_uma_by_place_on_top():
    """+15/+5/-5/-15 added by final place."""
    _, scores = end_scores(
        [21300, 8700, 33600, 36400], return_points=30000, uma=(15, 5, -5, -15)
    )
    assert scores == (-14, -36, 9, 41)


def test_ties_are_broken_by_seat_order_of_the_first_hand():
    """Two players on 30,000: the earlier seat takes the higher place."""
    ranks, scores = end_scores(
        [20000, 30000, 30000, 20000], return_points=30000, uma=(15, 5, -5, -15)
    )
    assert ranks == (3, 1, 2, 4)
    assert scores == (-15, 20 + 15, 0 + 5, -10 - 15)


def test_deductions_come_after_the_table_is_settled():
    """A deduction changes neither places nor the others' scores."""
    ranks, scores = end_scores(
        [21300, 8700, 33600, 36400],
        return_points=30000,
        uma=None,
        deductions=(0, 0, 20000, 0),
    )
    assert scores == (-9, -21, -16, 26)
    assert ranks == (3, 4, 2, 1)


def test_session_result_from_summed_deltas():
    """Start 25,000 plus the deltas, EMA uma by default; scores as Fractions."""
    outcome = RIICHI.session_result(
        (-3700, -16300, 8600, 11400), RIICHI.clean_options({})
    )
    assert outcome.ranks == (3, 4, 2, 1)
    assert outcome.table_points == tuple(Fraction(n) for n in (-14, -36, 9, 41))


def test_dobon_loses_its_points_after_the_table_is_settled():
    """Dobon on: a seat below zero loses 10 more (10,000 points)."""
    opts = options(dobon=True, uma=None)
    outcome = RIICHI.session_result((-26000, 6000, 10000, 10000), opts)
    assert outcome.table_points == tuple(Fraction(n) for n in (-31 - 10, 1, 25, 5))


def test_leftover_sticks_go_to_the_top_player_or_are_lost():
    """Two sticks left on the table: shown with the top player, or lost."""
    scores = (-2000, 0, 5000, -5000)
    assert final_points(scores, options()) == (23000, 25000, 32000, 20000)
    assert final_points(scores, options(leftover_deposits="lost")) == (
        23000,
        25000,
        30000,
        20000,
    )
    # Either way, the same final scores.
    same = [
        RIICHI.session_result(scores, options(leftover_deposits=d))
        for d in ("top", "lost")
    ]
    assert same[0] == same[1]
