"""Withdrawals, substitutes and late arrivals: re-plan without touching history."""

from __future__ import annotations

import pytest

from tests.unit.seating.conftest import FakeClock, assert_valid_round
from tournaments.seating import SeatingError, SeatingRequest, plan_seating, plan_stats


def full_plan(players: tuple[int, ...], rounds: int, seed: int = 0) -> tuple:  # type: ignore[type-arg]
    request = SeatingRequest(
        mode="no-repeat",
        players=players,
        rounds_total=rounds,
        rounds_to_plan=rounds,
        seed=seed,
    )
    return plan_seating(request, clock=FakeClock(step=0.001)).rounds


def test_withdrawal_after_round_three_asks_for_a_substitute() -> None:
    """19 players left: one substitute needed; with it, rounds 4-5 re-planned."""
    players = tuple(range(1, 21))
    history = full_plan(players, 5)[:3]
    remaining = tuple(p for p in players if p != 7)
    with pytest.raises(SeatingError) as caught:
        plan_seating(
            SeatingRequest(
                mode="no-repeat",
                players=remaining,
                history=history,
                round_index=4,
                rounds_total=5,
                rounds_to_plan=2,
            ),
            clock=FakeClock(step=0.001),
        )
    assert caught.value.code == "player_count_not_multiple_of_four"
    assert caught.value.params["substitutes_needed"] == 1
    with_substitute = (*remaining, 99)
    request = SeatingRequest(
        mode="no-repeat",
        players=with_substitute,
        history=history,
        round_index=4,
        rounds_total=5,
        rounds_to_plan=2,
        seed=5,
    )
    plan = plan_seating(request, clock=FakeClock(step=0.001))
    assert request.history == history
    for round_ in plan.rounds:
        assert_valid_round(round_, with_substitute)
        assert all(7 not in table for table in round_)
    assert plan.stats == plan_stats([*history, *plan.rounds])
    assert plan.stats.repeated_pairs == 0
    assert plan.stats.wind_imbalance <= 1


def test_late_arrivals_join_without_repeats() -> None:
    """Four late arrivals after round 2 of 28 players: still no repeat."""
    players = tuple(range(1, 29))
    history = full_plan(players, 2)
    late = (*players, 50, 51, 52, 53)
    plan = plan_seating(
        SeatingRequest(
            mode="no-repeat",
            players=late,
            history=history,
            round_index=3,
            rounds_total=6,
            rounds_to_plan=4,
        ),
        clock=FakeClock(step=0.001),
    )
    assert plan.stats.repeated_pairs == 0
    for round_ in plan.rounds:
        assert_valid_round(round_, late)


def test_clubs_are_kept_apart_when_possible() -> None:
    """Four clubs of four: no two club-mates ever share a table."""
    players = tuple(range(1, 17))
    clubs = {p: f"club-{p % 4}" for p in players}
    plan = plan_seating(
        SeatingRequest(
            mode="no-repeat",
            players=players,
            rounds_total=4,
            rounds_to_plan=4,
            clubs=clubs,
        ),
        clock=FakeClock(step=0.001),
    )
    for round_ in plan.rounds:
        for table in round_:
            assert len({clubs[p] for p in table}) == 4
    assert plan.stats.repeated_pairs == 0


@pytest.mark.parametrize("played", [1, 2, 3, 4])
def test_rest_of_the_tournament_is_replanned_without_repeats(played: int) -> None:
    """16 players, 5 rounds, re-planned after any round: the design is
    relabelled around the history, still no repeat and even winds."""
    players = tuple(range(1, 17))
    history = full_plan(players, 5)[:played]
    for seed in range(3):
        plan = plan_seating(
            SeatingRequest(
                mode="no-repeat",
                players=players,
                history=history,
                round_index=played + 1,
                rounds_total=5,
                rounds_to_plan=5 - played,
                seed=seed,
            ),
            clock=FakeClock(step=0.001),
        )
        assert plan.stats.repeated_pairs == 0
        assert plan.stats.wind_imbalance <= 1
