"""The row dataclasses refuse values that would make an export inexact."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.exports.rows import HandRow, SessionRow, StandingRow, round_count


def test_float_table_points_are_refused(standings):
    """A float has already lost 7/3: only Fraction or int is accepted."""
    with pytest.raises(TypeError):
        SessionRow(1, 1, "E", "Ann", 10, 1, 7 / 3)
    assert SessionRow(1, 1, "E", "Ann", 10, 1, Fraction(7, 3)).table_points == Fraction(
        7, 3
    )


def test_unknown_wind_is_refused():
    """Winds are the codes E, S, W, N."""
    with pytest.raises(ValueError):
        SessionRow(1, 1, "X", "Ann", 10, 1, Fraction(4))


def test_self_drawn_hand_has_no_discarder():
    """A self-drawn win with a discarder is a contradiction."""
    with pytest.raises(ValueError):
        HandRow(1, 1, 1, "E", "Ann", "Bob", True, 8, "", ())


def test_round_count_and_membership(standings):
    """Rounds come from the rows; a member is a row with an EMA number."""
    assert round_count(standings) == 2
    assert round_count([]) == 0
    assert standings[0].is_ema_member and not standings[2].is_ema_member
    assert isinstance(standings[0], StandingRow)
