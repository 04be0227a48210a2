"""A small finished tournament, as the standings selectors would hand it over.

Eight players, two rounds: a two-way tie for 2nd place, a three-way tie at a
table (7/3 table points each), a player who sat out round 2, a non-member,
accented names and a name that looks like a spreadsheet formula.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction as F

import pytest

from tournaments.exports.rows import (
    HandRow,
    Payment,
    PenaltyRow,
    RoundResult,
    SessionRow,
    StandingRow,
    TournamentInfo,
)


def standing(rank, shared, first, last, ema, points, score, per_round, **extra):
    places = extra.pop("places", (1, 0, 0, 1))
    return StandingRow(
        rank=rank,
        shared=shared,
        name=f"{first} {last}",
        first_name=first,
        last_name=last,
        club=extra.pop("club", "Mahjong Paris"),
        country=extra.pop("country", "FRA"),
        ema_number=ema,
        table_points=points,
        score=score,
        firsts=places[0],
        seconds=places[1],
        thirds=places[2],
        fourths=places[3],
        best_session=max((s for _, s in per_round if s is not None), default=None),
        per_round=tuple(RoundResult(*result) for result in per_round),
    )


@pytest.fixture
def info() -> TournamentInfo:
    return TournamentInfo(
        name="Open de Paris",
        slug="open-de-paris",
        city="Paris",
        country="FRA",
        start_date=date(2026, 3, 14),
        end_date=date(2026, 3, 15),
        days=2,
        mers_weight=Decimal("1.5"),
        ruleset="MCR",
        players=8,
    )


@pytest.fixture
def standings() -> list[StandingRow]:
    return [
        standing(
            1, False, "Anaïs", "Lefèvre", "04010013", F(8), 250, [(4, 120), (4, 130)]
        ),
        standing(
            2, True, "Bo", "Chen", "04010020", F(19, 3), 90, [(F(7, 3), 40), (4, 50)]
        ),
        standing(
            2, True, "Carla", "Rossi", None, F(19, 3), 90, [(4, 60), (F(7, 3), 30)]
        ),
        standing(
            4,
            False,
            "Dirk",
            "de Vries",
            "08000001",
            F(13, 3),
            10,
            [(F(7, 3), 40), (2, -30)],
            country="NLD",
        ),
        standing(5, False, "=cmd", "Injection", None, F(3), -20, [(2, 10), (1, -30)]),
        standing(
            6,
            False,
            "Eva",
            "Nagy",
            "11000002",
            F(2),
            -40,
            [(2, -40), (None, None)],
            country="HUN",
        ),
        standing(7, False, "Félix", "Moreau", None, F(1), -150, [(0, -70), (1, -80)]),
        standing(
            8,
            False,
            "Gao",
            "Lin",
            "04010099",
            F(1, 2),
            -230,
            [(F(1, 2), -100), (0, -130)],
        ),
    ]


@pytest.fixture
def sessions() -> list[SessionRow]:
    return [
        SessionRow(1, 1, "E", "Anaïs Lefèvre", 120, 1, F(4)),
        SessionRow(1, 1, "S", "Bo Chen", 40, 2, F(7, 3)),
        SessionRow(1, 1, "W", "Dirk de Vries", 40, 2, F(7, 3)),
        SessionRow(1, 1, "N", "Gao Lin", -200, 4, F(0)),
    ]


@pytest.fixture
def hands() -> list[HandRow]:
    four = ("Anaïs Lefèvre", "Bo Chen", "Dirk de Vries", "Gao Lin")

    def pays(*points):
        return tuple(
            Payment(name, value) for name, value in zip(four, points, strict=True)
        )

    return [
        HandRow(
            1,
            1,
            1,
            "E",
            four[0],
            four[3],
            False,
            12,
            "Pure Straight 16",
            pays(36, -8, -8, -20),
        ),
        HandRow(1, 1, 2, "E", four[1], None, True, 8, "", pays(-16, 48, -16, -16)),
        HandRow(1, 1, 3, "E", None, None, False, None, "", pays(0, 0, 0, 0)),
    ]


@pytest.fixture
def penalties() -> list[PenaltyRow]:
    return [PenaltyRow(1, 1, "Gao Lin", -30, "False Hu", "Referee Kim", 2)]
