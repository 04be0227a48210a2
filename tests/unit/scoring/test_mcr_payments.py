"""MCR hand payments, penalties and table points (mcr.md sections 4, 5, 7)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.errors import EngineError
from scoring.engine.mcr import MCR
from scoring.engine.mcr.results import MAX_FAN_TOTAL
from scoring.engine.types import HandResult, ResultKind

OPTIONS = MCR.clean_options({})
DEAL = MCR.first_deal(OPTIONS)


def pay(result):
    return MCR.hand_payments(result, DEAL, OPTIONS)


def test_discard_win_example_of_the_rules():
    """12-point discard win: winner +36, discarder -20, others -8 each."""
    result = HandResult(ResultKind.DISCARD, winner=0, discarder=1, fan_total=12)
    assert pay(result) == (36, -20, -8, -8)


def test_discard_win_counts_flowers_in_t():
    """Discard: the discarder pays T + 8 with T including flowers."""
    result = HandResult(
        ResultKind.DISCARD, winner=2, discarder=3, fan_total=8, flowers=2
    )
    assert pay(result) == (-8, -8, 34, -18)


def test_self_draw_each_other_pays_t_plus_8():
    """Self-draw: each of the three others pays T + 8 (winner +3T+24)."""
    result = HandResult(ResultKind.SELF_DRAW, winner=1, fan_total=10, flowers=1)
    assert pay(result) == (-19, 57, -19, -19)


def test_draw_pays_nothing():
    """Wall exhausted: no payment."""
    assert pay(HandResult(ResultKind.DRAW)) == (0, 0, 0, 0)


def test_payments_do_not_depend_on_the_dealer():
    """MCR has no dealer bonus: the same result pays the same in any deal."""
    result = HandResult(ResultKind.DISCARD, winner=0, discarder=1, fan_total=12)
    later = MCR.next_deal(DEAL, result, OPTIONS)
    assert MCR.hand_payments(result, later, OPTIONS) == pay(result)


def test_inconsistent_result_cannot_be_paid():
    """A discard win built without its discarder is refused, not guessed."""
    with pytest.raises(EngineError) as caught:
        pay(HandResult(ResultKind.DISCARD, winner=0, fan_total=8))
    assert caught.value.code == "discarder_required"


wins = st.builds(
    lambda kind, winner, offset, fan, flowers: HandResult(
        kind,
        winner=winner,
        discarder=(winner + offset) % 4 if kind is ResultKind.DISCARD else None,
        fan_total=fan,
        flowers=flowers,
    ),
    st.sampled_from([ResultKind.DISCARD, ResultKind.SELF_DRAW]),
    st.integers(0, 3),
    st.integers(1, 3),
    st.integers(8, MAX_FAN_TOTAL),
    st.integers(0, 8),
)


@given(wins)
def test_every_hand_payment_sums_to_zero(result):
    """Hand payments are zero-sum, and only the winner gains."""
    deltas = pay(result)
    assert sum(deltas) == 0
    assert deltas[result.winner] > 0
    assert all(d < 0 for seat, d in enumerate(deltas) if seat != result.winner)


def test_false_hu_default_pays_ten_to_each_other():
    """False Hu: offender -30, each of the three others +10."""
    assert MCR.penalty_deltas("false_hu", 2, None, OPTIONS) == (10, 10, -30, 10)


def test_false_hu_amount_is_a_setting():
    """The False Hu amount comes from the tournament settings."""
    options = MCR.clean_options({"false_hu_penalty": 60})
    assert MCR.penalty_deltas("false_hu", 0, None, options) == (-60, 20, 20, 20)


def test_false_hu_amount_can_be_given_explicitly():
    """A referee may set another amount, still split in thirds."""
    assert MCR.penalty_deltas("false_hu", 3, 45, OPTIONS) == (15, 15, 15, -45)


def test_referee_penalty_goes_to_nobody():
    """Referee deduction: the offender loses the points, nobody receives them."""
    assert MCR.penalty_deltas("referee", 1, 10, OPTIONS) == (0, -10, 0, 0)


@pytest.mark.parametrize(
    ("kind", "offender", "points", "code", "params"),
    [
        ("chombo", 0, 10, "unknown_penalty", {"kind": "chombo"}),
        ("referee", 4, 10, "offender_out_of_range", {"seat": 4}),
        ("false_hu", -1, None, "offender_out_of_range", {"seat": -1}),
        ("referee", 0, None, "penalty_points_required", {"kind": "referee"}),
        ("referee", 0, 0, "penalty_not_positive", {"points": 0}),
        ("false_hu", 0, -30, "penalty_not_positive", {"points": -30}),
        ("false_hu", 0, 20, "penalty_not_divisible", {"points": 20}),
    ],
)
def test_invalid_penalties_are_refused(kind, offender, points, code, params):
    """A penalty of an unknown kind, seat or amount is refused."""
    with pytest.raises(EngineError) as caught:
        MCR.penalty_deltas(kind, offender, points, OPTIONS)
    assert (caught.value.code, caught.value.params) == (code, params)


def test_false_hu_switched_off_is_refused():
    """With the setting at 0 there is no default amount to apply."""
    options = MCR.clean_options({"false_hu_penalty": 0})
    with pytest.raises(EngineError) as caught:
        MCR.penalty_deltas("false_hu", 0, None, options)
    assert caught.value.code == "penalty_not_positive"


F = Fraction


@pytest.mark.parametrize(
    ("scores", "ranks", "points"),
    [
        ((40, 30, 20, 10), (1, 2, 3, 4), (4, 2, 1, 0)),
        ((10, 40, 20, 30), (4, 1, 3, 2), (0, 4, 1, 2)),
        ((10, 10, 5, 0), (1, 1, 3, 4), (3, 3, 1, 0)),
        ((50, 10, 10, 0), (1, 2, 2, 4), (4, F(3, 2), F(3, 2), 0)),
        ((50, 20, 0, 0), (1, 2, 3, 3), (4, 2, F(1, 2), F(1, 2))),
        ((9, 9, 9, 0), (1, 1, 1, 4), (F(7, 3), F(7, 3), F(7, 3), 0)),
        ((9, 0, 0, 0), (1, 2, 2, 2), (4, 1, 1, 1)),
        ((9, 9, 0, 0), (1, 1, 3, 3), (3, 3, F(1, 2), F(1, 2))),
        ((0, 0, 0, 0), (1, 1, 1, 1), (F(7, 4), F(7, 4), F(7, 4), F(7, 4))),
    ],
)
def test_table_points_share_the_places_tied_seats_occupy(scores, ranks, points):
    """4/2/1/0 by score; tied seats share the points of their places."""
    outcome = MCR.session_result(scores, OPTIONS)
    assert outcome.ranks == ranks
    assert outcome.table_points == tuple(Fraction(p) for p in points)
    assert all(isinstance(p, Fraction) for p in outcome.table_points)


@given(st.tuples(*[st.integers(-500, 500)] * 4))
def test_table_points_of_a_table_always_sum_to_seven(scores):
    """Whatever the ties, a table hands out exactly 4 + 2 + 1 + 0 = 7."""
    outcome = MCR.session_result(scores, OPTIONS)
    assert sum(outcome.table_points) == 7
    for seat, other in [(a, b) for a in range(4) for b in range(4)]:
        if scores[seat] > scores[other]:
            assert outcome.ranks[seat] < outcome.ranks[other]
            assert outcome.table_points[seat] > outcome.table_points[other]
