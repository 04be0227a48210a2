"""Helpers shared by the seating tests (no database, no Django)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import pytest

from tournaments.seating import SeatingPlan, SeatingRequest, plan_seating


class FakeClock:
    """A clock that moves ``step`` seconds every time it is read."""

    def __init__(self, step: float = 0.0) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    """A clock that moves a millisecond per read, so searches always end."""
    return FakeClock(step=0.001)


def assert_valid_round(round_: Sequence[Sequence[int]], players: Sequence[int]) -> None:
    """Every player exactly once, tables of four."""
    assert all(len(table) == 4 for table in round_)
    seated = Counter(p for table in round_ for p in table)
    assert seated == Counter(players)


def random_rounds(
    rng: random.Random, players: int, count: int
) -> list[list[list[int]]]:
    """``count`` rounds of players 0..players-1, each a fresh shuffle cut into
    tables of four."""
    rounds = []
    for _ in range(count):
        order = list(range(players))
        rng.shuffle(order)
        rounds.append([order[i : i + 4] for i in range(0, players, 4)])
    return rounds


def play_swiss(
    count: int,
    rounds: int,
    finish: Callable[[Sequence[int]], list[int]],
    *,
    seed_of: Callable[[int], int] = lambda number: number,
    clubs: Mapping[int, str] | None = None,
    clock_step: float = 0.0,
) -> list[tuple[SeatingRequest, SeatingPlan]]:
    """A Swiss event of ``count`` players, each round seated from the ranking
    of table points so far (4/2/1/0 in the order ``finish`` gives a table's
    players, first place first), on a fake clock: per round, the request
    and its plan. ``seed_of(number)`` is the round's seed."""
    players = tuple(range(1, count + 1))
    points = dict.fromkeys(players, 0)
    history: tuple = ()  # type: ignore[type-arg]
    seated = []
    for number in range(1, rounds + 1):
        request = SeatingRequest(
            mode="swiss",
            players=players,
            history=history,
            round_index=number,
            rounds_total=rounds,
            ranking=tuple(sorted(players, key=lambda p: (-points[p], p))),
            clubs=clubs or {},
            seed=seed_of(number),
        )
        plan = plan_seating(request, clock=FakeClock(step=clock_step))
        seated.append((request, plan))
        history = (*history, plan.rounds[0])
        for table in plan.rounds[0]:
            for place, player in enumerate(finish(table)):
                points[player] += (4, 2, 1, 0)[place]
    return seated
