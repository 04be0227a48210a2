"""Properties: deltas balance with the riichi sticks; end scores sum to zero
(or to the uma's sum)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.riichi import RIICHI
from scoring.engine.riichi.deal import deal_for
from scoring.engine.riichi.endgame import end_scores
from scoring.engine.riichi.payments import DEPOSIT
from tests.unit.riichi.conftest import options

SEATS = st.integers(0, 3)
SEAT_SETS = st.sets(SEATS).map(sorted)
RULES = st.builds(
    lambda count, ron, tenpai, limits: options(
        count=count, multiple_ron=ron, tenpai_payment=tenpai, limits=limits
    ),
    st.sampled_from(["full", "short"]),
    st.sampled_from(["double", "triple", "head_bump"]),
    st.sampled_from([0, 3000, 1200]),
    st.sampled_from(["classic", "modern"]),
)


@st.composite
def values(draw):
    if draw(st.integers(0, 9)) == 0:
        return {"yakuman": draw(st.integers(1, 6))}
    han = draw(st.integers(1, 15))
    fu = draw(st.sampled_from([20, 22, 25, 30, 32, 40, 70, 110, 140]))
    if fu == 25 and han < 2:
        fu = 30
    return {"han": han, "fu": fu}


@st.composite
def results(draw, opts):
    """Any valid raw result under ``opts``."""
    kind = draw(
        st.sampled_from(["discard", "self_draw", "draw", "abortive_draw", "chombo"])
    )
    riichi = draw(SEAT_SETS)
    if kind == "chombo":
        return {"kind": kind, "offender": draw(SEATS)}
    if kind == "abortive_draw":
        return {"kind": kind, "riichi": riichi}
    if kind == "draw":
        tenpai = sorted(set(riichi) | set(draw(SEAT_SETS)))
        return {"kind": kind, "riichi": riichi, "tenpai": tenpai}
    if kind == "self_draw":
        return {"kind": kind, "winner": draw(SEATS), "riichi": riichi, **draw(values())}
    discarder = draw(SEATS)
    others = [s for s in range(4) if s != discarder]
    winners = draw(
        st.lists(st.sampled_from(others), min_size=1, max_size=2, unique=True)
    )
    wins = [{"seat": s, **draw(values())} for s in winners]
    return {"kind": kind, "discarder": discarder, "winners": wins, "riichi": riichi}


@st.composite
def games(draw):
    """Settings and up to 30 results played under them."""
    opts = draw(RULES)
    return opts, draw(st.lists(results(opts), min_size=1, max_size=30))


@settings(max_examples=300)
@given(games())
def test_every_hand_balances_once_the_sticks_on_the_table_are_counted(game):
    """Deltas + sticks taken from the table - sticks left on it = 0, hand by
    hand through a game (chombo spread like a mangan, so zero-sum too)."""
    opts, played = game
    deal = RIICHI.first_deal(opts)
    for data in played:
        result = RIICHI.parse_result(data, opts)
        deltas = RIICHI.hand_payments(result, deal, opts)
        following = RIICHI.next_deal(deal, result, opts)
        on_table = deal.counter("deposits") - following.counter("deposits")
        assert sum(deltas) == DEPOSIT * on_table
        assert all(delta % 100 == 0 for delta in deltas)
        deal = following


@given(
    st.integers(-4, 6),
    SEATS,
    SEATS,
    st.integers(0, 8),
    st.integers(0, 8),
    values(),
    st.sampled_from(["full", "short"]),
)
def test_a_win_sums_to_the_sticks_it_takes(
    dealer_shift, winner, other, honba, sticks, value, count
):
    """One winner: deltas sum to 1,000 x the sticks on the table."""
    dealer = dealer_shift % 4
    discarder = None if other == winner else other
    opts = options(count=count)
    deal = deal_for(1, dealer, 0, honba, sticks)
    data = {"kind": "self_draw" if discarder is None else "discard", "winner": winner}
    if discarder is not None:
        data["discarder"] = discarder
    result = RIICHI.parse_result(data | value, opts)
    deltas = RIICHI.hand_payments(result, deal, opts)
    assert sum(deltas) == DEPOSIT * sticks
    assert deltas[winner] > 0


POINTS = st.lists(
    st.integers(-600, 1600).map(lambda n: n * 100), min_size=3, max_size=3
)


@given(
    POINTS,
    st.integers(0, 6),
    st.sampled_from([25000, 30000]),
    st.sampled_from([25000, 30000, 35000]),
)
def test_end_scores_sum_to_zero_without_uma(three, lost, start, line):
    """Whatever the points (sticks lost included), the scores sum to zero."""
    points = [*three, 4 * start - sum(three) - 1000 * lost]
    _, scores = end_scores(points, return_points=max(line, start), uma=None)
    assert sum(scores) == 0


@given(
    POINTS,
    st.lists(st.integers(-50, 50), min_size=4, max_size=4).map(
        lambda u: tuple(sorted(u, reverse=True))
    ),
)
def test_end_scores_sum_to_the_uma_with_uma(three, uma):
    """With uma, the scores sum to the uma's sum; ranks are 1..4 once each."""
    points = [*three, 100000 - sum(three)]
    ranks, scores = end_scores(points, return_points=30000, uma=uma)
    assert sum(scores) == sum(uma)
    assert sorted(ranks) == [1, 2, 3, 4]
