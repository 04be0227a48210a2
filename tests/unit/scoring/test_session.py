"""Scoring one table's session, and the shared value types."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.errors import EngineError
from scoring.engine.mcr import MCR
from scoring.engine.session import (
    HandEntry,
    PenaltyEntry,
    SeatScore,
    competition_ranks,
    deals_for,
    score_session,
    share_place_points,
)
from scoring.engine.types import DealState, HandResult, ResultKind, Wind, as_int

OPTIONS = MCR.clean_options({})


def entries(results):
    deals = deals_for(MCR, OPTIONS, results)
    return [HandEntry(result=r, deal=d) for r, d in zip(results, deals, strict=True)]


def test_session_sums_hands_and_penalties_per_seat():
    """Score = hand points + penalty points; ranks and table points follow."""
    results = [
        HandResult(ResultKind.DISCARD, winner=0, discarder=1, fan_total=12),
        HandResult(ResultKind.SELF_DRAW, winner=2, fan_total=8, flowers=1),
        HandResult(ResultKind.DRAW),
    ]
    penalties = [PenaltyEntry("false_hu", 3), PenaltyEntry("referee", 0, 5)]
    session = score_session(MCR, OPTIONS, entries(results), penalties)
    assert session.hand_deltas == (
        (36, -20, -8, -8),
        (-17, -17, 51, -17),
        (0, 0, 0, 0),
    )
    assert session.penalty_deltas == ((10, 10, 10, -30), (-5, 0, 0, 0))
    assert session.seats == (
        SeatScore(19, 5, 24, 2, Fraction(2)),
        SeatScore(-37, 10, -27, 3, Fraction(1)),
        SeatScore(43, 10, 53, 1, Fraction(4)),
        SeatScore(-25, -30, -55, 4, Fraction(0)),
    )


def test_empty_session_is_a_four_way_tie():
    """Before any hand every seat has 0 and shares 7/4 table points."""
    session = score_session(MCR, OPTIONS, [], [])
    assert [s.score for s in session.seats] == [0, 0, 0, 0]
    assert [s.table_points for s in session.seats] == [Fraction(7, 4)] * 4
    assert session.hand_deltas == ()


results_strategy = st.lists(
    st.one_of(
        st.just(HandResult(ResultKind.DRAW)),
        st.builds(
            lambda w, o, t, f: HandResult(
                ResultKind.DISCARD,
                winner=w,
                discarder=(w + o) % 4,
                fan_total=t,
                flowers=f,
            ),
            st.integers(0, 3),
            st.integers(1, 3),
            st.integers(8, 100),
            st.integers(0, 8),
        ),
        st.builds(
            lambda w, t: HandResult(ResultKind.SELF_DRAW, winner=w, fan_total=t),
            st.integers(0, 3),
            st.integers(8, 100),
        ),
    ),
    max_size=16,
)
penalties_strategy = st.lists(
    st.one_of(
        st.builds(PenaltyEntry, st.just("false_hu"), st.integers(0, 3)),
        st.builds(
            PenaltyEntry, st.just("referee"), st.integers(0, 3), st.integers(1, 30)
        ),
    ),
    max_size=4,
)


@given(results_strategy, penalties_strategy)
def test_session_score_is_consistent(results, penalties):
    """Each seat's score is its hand points plus its penalty points."""
    session = score_session(MCR, OPTIONS, entries(results), penalties)
    assert len(session.hand_deltas) == len(results)
    for seat, seat_score in enumerate(session.seats):
        assert seat_score.hand_points == sum(d[seat] for d in session.hand_deltas)
        assert seat_score.penalty_points == sum(d[seat] for d in session.penalty_deltas)
        assert seat_score.score == seat_score.hand_points + seat_score.penalty_points
    assert sum(s.hand_points for s in session.seats) == 0
    assert sum(s.table_points for s in session.seats) == 7


def test_competition_ranks_share_the_better_rank():
    """Scores 10, 10, 5, 0 give ranks 1, 1, 3, 4."""
    assert competition_ranks([10, 10, 5, 0]) == (1, 1, 3, 4)


def test_share_place_points_needs_one_value_per_place():
    """Three place values for four seats is a programming error."""
    with pytest.raises(EngineError) as caught:
        share_place_points([1, 2, 3, 4], [4, 2, 1])
    assert caught.value.code == "wrong_place_count"


def test_deal_state_dealer_and_counters():
    """The dealer is the seat holding East; counters default to 0."""
    state = DealState(
        5,
        Wind.SOUTH,
        (Wind.SOUTH, Wind.EAST, Wind.NORTH, Wind.WEST),
        counters=(("honba", 2), ("deposits", 1)),
    )
    assert state.dealer == 1
    assert state.seat_of(Wind.NORTH) == 2
    assert state.counter("honba") == 2
    assert state.counter("missing") == 0
    assert state.counters == (("deposits", 1), ("honba", 2))


def test_deal_state_accepts_plain_wind_strings():
    """Winds stored as "E".."N" (Django choices) become Wind members."""
    state = DealState(2, "E", ("N", "E", "S", "W"))  # type: ignore[arg-type]
    assert state == DealState(
        2, Wind.EAST, (Wind.NORTH, Wind.EAST, Wind.SOUTH, Wind.WEST)
    )
    assert state.dealer == 1


def test_deal_state_refuses_an_unknown_wind():
    """Anything but the four winds is refused with invalid_wind."""
    with pytest.raises(EngineError) as caught:
        DealState(1, Wind.EAST, (Wind.EAST, "X", Wind.WEST, Wind.NORTH))  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.field) == ("invalid_wind", "seat_winds")


def test_deal_state_round_trips_through_to_dict():
    """from_dict reads back what to_dict writes."""
    state = DealState(
        7, Wind.SOUTH, (Wind.NORTH, Wind.WEST, Wind.SOUTH, Wind.EAST), (("honba", 1),)
    )
    assert state.to_dict() == {
        "hand_number": 7,
        "prevalent_wind": "S",
        "seat_winds": "NWSE",
        "counters": {"honba": 1},
    }
    assert DealState.from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (
            {"hand_number": 0, "prevalent_wind": "E", "seat_winds": "ESWN"},
            "invalid_hand_number",
        ),
        (
            {"hand_number": 1, "prevalent_wind": "E", "seat_winds": "EEWN"},
            "invalid_seat_winds",
        ),
        (
            {"hand_number": 1, "prevalent_wind": "E", "seat_winds": "ESW"},
            "invalid_seat_winds",
        ),
        (
            {"hand_number": 1, "prevalent_wind": "X", "seat_winds": "ESWN"},
            "invalid_wind",
        ),
        (
            {
                "hand_number": 1,
                "prevalent_wind": "E",
                "seat_winds": "ESWN",
                "counters": [1],
            },
            "invalid_counters",
        ),
        (
            {"hand_number": "one", "prevalent_wind": "E", "seat_winds": "ESWN"},
            "not_an_integer",
        ),
    ],
)
def test_invalid_deal_states_are_refused(data, code):
    """A deal must have a positive hand number and four different winds."""
    with pytest.raises(EngineError) as caught:
        DealState.from_dict(data)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("value", "expected"), [(3, 3), ("12", 12), (" -4 ", -4), ("+5", 5)]
)
def test_as_int_accepts_ints_and_decimal_strings(value, expected):
    """Form input such as "12" is read as an integer."""
    assert as_int(value, "points") == expected


@pytest.mark.parametrize("value", [True, 1.0, "1.5", "", "٣", None, [1]])
def test_as_int_refuses_everything_else(value):
    """Booleans, floats, non-ASCII digits and other values are not integers."""
    with pytest.raises(EngineError) as caught:
        as_int(value, "points")
    assert (caught.value.code, caught.value.field) == ("not_an_integer", "points")


def test_session_over_after_sixteen_hands_or_when_time_is_called():
    """MCR: 16 hands (a setting) or time called ends the session."""
    last = MCR.first_deal(OPTIONS)
    assert not MCR.session_over(15, last, OPTIONS, time_called=False)
    assert MCR.session_over(16, last, OPTIONS, time_called=False)
    assert MCR.session_over(3, last, OPTIONS, time_called=True)
    assert not MCR.session_over(0, None, OPTIONS, time_called=False)
    short = MCR.clean_options({"hands_per_session": 8})
    assert MCR.session_over(8, last, short, time_called=False)
