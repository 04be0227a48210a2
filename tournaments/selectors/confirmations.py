"""Table confirmation reads: each seat's answer, the round's tables waiting."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import (
    Registration,
    Round,
    Table,
    TableConfirmation,
    in_wind_order,
)


@dataclass(frozen=True, slots=True)
class SeatAnswer:
    registration: Registration
    kind: str  # "confirm", "dispute" or "" (not answered yet)


def seat_answers(table: Table) -> list[SeatAnswer]:
    """The table's four players in seat order, each with their answer."""
    answers = dict(table.confirmations.values_list("registration_id", "kind"))
    seats = in_wind_order(table.seats.select_related("registration__player"))
    return [
        SeatAnswer(seat.registration, answers.get(seat.registration_id, ""))
        for seat in seats
    ]


@dataclass(frozen=True, slots=True)
class TableWaiting:
    table: Table
    confirmed: int
    disputed: list[Registration]


def tables_not_confirmed(round_: Round) -> list[TableWaiting]:
    """The round's tables whose four players have not all confirmed, disputed
    first (a dispute calls the referee); empty when the event does not ask
    players to confirm."""
    if not round_.tournament.players_confirm_tables:
        return []
    tables = round_.tables.order_by("number").prefetch_related(
        "confirmations__registration__player"
    )
    waiting = []
    for table in tables:
        answers = list(table.confirmations.all())
        confirmed = sum(a.kind == TableConfirmation.Kind.CONFIRM for a in answers)
        if confirmed < 4:
            disputed = [
                a.registration
                for a in answers
                if a.kind == TableConfirmation.Kind.DISPUTE
            ]
            waiting.append(TableWaiting(table, confirmed, disputed))
    return sorted(waiting, key=lambda w: (not w.disputed, w.table.number))
