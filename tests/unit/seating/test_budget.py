"""Time budget and determinism, on a fake clock (no wall-clock assertions)."""

from __future__ import annotations

import pytest

from tests.unit.seating.conftest import FakeClock, assert_valid_round
from tournaments.seating import SeatingRequest, norepeat, plan_seating
from tournaments.seating.budget import Budget

HARD = SeatingRequest(
    mode="no-repeat",
    players=tuple(range(20)),
    rounds_total=6,
    rounds_to_plan=6,
    time_limit_s=2.0,
)


def test_search_stops_within_its_budget_with_a_valid_plan() -> None:
    """A case with no zero-repeat plan ends by the time limit, on the caller's
    clock, with the best plan found."""
    clock = FakeClock(step=0.01)
    progress: list[float] = []
    plan = plan_seating(HARD, clock=clock, on_progress=progress.append)
    assert clock.now <= HARD.time_limit_s
    assert plan.clock_stopped is True
    assert progress[-1] == 1.0
    assert len(progress) > 10
    for round_ in plan.rounds:
        assert_valid_round(round_, HARD.players)
    assert plan.stats.max_meetings <= 2


def test_plan_is_deterministic_for_a_seed_and_varies_with_it() -> None:
    """Same seed and same clock readings: same plan; another seed: another."""
    first = plan_seating(HARD, clock=FakeClock(step=0.01))
    again = plan_seating(HARD, clock=FakeClock(step=0.01))
    other = plan_seating(
        SeatingRequest(**{**HARD.__dict__, "seed": 1}), clock=FakeClock(step=0.01)
    )
    assert first == again
    assert first.rounds != other.rounds


def test_a_search_that_keeps_improving_ends_on_its_step_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """However long improvements keep coming (92 players at the bound did,
    into the clock), the annealing ends after its total step count: a clock
    that moves gives the plan of a clock that stands still. Here only that
    count can end it."""
    monkeypatch.setattr(norepeat, "_STALL_STOP", 10**9)
    monkeypatch.setattr(norepeat, "_MAX_STEPS", 3_000)
    moving = plan_seating(HARD, clock=FakeClock(step=0.0001))
    assert moving.clock_stopped is False
    assert moving == plan_seating(HARD, clock=FakeClock(step=0.0))
    assert moving.stats.max_meetings <= 2


def test_a_swiss_round_whose_time_is_spent_still_seats_everyone() -> None:
    """The Swiss look-ahead shares the time left; with none left, it still
    answers with a valid round (the searches get an empty budget)."""
    players = tuple(range(1, 17))
    history = (tuple(tuple(players[i : i + 4]) for i in range(0, 16, 4)),)
    request = SeatingRequest(
        mode="swiss",
        players=players,
        history=history,
        round_index=2,
        rounds_total=5,
        ranking=players,
        time_limit_s=0.2,
    )
    plan = plan_seating(request, clock=FakeClock(step=1.0))
    assert_valid_round(plan.rounds[0], players)
    assert plan.clock_stopped is True


CLUBS = SeatingRequest(
    mode="no-repeat",
    players=tuple(range(1, 21)),
    rounds_total=4,
    rounds_to_plan=4,
    clubs={p: "AB"[p % 2] for p in range(1, 9)},
    seed=4242,
)


def test_a_clock_that_never_expires_gives_one_plan_per_seed() -> None:
    """The searches stop by step counts: with a clock that stands still the
    plan depends on the seed alone, and says the clock did not stop it."""
    first = plan_seating(CLUBS, clock=FakeClock(step=0.0))
    again = plan_seating(CLUBS, clock=FakeClock(step=0.0))
    assert first.clock_stopped is False
    assert first == again
    assert first.stats.repeated_pairs == 0


def test_a_clock_that_expires_early_is_recorded_on_the_plan() -> None:
    """A time limit reached before the steps run out cuts the search: the plan
    is still valid and says the clock stopped it."""
    clock = FakeClock(step=1.0)
    plan = plan_seating(CLUBS, clock=clock)
    assert plan.clock_stopped is True
    for round_ in plan.rounds:
        assert_valid_round(round_, CLUBS.players)


def test_a_stop_in_a_shared_budget_reaches_the_whole_search() -> None:
    """A sub-search's budget that runs out marks its parents too; one still
    running marks nothing."""
    clock = FakeClock(step=0.0)
    budget = Budget(clock, 10.0, None)
    child = budget.share(1 / 2)
    grandchild = child.share(1 / 2)
    assert not grandchild.expired()
    assert not budget.clock_stopped
    clock.now = 4.0
    assert grandchild.expired()
    assert (grandchild.clock_stopped, child.clock_stopped) == (True, True)
    assert budget.clock_stopped
    assert not Budget(clock, 10.0, None).clock_stopped


def test_a_random_plan_is_never_stopped_by_the_clock() -> None:
    """The random mode does not search: a slow clock changes nothing."""
    request = SeatingRequest(mode="random", players=tuple(range(8)), seed=3)
    plan = plan_seating(request, clock=FakeClock(step=100.0))
    assert plan.clock_stopped is False
