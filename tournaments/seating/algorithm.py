"""plan_seating: validate, dispatch on the mode, then seat the winds."""

from __future__ import annotations

from collections.abc import Callable

from .budget import Budget, expected_s, safety_limit_s
from .norepeat import search_plan
from .pins import place_pins
from .problem import Problem, build_problem
from .stats import plan_stats
from .swiss import leave_last_round_open, seat_swiss
from .swiss_block import block_round
from .types import Round, SeatingPlan, SeatingRequest
from .validation import validate_request
from .winds import assign_winds


def plan_seating(
    request: SeatingRequest,
    *,
    clock: Callable[[], float],
    on_progress: Callable[[float], None] | None = None,
) -> SeatingPlan:
    """Plan ``request.rounds_to_plan`` rounds and return them with their figures.

    ``clock`` returns seconds (``budget.search_clock`` in production: the
    search's own CPU time, which waiting for a CPU does not spend). The search
    stops by step counts sized by the event, so a seed gives one plan;
    ``request.time_limit_s`` on that clock, raised to ten times what the steps
    take for a large event (``budget.safety_limit_s``), is a safety limit
    that ends it early with the best plan found, and the plan then says so
    (``clock_stopped``).
    ``on_progress`` receives fractions in 0..1, ending with 1.0. Raises
    SeatingError for a request that cannot be seated. The history is read,
    never changed, and the stats cover history plus plan.
    """
    validate_request(request)
    expected = expected_s(request.mode, len(request.players), request.rounds_to_plan)
    limit = safety_limit_s(request.time_limit_s, expected)
    pace = expected if limit > request.time_limit_s else None
    budget = Budget(clock, limit, on_progress, pace_s=pace)
    kept = block_round(request)
    if kept is not None:  # the last block of a tight Swiss, winds included
        rounds: tuple[Round, ...] = (kept,)
    else:
        problem = build_problem(request)
        if request.mode == "random":
            tables = _random_rounds(problem)
        elif request.mode == "swiss":
            tables = [seat_swiss(problem, budget)]
        else:
            tables = search_plan(problem, budget)
        named = [
            [[problem.ids[i] for i in table] for table in round_] for round_ in tables
        ]
        rounds = assign_winds(request.history, named)
        if request.mode == "swiss":
            rounds = (leave_last_round_open(problem, rounds[0]),)
    budget.done()
    return SeatingPlan(
        rounds=rounds,
        stats=plan_stats([*request.history, *rounds]),
        clock_stopped=budget.clock_stopped,
    )


def _random_rounds(problem: Problem) -> list[list[list[int]]]:
    """Seeded random tables, pinned players at their table (no search)."""
    pins = {p: t for p, t in enumerate(problem.pin) if t >= 0}
    rounds = []
    for _ in range(problem.rounds):
        order = list(range(problem.n))
        problem.rng.shuffle(order)
        tables = [order[i : i + 4] for i in range(0, problem.n, 4)]
        rounds.append(place_pins(tables, pins))
    return rounds
