"""Time budget and determinism, on a fake clock (no wall-clock assertions)."""

from __future__ import annotations

from tests.unit.seating.conftest import FakeClock, assert_valid_round
from tournaments.seating import SeatingRequest, plan_seating

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
