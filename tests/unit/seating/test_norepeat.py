"""Mode "no-repeat": zero repeats up to the bound, optimum just beyond it."""

from __future__ import annotations

import itertools
import time

import pytest

from tests.unit.seating.conftest import FakeClock, assert_valid_round
from tournaments.seating import SeatingRequest, plan_seating


def plan(players: int, rounds: int, **fields: object) -> tuple:  # type: ignore[type-arg]
    request = SeatingRequest(
        mode="no-repeat",
        players=tuple(range(101, 101 + players)),
        rounds_total=rounds,
        rounds_to_plan=rounds,
        **fields,  # type: ignore[arg-type]
    )
    result = plan_seating(request, clock=FakeClock(step=0.001))
    for round_ in result.rounds:
        assert_valid_round(round_, request.players)
    return result.rounds, result.stats


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(16, 5), (20, 5), (24, 7), (28, 7), (48, 8), (64, 10), (64, 21), (100, 10)],
)
def test_zero_repeats_within_the_repeat_free_bound(players: int, rounds: int) -> None:
    """Where a design is known, nobody meets twice and winds are balanced."""
    _, stats = plan(players, rounds)
    assert stats.repeated_pairs == 0
    assert stats.max_meetings == 1
    assert stats.wind_imbalance <= 1


@pytest.mark.parametrize(("rounds", "repeats"), [(6, 24), (7, 48), (8, 72), (10, 120)])
def test_sixteen_players_beyond_five_rounds_reach_the_optimum(
    rounds: int, repeats: int
) -> None:
    """16 players: 24 repeated pairs per round past the fifth, no pair thrice."""
    plan_rounds, stats = plan(16, rounds)
    assert stats.repeated_pairs == repeats
    assert stats.max_meetings == 2
    assert stats.wind_imbalance <= 1
    # A repeat is never between consecutive rounds.
    for before, after in itertools.pairwise(plan_rounds):
        pairs = {frozenset((a, b)) for t in before for a in t for b in t if a != b}
        assert not any(
            frozenset((a, b)) in pairs for t in after for a in t for b in t if a != b
        )


def test_real_clock_within_bound_is_fast() -> None:
    """24 players x 7 rounds (a shipped design) needs no search."""
    request = SeatingRequest(
        mode="no-repeat", players=tuple(range(24)), rounds_total=7, rounds_to_plan=7
    )
    clock = FakeClock(step=0.001)
    plan_seating(request, clock=clock)
    assert clock.now < 0.1  # few clock reads: the design was already optimal
    assert time is not None
