"""Issue 31, item 6: seating whose quality does not depend on the load.

The searches end on step counts sized by the event (the clock is a far
safety net), a Swiss round is never worse than the baseline "rank-order
tables, then greedy swaps", and club-mates never share a table where that
can be avoided, at every size.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

import pytest

from tests.unit.seating.conftest import (
    FakeClock,
    assert_valid_round,
    play_swiss,
    random_rounds,
)
from tournaments.seating import SeatingRequest, plan_seating, plan_stats
from tournaments.seating.budget import SAFETY, Budget, expected_s, safety_limit_s
from tournaments.seating.norepeat import _MAX_STEPS, max_anneal_steps
from tournaments.seating.problem import build_problem
from tournaments.seating.swiss import baseline_round
from tournaments.seating.swiss_search import STEPS, SwissRound, round_steps


def _history(players: Sequence[int], rounds: int, seed: int) -> tuple:  # type: ignore[type-arg]
    """``rounds`` seeded random rounds of ``players``, as a history."""
    plan = random_rounds(random.Random(seed), len(players), rounds)
    return tuple(
        tuple(tuple(players[i] for i in table) for table in round_) for round_ in plan
    )


def _clubs(players: Sequence[int], seed: int, low: int, high: int) -> dict[int, str]:
    """Every player in a club of ``low``-``high`` players, seeded."""
    order = list(players)
    random.Random(seed).shuffle(order)
    clubs, at, number = {}, 0, 0
    while at < len(order):
        size = random.Random(seed + number).randint(low, high)
        for player in order[at : at + size]:
            clubs[player] = f"club {number}"
        at, number = at + size, number + 1
    return clubs


def club_mates(
    rounds: Sequence[Sequence[Sequence[int]]], clubs: Mapping[int, str]
) -> int:
    """Pairs of club-mates seated at one table, over every round."""
    return sum(
        clubs.get(a) is not None and clubs.get(a) == clubs.get(b)
        for round_ in rounds
        for table in round_
        for a, b in combinations(table, 2)
    )


def _spread(problem_rank: Mapping[int, int], tables: Sequence[Sequence[int]]) -> float:
    spreads = [
        max(problem_rank[p] for p in table) - min(problem_rank[p] for p in table)
        for table in tables
    ]
    return sum(spreads) / len(spreads)


def test_step_counts_grow_with_the_event() -> None:
    """A fixed count left 3,200 players' first descent unfinished; the counts
    are now per player beyond a floor that small fields keep."""
    assert round_steps(16) == round_steps(400) == STEPS
    assert round_steps(3200) > STEPS
    small = build_problem(SeatingRequest(mode="no-repeat", players=tuple(range(20))))
    assert max_anneal_steps(small) == _MAX_STEPS
    large = build_problem(
        SeatingRequest(
            mode="no-repeat",
            players=tuple(range(3200)),
            rounds_total=8,
            rounds_to_plan=8,
        )
    )
    assert max_anneal_steps(large) > _MAX_STEPS


def test_the_clock_is_a_far_safety_net_for_a_large_event() -> None:
    """A large event gets ten times what its steps take; a small one keeps
    the request's limit. Progress follows the expected time, not the net."""
    expected = expected_s("swiss", 3200, 1)
    assert safety_limit_s(5.0, expected) == SAFETY * expected > 5.0
    assert safety_limit_s(5.0, expected_s("no-repeat", 20, 6)) == 5.0
    assert expected_s("random", 3200, 1) == 0.0
    clock = FakeClock(step=0.0)
    progress: list[float] = []
    budget = Budget(clock, 100.0, progress.append, pace_s=10.0)
    clock.now = 5.0
    assert not budget.expired()
    assert progress == [0.5]


def test_a_large_swiss_round_ends_on_its_steps_however_slow_the_clock() -> None:
    """600 players, round 4: a clock that stands still and one that jumps
    six seconds a reading (a loaded machine: past the request's 5 s limit at
    its first reading after the start) give the same round, and neither ends
    it: the steps do, and that limit is raised to a far safety net for such
    a field."""
    players = tuple(range(1, 601))
    ranking = list(players)
    random.Random(5).shuffle(ranking)
    request = SeatingRequest(
        mode="swiss",
        players=players,
        history=_history(players, 3, seed=5),
        round_index=4,
        rounds_total=8,
        ranking=tuple(ranking),
        seed=5,
    )
    still = plan_seating(request, clock=FakeClock(step=0.0))
    jumping = FakeClock(step=6.0)
    loaded = plan_seating(request, clock=jumping)
    assert jumping.reads >= 2
    assert still == loaded
    assert still.clock_stopped is False
    assert_valid_round(still.rounds[0], players)


def _event(n: int, rounds: int, seed: int, clubs: Mapping[int, str]) -> list:  # type: ignore[type-arg]
    """A Swiss event ranked by simulated results; per round the request and
    the plan's round (on a clock that stands still)."""
    rng = random.Random(seed)
    strength = {p: rng.random() for p in range(1, n + 1)}
    seated = play_swiss(
        n,
        rounds,
        lambda table: sorted(table, key=lambda p: -(strength[p] + rng.random())),
        seed_of=lambda number: seed * 100 + number,
        clubs=clubs,
    )
    assert all(plan.clock_stopped is False for _, plan in seated)
    return [(request, plan.rounds[0]) for request, plan in seated]


def test_every_swiss_round_is_at_least_as_good_as_the_baseline() -> None:
    """120 players, 8 rounds ranked by results: every round costs no more
    than rank-order tables with greedy swaps (repeats, clubs, winds, then
    spread) and its mean rank spread is no wider; the event ends with no
    repeat and every wind within one."""
    seated = _event(120, 8, seed=31, clubs={})
    for request, round_ in seated:
        problem = build_problem(request)
        index = {player: i for i, player in enumerate(problem.ids)}
        swiss = [[index[p] for p in table] for table in round_]
        base = baseline_round(problem)
        assert SwissRound(problem, swiss).total() <= SwissRound(problem, base).total()
        rank = dict(enumerate(problem.rank))
        assert _spread(rank, swiss) <= _spread(rank, base)
    stats = plan_stats([round_ for _, round_ in seated])
    assert stats.repeated_pairs == 0
    assert stats.wind_imbalance <= 1


def test_swiss_keeps_club_mates_apart_where_it_can() -> None:
    """200 players, every one in a club of 10-30 (50 tables): no club-mates
    at a table in any of four rounds."""
    clubs = _clubs(range(1, 201), seed=6, low=10, high=30)
    seated = _event(200, 4, seed=6, clubs=clubs)
    assert club_mates([round_ for _, round_ in seated], clubs) == 0


@pytest.mark.parametrize(("count", "rounds"), [(48, 5), (400, 4)])
def test_no_repeat_keeps_club_mates_apart_where_it_can(count: int, rounds: int) -> None:
    """Every player in a club of at most a quarter of the tables: no repeat
    and no club-mates at a table, on a clock that stands still."""
    players = tuple(range(1, count + 1))
    clubs = _clubs(players, seed=count, low=2, high=max(3, count // 16))
    request = SeatingRequest(
        mode="no-repeat",
        players=players,
        rounds_total=rounds,
        rounds_to_plan=rounds,
        clubs=clubs,
        seed=count,
    )
    plan = plan_seating(request, clock=FakeClock(step=0.0))
    assert plan.clock_stopped is False
    assert plan.stats.repeated_pairs == 0
    assert club_mates(plan.rounds, clubs) == 0
