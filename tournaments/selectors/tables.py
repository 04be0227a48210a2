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
    """Everything the table page shows: seats, hands, penalties, totals.

    Three queries. The hands' winners and discarders and the penalties'
    seats are the four seats already read (joining each hand to its two
    players again cost more than the rest of the sheet's reads).
    """
    seats = in_wind_order(table.seats.select_related("registration__player", "result"))
    by_id = {seat.pk: seat for seat in seats}
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    for hand in hands:
        if hand.winner_id in by_id:
            hand.winner = by_id[hand.winner_id]
        if hand.discarder_id in by_id:
            hand.discarder = by_id[hand.discarder_id]
    penalties = list(Penalty.objects.filter(table=table))
    for penalty in penalties:
        if penalty.seat_id in by_id:
            penalty.seat = by_id[penalty.seat_id]
    return {"seats": seats, "hands": hands, "penalties": penalties}
