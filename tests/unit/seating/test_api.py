"""The public API: random mode, validation errors, stats."""

from __future__ import annotations

import pytest

from tests.unit.seating.conftest import FakeClock, assert_valid_round
from tournaments.seating import (
    SeatingError,
    SeatingPlan,
    SeatingRequest,
    SeatingStats,
    plan_seating,
    plan_stats,
)


def request(**fields: object) -> SeatingRequest:
    base: dict[str, object] = {"mode": "random", "players": tuple(range(1, 17))}
    base.update(fields)
    return SeatingRequest(**base)  # type: ignore[arg-type]


def test_random_mode_seats_everyone_with_balanced_winds(clock: FakeClock) -> None:
    """Random mode: valid tables each round, winds max - min <= 1."""
    plan = plan_seating(request(rounds_total=8, rounds_to_plan=8), clock=clock)
    assert isinstance(plan, SeatingPlan)
    assert len(plan.rounds) == 8
    for round_ in plan.rounds:
        assert_valid_round(round_, range(1, 17))
    assert plan.stats.wind_imbalance <= 1
    assert plan.stats == plan_stats(plan.rounds)


@pytest.mark.parametrize(
    ("players", "code", "params"),
    [
        (tuple(range(1, 19)), "player_count_not_multiple_of_four", {"count": 18}),
        ((1, 2, 3, 3), "duplicate_player", {"player": 3}),
        ((), "not_enough_players", {"count": 0}),
    ],
)
def test_bad_player_lists_are_refused(
    clock: FakeClock, players: tuple[int, ...], code: str, params: dict[str, int]
) -> None:
    """A bad player list raises SeatingError with a code and parameters."""
    with pytest.raises(SeatingError) as caught:
        plan_seating(request(players=players), clock=clock)
    assert caught.value.code == code
    assert params.items() <= caught.value.params.items()


@pytest.mark.parametrize(("count", "needed"), [(17, 3), (18, 2), (19, 1), (21, 3)])
def test_organiser_is_told_how_many_substitutes_to_add(
    clock: FakeClock, count: int, needed: int
) -> None:
    """A count not divisible by four says how many substitutes complete it."""
    with pytest.raises(SeatingError) as caught:
        plan_seating(request(players=tuple(range(count))), clock=clock)
    assert caught.value.params == {"count": count, "substitutes_needed": needed}
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"mode": "round-robin"}, "unknown_mode"),
        ({"history": (((1, 2, 3),),)}, "malformed_history"),
        ({"history": (((1, 2, 3, 4), (4, 5, 6, 7)),)}, "malformed_history"),
        ({"pins": {1: 5}}, "bad_pin"),
        ({"pins": {99: 1}}, "bad_pin"),
        ({"pins": {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}}, "bad_pin"),
        ({"rounds_to_plan": 0}, "bad_rounds_to_plan"),
        ({"round_index": 3, "rounds_total": 2}, "bad_rounds_total"),
        (
            {"mode": "swiss", "rounds_total": 2, "rounds_to_plan": 2},
            "swiss_plans_one_round",
        ),
        ({"time_limit_s": 0}, "bad_time_limit"),
        ({"ranking": (1, 1)}, "bad_ranking"),
    ],
)
def test_malformed_requests_are_refused(
    clock: FakeClock, fields: dict[str, object], code: str
) -> None:
    """Each malformed part of a request has its own error code."""
    with pytest.raises(SeatingError) as caught:
        plan_seating(request(**fields), clock=clock)
    assert caught.value.code == code


def test_plan_stats_counts_repeats_meetings_and_winds() -> None:
    """Repeated pairs sum (meetings - 1); wind imbalance is max - min per player."""
    rounds = [[(1, 2, 3, 4)], [(1, 2, 3, 4)], [(1, 2, 3, 4)]]
    assert plan_stats(rounds) == SeatingStats(
        repeated_pairs=12, max_meetings=3, wind_imbalance=3
    )
    rotated = [[(1, 2, 3, 4)], [(4, 1, 2, 3)], [(3, 4, 1, 2)], [(2, 3, 4, 1)]]
    assert plan_stats(rotated).wind_imbalance == 0
    assert plan_stats([]) == SeatingStats(0, 0, 0)


def test_pins_keep_a_player_at_the_same_table(clock: FakeClock) -> None:
    """A pinned player sits at the pinned table number in every planned round."""
    pins = {7: 2, 11: 4, 12: 3}
    for mode in ("random", "no-repeat"):
        plan = plan_seating(
            request(
                mode=mode, rounds_total=4, rounds_to_plan=4, pins=pins, time_limit_s=0.5
            ),
            clock=clock,
        )
        for round_ in plan.rounds:
            for player, table in pins.items():
                assert player in round_[table - 1]


def test_progress_is_reported_up_to_one(clock: FakeClock) -> None:
    """on_progress receives fractions in 0..1, ending with 1.0."""
    seen: list[float] = []
    plan_seating(request(mode="no-repeat"), clock=clock, on_progress=seen.append)
    assert seen[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in seen)
    assert seen == sorted(seen)
