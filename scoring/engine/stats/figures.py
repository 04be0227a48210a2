"""Figures: a value and the number of hands or sessions it rests on.

A figure whose rule set cannot know it is not in the result at all; one
the rule set knows but that rests on nothing yet (a win rate of a player
without a hand) has the value ``None`` and the count 0. Never a zero that
means "unknown". Rates and averages are exact ``Fraction``s (the pure core
has no floats); the pages and the API round them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

Number = int | Fraction


@dataclass(frozen=True)
class Figure:
    """``value`` (``None`` when it rests on nothing) over ``count`` hands or
    sessions (see ``COUNTS``: which of the two for each figure)."""

    value: Number | None
    count: int


#: The figures of every rule set, in the order the pages show them. Each
#: rests on hands (``"hands"``), wins (``"wins"``) or sessions
#: (``"sessions"``): the unit of its count.
COMMON_FIGURES: tuple[tuple[str, str], ...] = (
    ("hands", "hands"),
    ("sessions", "sessions"),
    ("wins", "hands"),
    ("win_rate", "hands"),
    ("self_draw_share", "wins"),
    ("deal_in_rate", "hands"),
    ("washout_share", "hands"),
    ("average_win_value", "wins"),
    ("biggest_win_value", "wins"),
    ("penalties", "sessions"),
    ("penalty_points", "sessions"),
    ("first_share", "sessions"),
    ("second_share", "sessions"),
    ("third_share", "sessions"),
    ("fourth_share", "sessions"),
    ("average_place", "sessions"),
    ("table_points_per_session", "sessions"),
)

#: The figures a rule set may add (``BaseRuleSet.stats_figures``) and what
#: each rests on.
RULESET_FIGURES: dict[str, str] = {
    "item_total_average": "wins",
    "declaration_rate": "hands",
    "declared_win_rate": "hands",
    "dealer_retention": "hands",
    "points_won_average": "wins",
    "points_lost_average": "hands",
    "busts": "sessions",
    "winning_hand_points": "wins",
    "other_hand_points": "hands",
}

#: What each figure's count counts, every figure included.
COUNTS: dict[str, str] = {**dict(COMMON_FIGURES), **RULESET_FIGURES}

#: The figures whose raw value is a share of 1 (shown as percentages).
RATES = frozenset(
    {
        "win_rate",
        "self_draw_share",
        "deal_in_rate",
        "washout_share",
        "first_share",
        "second_share",
        "third_share",
        "fourth_share",
        "declaration_rate",
        "declared_win_rate",
        "dealer_retention",
    }
)


def share(part: int, whole: int) -> Figure:
    """``part`` out of ``whole``; no value out of nothing."""
    return Figure(Fraction(part, whole) if whole else None, whole)


def mean(values: Iterable[Number]) -> Figure:
    """The mean of ``values`` over their number; no value for none."""
    listed = list(values)
    if not listed:
        return Figure(None, 0)
    # One Fraction of the sum and the count: the same value as dividing
    # a Fraction by the count, without the operators' round trip.
    return Figure(Fraction(sum(listed), len(listed)), len(listed))


def counted(value: int, count: int) -> Figure:
    """A plain count (``value``) resting on ``count`` hands or sessions."""
    return Figure(value, count)
