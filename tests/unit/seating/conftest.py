"""Helpers shared by the seating tests (no database, no Django)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest


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
