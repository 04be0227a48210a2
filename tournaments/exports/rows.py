"""The rows the standings selectors hand to the export builders.

These frozen dataclasses are the whole contract between the Django side
(``tournaments/selectors.py``) and the format layer (``standings_xlsx``,
``standings_csv``): no model, queryset or gettext crosses it.

Conventions shared by every row:

* Points (scores, payments, penalties) are ``int``.
* Table points are exact ``fractions.Fraction`` values (a three-way tie for
  first gives ``Fraction(7, 3)``); an ``int`` is accepted, a ``float`` is
  refused, because a float has already lost the exact value.
* Seat and prevalent winds are the one-letter codes of ``WINDS``; the builders
  turn them into words through their labels.
* Names are display strings, already in the form the organiser wants.
* Countries are 3-letter codes (``"FRA"``), upper case.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

WINDS = ("E", "S", "W", "N")


def _check_table_points(value: object, field: str) -> None:
    """Refuse floats (and bools) where an exact number of table points is due."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise TypeError(f"{field} must be a Fraction or an int, got {value!r}")


def _check_wind(value: str, field: str) -> None:
    if value not in WINDS:
        raise ValueError(f"{field} must be one of {WINDS}, got {value!r}")


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """The tournament as the EMA header block and the workbook title need it.

    ``players`` is the number of ranked players the EMA counts (substitutes
    excluded); it may differ from the number of standings rows only if the
    selector chooses so. ``days`` is the number of playing days (1 for a
    one-day event). ``mers_weight`` is the MERS weight the EMA granted
    (``Decimal("1.5")``), ``None`` for an unregistered event. ``ruleset`` is
    the label the EMA expects: ``"MCR"`` or ``"Riichi"``.
    """

    name: str
    slug: str
    city: str
    country: str
    start_date: date
    end_date: date
    days: int
    mers_weight: Decimal | None
    ruleset: str
    players: int


class RoundResult(NamedTuple):
    """One player's result in one round; both ``None`` when the player sat out.

    A plain ``(table_points, score)`` tuple is accepted wherever a
    ``RoundResult`` is expected.
    """

    table_points: Fraction | None
    score: int | None


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings, in ranking order.

    ``rank`` is the placing; tied players have the same ``rank`` and
    ``shared=True`` (standard competition ranking: 1, 2, 2, 4). ``name`` is
    the display name; ``first_name`` and ``last_name`` feed the EMA sheet.
    ``ema_number`` is the 8-digit EMA number as a string (``"04010013"``) or
    ``None`` for a non-member. ``firsts`` .. ``fourths`` count the sessions
    finished at each place. ``best_session`` is the best single session
    score, ``None`` before the first round. ``per_round`` holds one
    ``RoundResult`` per round, in round order, for every round of the
    tournament (so that all rows have the same length).
    """

    rank: int
    shared: bool
    name: str
    first_name: str
    last_name: str
    club: str
    country: str
    ema_number: str | None
    table_points: Fraction
    score: int
    firsts: int
    seconds: int
    thirds: int
    fourths: int
    best_session: int | None
    per_round: tuple[RoundResult, ...]

    def __post_init__(self) -> None:
        _check_table_points(self.table_points, "table_points")
        for result in self.per_round:
            _check_table_points(result[0], "per_round table_points")

    @property
    def is_ema_member(self) -> bool:
        return bool(self.ema_number)


@dataclass(frozen=True, slots=True)
class SessionRow:
    """One player's session: a seat at one table of one round.

    ``seat`` is the player's initial seat wind (a code of ``WINDS``).
    ``table_rank`` is 1..4; tied players share it. ``score`` is the session
    score (hands and penalties included); ``table_points`` the exact table
    points it earned.
    """

    round_number: int
    table_number: int
    seat: str
    player: str
    score: int
    table_rank: int
    table_points: Fraction

    def __post_init__(self) -> None:
        _check_wind(self.seat, "seat")
        _check_table_points(self.table_points, "table_points")


class Payment(NamedTuple):
    """What one player received (positive) or paid (negative) on one hand."""

    player: str
    points: int


@dataclass(frozen=True, slots=True)
class HandRow:
    """One recorded hand.

    ``winner`` is ``None`` for a drawn hand (wall exhausted). For a won hand
    either ``self_drawn`` is true and ``discarder`` is ``None``, or
    ``discarder`` names the player who discarded the winning tile.
    ``hand_value`` is what the hand was worth in the rule set's unit
    (``BaseRuleSet.hand_value``: MCR's points with flowers, riichi's han),
    ``None`` for a drawn hand, and ``hand_unit`` its unit in words when it
    is not the column's (riichi's yakuman), else ``""``. ``fans`` is the
    breakdown text when the fan calculator was used, ``""`` otherwise (where
    every player's hand scores: each player's hand score by name).
    ``payments`` has one entry per player at the table, in seat order,
    summing to zero where the rule set settles between players (not in the
    French simple system nor the encyclopaedia scoring, where each player
    adds their own score).
    """

    round_number: int
    table_number: int
    hand_number: int
    prevalent_wind: str
    winner: str | None
    discarder: str | None
    self_drawn: bool
    hand_value: int | None
    fans: str
    payments: tuple[Payment, ...]
    hand_unit: str = ""

    def __post_init__(self) -> None:
        _check_wind(self.prevalent_wind, "prevalent_wind")
        if self.self_drawn and self.discarder is not None:
            raise ValueError("a self-drawn hand has no discarder")


@dataclass(frozen=True, slots=True)
class PenaltyRow:
    """One penalty given by a referee.

    ``points`` is the change to the offender's score (negative for a
    deduction). ``hand_number`` is ``None`` for a penalty outside a hand;
    ``referee`` is ``None`` when no referee was recorded.
    """

    round_number: int
    table_number: int
    player: str
    points: int
    reason: str
    referee: str | None
    hand_number: int | None = None


def round_count(standings: Sequence[StandingRow]) -> int:
    """The number of rounds the standings cover (0 without any row)."""
    return max((len(row.per_round) for row in standings), default=0)
