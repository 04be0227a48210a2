"""Seating reads: who sits, what was published, which plan covers a round."""

from __future__ import annotations

from typing import Any

from tournaments.models import (
    Registration,
    Round,
    SeatingPlan,
    Table,
    Tournament,
    in_wind_order,
)


def seated_registrations(tournament: Tournament) -> list[Registration]:
    """Who sits from now on: active players and substitutes, not the withdrawn."""
    return list(
        tournament.registrations.exclude(status=Registration.Status.WITHDRAWN)
        .select_related("player__club")
        .order_by("number")
    )


def table_ids(table: Table) -> tuple[int, int, int, int]:
    """Registration ids in seat order E, S, W, N (uses prefetched seats)."""
    seats = in_wind_order(table.seats.all())
    return tuple(seat.registration_id for seat in seats)  # type: ignore[return-value]


def published_rounds(
    tournament: Tournament, *, before: int
) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """The seated rounds numbered below ``before``, as the engine reads them."""
    rounds = (
        tournament.rounds.filter(number__lt=before)
        .order_by("number")
        .prefetch_related("tables__seats")
    )
    return tuple(
        tuple(
            table_ids(table) for table in sorted(r.tables.all(), key=lambda t: t.number)
        )
        for r in rounds
        if r.tables.all()
    )


def figures(stats: Any) -> dict[str, int]:
    """A SeatingStats as stored JSON."""
    return {
        "repeated_pairs": stats.repeated_pairs,
        "max_meetings": stats.max_meetings,
        "wind_imbalance": stats.wind_imbalance,
    }


def attach_seating_plans(rounds: list[Round]) -> list[Round]:
    """Fill each round's ``seating_plan`` from one query, not one per round:
    the latest plan that is not cancelled and covers the round (plans come
    newest first)."""
    if not rounds:
        return rounds
    plans = list(
        SeatingPlan.objects.filter(tournament_id=rounds[0].tournament_id).exclude(
            status="cancelled"
        )
    )
    for round_ in rounds:
        round_.__dict__["_seating_plan"] = next(
            (
                plan
                for plan in plans
                if plan.first_round <= round_.number
                and round_.number < plan.first_round + plan.rounds_count
            ),
            None,
        )
    return rounds


def with_seating_plan(round_: Round) -> Round:
    """``round_`` with its ``seating_plan`` found (one query)."""
    attach_seating_plans([round_])
    return round_
