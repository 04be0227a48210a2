"""A round's tables and a table's sheet: seats, hands, penalties."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from tournaments.models import Hand, Penalty, Round, Seat, Table, in_wind_order


def list_round_tables(round_: Round) -> QuerySet[Table]:
    """The round's tables with seats, players and results (three queries)."""
    return round_.tables.order_by("number").prefetch_related(
        Prefetch(
            "seats",
            queryset=Seat.objects.select_related("registration__player", "result"),
        )
    )


def get_table_sheet(table: Table) -> dict[str, object]:
    """Everything the table page shows: seats, hands, penalties, totals."""
    seats = in_wind_order(table.seats.select_related("registration__player", "result"))
    hands = list(
        Hand.objects.filter(table=table)
        .select_related(
            "winner__registration__player", "discarder__registration__player"
        )
        .order_by("number")
    )
    penalties = list(
        Penalty.objects.filter(table=table).select_related("seat__registration__player")
    )
    return {"seats": seats, "hands": hands, "penalties": penalties}
