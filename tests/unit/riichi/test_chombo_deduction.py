"""A chombo by deduction (the EMA rule, the "ema" preset) comes off the
offender's final score only: it changes neither the places nor the other
players' figures, which ``score_session`` settles with the hands."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.riichi import RIICHI
from scoring.engine.session import HandEntry, PenaltyEntry, score_session

EMA = RIICHI.clean_options(
    {"start_points": 30_000, "return_points": 30_000, "chombo": "deduction",
     "chombo_points": 20_000}
)  # fmt: skip


def entries(*raw):
    results = [RIICHI.parse_result(data, EMA) for data in raw]
    deal = RIICHI.first_deal(EMA)
    hands = []
    for result in results:
        hands.append(HandEntry(result=result, deal=deal))
        deal = RIICHI.next_deal(deal, result, EMA)
    return hands


def test_a_chombo_deduction_comes_off_the_final_score_only():
    """B rons C, 3 han 30 fu (3,900); then D's chombo. Points held: A 30,000,
    B 33,900, C 26,100, D 30,000 (the deduction is not paid to anyone).
    Rounded 30, 34, 26, 30, minus 30: 0, (top) B, -4, 0, so B +4. Places:
    B, A (ties D on points, sat first), D, C. Uma +15/+5/-5/-15: B 19, A 5,
    D -5, C -19; then D loses 20: -25."""
    hands = entries(
        {"kind": "discard", "winner": 1, "discarder": 2, "han": 3, "fu": 30},
        {"kind": "chombo", "offender": 3},
    )
    session = score_session(RIICHI, EMA, hands, [])
    assert [seat.score for seat in session.seats] == [0, 3_900, -3_900, -20_000]
    assert [seat.rank for seat in session.seats] == [2, 1, 4, 3]
    finals = [seat.table_points for seat in session.seats]
    assert finals == [Fraction(5), Fraction(19), Fraction(-19), Fraction(-25)]
    assert sum(finals) == -20  # the deduction goes to nobody


def test_a_chombo_paid_like_a_mangan_is_settled_with_the_points():
    """Under the default chombo (a mangan tsumo spread), the payments are
    part of the points held: settled as any hand."""
    options = RIICHI.clean_options({})
    result = RIICHI.parse_result({"kind": "chombo", "offender": 3}, options)
    session = score_session(
        RIICHI, options, [HandEntry(result, RIICHI.first_deal(options))], []
    )
    # D pays 4,000 to the dealer A and 2,000 to B and C: 29,000, 27,000,
    # 27,000, 17,000 -> 29, 27, 27, 17 minus 30: (top) A, -3, -3, -13; A +19.
    # Uma: A 34, B 2, C -8, D -28.
    assert [seat.table_points for seat in session.seats] == [34, 2, -8, -28]


def test_a_chombo_penalty_is_a_deduction_off_the_final_score():
    """The EMA deduction entered as a penalty (not a hand): the same figures
    as the chombo hand above, even under the default chombo setting."""
    for options in (EMA, RIICHI.clean_options({**EMA.__dict__, "chombo": "mangan",
                                               "uma": [15, 5, -5, -15]})):  # fmt: skip
        hands = entries(
            {"kind": "discard", "winner": 1, "discarder": 2, "han": 3, "fu": 30}
        )
        penalty = PenaltyEntry(kind="chombo", offender=3, points=None)
        session = score_session(RIICHI, options, hands, [penalty])
        assert [seat.score for seat in session.seats] == [0, 3_900, -3_900, -20_000]
        assert [seat.rank for seat in session.seats] == [2, 1, 4, 3]
        finals = [seat.table_points for seat in session.seats]
        assert finals == [5, 19, -19, -25]


def test_a_chombo_penalty_is_whole_thousands():
    with pytest.raises(EngineError) as caught:
        RIICHI.penalty_deltas("chombo", 3, 1_500, EMA)
    assert caught.value.code == "option_not_multiple"
    assert RIICHI.penalty_deltas("referee", 3, 1_500, EMA) == (0, 0, 0, -1_500)
