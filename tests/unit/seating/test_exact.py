"""Exact completion: depth-first, step-limited, no pair twice."""

from __future__ import annotations

from itertools import combinations

from tests.unit.seating.conftest import assert_valid_round
from tournaments.seating.designs import repeat_free_design
from tournaments.seating.exact import complete


def meetings(n: int, rounds) -> list[list[int]]:  # type: ignore[no-untyped-def]
    meet = [[0] * n for _ in range(n)]
    for round_ in rounds:
        for table in round_:
            for p, q in combinations(table, 2):
                meet[p][q] += 1
                meet[q][p] += 1
    return meet


def test_sixteen_players_get_five_rounds_where_nobody_meets_twice() -> None:
    plan = complete(meetings(16, []), 5, limit=100_000)
    assert plan is not None and len(plan) == 5
    for round_ in plan:
        assert_valid_round(round_, range(16))
    assert max(map(max, meetings(16, plan))) == 1


def test_a_completion_never_seats_again_those_who_met() -> None:
    """Two rounds of the 20-player design played: the other three follow."""
    played = [list(map(list, round_)) for round_ in repeat_free_design(20)[:2]]
    plan = complete(meetings(20, played), 3, limit=100_000)
    assert plan is not None
    assert max(map(max, meetings(20, [*played, *plan]))) == 1


def test_no_completion_beyond_the_bound_and_a_bounded_search() -> None:
    """16 players cannot play 6 rounds without a repeat; a search out of steps
    answers None too, never a plan with a repeat."""
    assert complete(meetings(16, []), 6, limit=50_000) is None
    assert complete(meetings(24, []), 7, limit=10) is None
