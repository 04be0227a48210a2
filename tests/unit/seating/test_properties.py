"""Validity properties over generated requests (hypothesis)."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.unit.seating.conftest import FakeClock, assert_valid_round
from tournaments.seating import SeatingRequest, plan_seating, plan_stats


@st.composite
def requests(draw: st.DrawFn) -> SeatingRequest:
    """A tournament part-way through: history of earlier players, some of
    whom withdrew, a field (a multiple of four) seated from now on, and
    possibly rounds still to come after the planned ones."""
    tables = draw(st.integers(min_value=1, max_value=8))
    played = draw(st.integers(min_value=0, max_value=3))
    rng = random.Random(draw(st.integers(min_value=0, max_value=10**6)))
    old = list(range(1, 4 * tables + 1))
    history = []
    for _ in range(played):
        rng.shuffle(old)
        history.append(tuple(tuple(old[i : i + 4]) for i in range(0, len(old), 4)))
    # Withdraw a table's worth of players or add late arrivals.
    change = draw(st.sampled_from([-4, 0, 4])) if tables > 1 else 0
    players = old[:change] if change < 0 else old + list(range(900, 900 + change))
    rounds_to_plan = draw(st.integers(min_value=1, max_value=4))
    mode = draw(st.sampled_from(["no-repeat", "swiss", "random"]))
    if mode == "swiss":
        rounds_to_plan = 1
    later = draw(st.integers(min_value=0, max_value=3))  # rounds after the plan
    ranking = tuple(rng.sample(players, len(players))) if mode == "swiss" else None
    pinned = rng.sample(players, draw(st.integers(min_value=0, max_value=3)))
    pins = {p: rng.randint(1, len(players) // 4) for p in pinned}
    return SeatingRequest(
        mode=mode,
        players=tuple(players),
        history=tuple(history),
        round_index=played + 1,
        rounds_total=played + rounds_to_plan + later,
        rounds_to_plan=rounds_to_plan,
        ranking=ranking,
        clubs={p: "abc"[p % 3] for p in players if p % 2},
        pins=pins,
        time_limit_s=0.2,
        seed=draw(st.integers(min_value=0, max_value=2**31)),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_every_player_sits_exactly_once_per_round(request: SeatingRequest) -> None:
    """Tables of four, each player once per planned round, pinned players at
    their table, history untouched."""
    history_before = copy.deepcopy(request.history)
    plan = plan_seating(request, clock=FakeClock(step=0.001))
    assert request.history == history_before
    assert len(plan.rounds) == request.rounds_to_plan
    for round_ in plan.rounds:
        assert_valid_round(round_, request.players)
        for player, table in request.pins.items():
            assert player in round_[table - 1]
    assert plan.stats == plan_stats([*request.history, *plan.rounds])


@settings(max_examples=30, deadline=None)
@given(requests())
def test_same_seed_same_plan(request: SeatingRequest) -> None:
    """Deterministic for a seed, whatever the clock speed."""
    first = plan_seating(request, clock=FakeClock(step=0.001))
    second = plan_seating(request, clock=FakeClock(step=0.001))
    assert first == second
