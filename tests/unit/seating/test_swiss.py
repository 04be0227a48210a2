"""Mode "swiss": close ranks together, no pair twice when avoidable."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from tests.unit.seating.conftest import FakeClock, assert_valid_round, play_swiss
from tournaments.seating import SeatingRequest, plan_seating, plan_stats


def swiss(players: tuple[int, ...], ranking: tuple[int, ...], history=()) -> tuple:  # type: ignore[no-untyped-def, type-arg]
    request = SeatingRequest(
        mode="swiss",
        players=players,
        history=history,
        round_index=len(history) + 1,
        rounds_total=len(history) + 1,
        ranking=ranking,
        seed=1,
    )
    plan = plan_seating(request, clock=FakeClock(step=0.0001))
    assert_valid_round(plan.rounds[0], players)
    return plan.rounds[0]


def test_first_round_seats_consecutive_ranks_together() -> None:
    """Without history, table k takes ranks 4k-3..4k."""
    players = tuple(range(1, 33))
    ranking = tuple(reversed(players))
    round_ = swiss(players, ranking)
    for number, table in enumerate(round_):
        assert sorted(table) == sorted(ranking[4 * number : 4 * number + 4])


def test_players_who_met_are_split_with_the_nearest_swap() -> None:
    """Top table already met: swaps mend it, ranks stay close."""
    players = tuple(range(1, 17))
    history = (((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)),)
    round_ = swiss(players, players, history)
    met = {frozenset((a, b)) for t in history[0] for a in t for b in t if a != b}
    for table in round_:
        assert not any(frozenset((a, b)) in met for a in table for b in table if a != b)
    assert 1 in round_[0]


def test_swiss_400_players_several_rounds_without_repeats() -> None:
    """A large Swiss field avoids every repeat, round after round."""
    rng = random.Random(4)
    players = tuple(range(1000, 1400))
    history: tuple = ()  # type: ignore[type-arg]
    for _ in range(4):
        ranking = list(players)
        rng.shuffle(ranking)
        ranking.sort(key=lambda p: rng.random() + (p % 7) / 7)
        round_ = swiss(players, tuple(ranking), history)
        history = (*history, round_)
    pairs = [
        frozenset((a, b)) for r in history for t in r for a in t for b in t if a < b
    ]
    assert len(pairs) == len(set(pairs))


def test_swiss_with_a_fixed_ranking_still_avoids_repeats() -> None:
    """Same ranking four rounds running (16 players): every round repeat-free.

    Winds are best effort here: one round at a time cannot always complete
    every player's missing wind (no player is more than two apart)."""
    players = tuple(range(1, 17))
    history: tuple = ()  # type: ignore[type-arg]
    for _ in range(4):
        history = (*history, swiss(players, players, history))
    pairs = [
        frozenset((a, b)) for r in history for t in r for a in t for b in t if a < b
    ]
    assert len(pairs) == len(set(pairs))
    assert plan_stats(history).wind_imbalance <= 2


def swiss_event(
    count: int, rounds: int, finish: Callable[[Sequence[int]], list[int]]
) -> tuple:  # type: ignore[type-arg]
    """The rounds of a Swiss event: ``finish`` orders each table's players
    (first place first); table points 4/2/1/0 make the next ranking."""
    seated = play_swiss(count, rounds, finish, clock_step=0.0001)
    for request, plan in seated:
        assert_valid_round(plan.rounds[0], request.players)
    return tuple(plan.rounds[0] for _, plan in seated)


def test_sixteen_players_play_five_swiss_rounds_without_a_repeat() -> None:
    """16 players have essentially one repeat-free 5-round schedule: each Swiss
    round keeps it reachable (seating by rank alone repeats 8 pairs in round
    5 here), and winds stay even."""
    rng = random.Random(400)
    strength = {p: rng.random() for p in range(1, 17)}
    history = swiss_event(
        16, 5, lambda table: sorted(table, key=lambda p: -(strength[p] + rng.random()))
    )
    stats = plan_stats(history)
    assert (stats.repeated_pairs, stats.max_meetings) == (0, 1)
    assert stats.wind_imbalance <= 1


@pytest.mark.parametrize("seed", [0, 2])
def test_twenty_players_play_five_swiss_rounds_without_a_repeat(seed: int) -> None:
    """Five rounds are the most 20 players can play without a repeat; with
    random results each Swiss round keeps such a schedule open."""
    rng = random.Random(seed)

    def finish(table: Sequence[int]) -> list[int]:
        order = list(table)
        rng.shuffle(order)
        return order

    assert plan_stats(swiss_event(20, 5, finish)).repeated_pairs == 0
