"""Seat winds: max - min of a player's E/S/W/N counts at most 1."""

from __future__ import annotations

import random

import pytest

from tests.unit.seating.conftest import random_rounds
from tournaments.seating import plan_stats
from tournaments.seating.designs import repeat_free_design
from tournaments.seating.winds import assign_winds


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (20, 10), (64, 21), (40, 9)])
def test_any_table_plan_gets_perfectly_balanced_winds(
    players: int, rounds: int
) -> None:
    """Equitable colouring: every player within one of an even split."""
    rng = random.Random(players * rounds)
    plan = random_rounds(rng, players, rounds)
    seated = assign_winds((), plan)
    assert plan_stats(seated).wind_imbalance <= 1
    for planned, ordered in zip(plan, seated, strict=True):
        assert [sorted(t) for t in planned] == [sorted(t) for t in ordered]


def test_four_rounds_give_each_player_each_wind_once() -> None:
    """Four rounds: every player sits East, South, West and North once."""
    design = repeat_free_design(16)[:4]
    seated = assign_winds((), design)
    assert plan_stats(seated).wind_imbalance == 0


def test_winds_continue_from_the_history() -> None:
    """Given rounds played, the next rounds even out each player's winds."""
    history = (((1, 2, 3, 4), (5, 6, 7, 8)),)
    plan = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[5, 2, 7, 4], [1, 6, 3, 8]]] * 2
    plan = plan[:3]
    seated = assign_winds(history, plan)
    assert plan_stats([*history, *seated]).wind_imbalance == 0
