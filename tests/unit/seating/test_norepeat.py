"""Mode "no-repeat": zero repeats up to the bound, optimum just beyond it."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from tests.unit.seating.conftest import FakeClock, assert_valid_round, random_rounds
from tournaments.seating import SeatingRequest, plan_seating
from tournaments.seating.plan_state import PlanState
from tournaments.seating.problem import build_problem


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


def test_the_costly_seat_list_is_every_seat_conflicted_finds() -> None:
    """``PlanState.conflicts`` checks a table's pairs at once, for speed; it
    must list exactly the movable seats ``conflicted`` says are costly, with
    repeats, club-mates, history neighbours and pins, and after swaps."""
    players = tuple(range(1, 25))
    history = (tuple(tuple(players[i : i + 4]) for i in range(0, 24, 4)),)
    problem = build_problem(
        SeatingRequest(
            mode="no-repeat",
            players=players,
            history=history,
            round_index=2,
            rounds_total=6,
            rounds_to_plan=5,
            clubs={p: "AB"[p % 2] for p in range(1, 9)},
            pins={3: 1, 17: 2},
            seed=11,
        )
    )
    rng = random.Random(5)
    state = PlanState(problem, random_rounds(rng, problem.n, problem.rounds))

    def one_by_one() -> list[tuple[int, int]]:
        return [
            (r, p)
            for r, round_ in enumerate(state.tables)
            for table in round_
            for p in table
            if problem.pin[p] < 0 and state.conflicted(r, p)
        ]

    for _ in range(40):
        assert state.conflicts() == one_by_one()
        r = rng.randrange(problem.rounds)
        a, b = rng.sample(range(problem.n), 2)
        if state.where[r][a] != state.where[r][b]:
            state.swap(r, a, b)
    assert state.conflicts()  # random rounds of 24 players hold costly seats
