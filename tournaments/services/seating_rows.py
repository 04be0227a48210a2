"""Reads shared by the seating services: who sits, what was published."""

from __future__ import annotations

from typing import Any

from tournaments.models import WINDS, Registration, Table, Tournament


def seated_registrations(tournament: Tournament) -> list[Registration]:
    """Who sits from now on: active players and substitutes, not the withdrawn."""
    return list(
        tournament.registrations.exclude(status=Registration.Status.WITHDRAWN)
        .select_related("player__club")
        .order_by("number")
    )


def table_ids(table: Table) -> tuple[int, int, int, int]:
    """Registration ids in seat order E, S, W, N (uses prefetched seats)."""
    seats = sorted(table.seats.all(), key=lambda seat: WINDS.index(seat.wind))
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
