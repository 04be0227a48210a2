"""A round's tables and a table's sheet: seats, hands, penalties."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, Prefetch, QuerySet, Sum

from tournaments.models import Hand, Penalty, Round, Seat, Table, in_wind_order

# Where a write leaves the rows it read and wrote under the table's lock.
_ROWS = "_committed_rows"


@dataclass(frozen=True)
class TableRows:
    """A table's seats (starting East first, each with its ``result`` once
    it has one), its hands in order and its penalties."""

    seats: list[Seat]
    hands: list[Hand]
    penalties: list[Penalty]


def list_round_tables(round_: Round) -> QuerySet[Table]:
    """The round's tables with seats, players and results (three queries)."""
    return round_.tables.order_by("number").prefetch_related(
        Prefetch(
            "seats",
            queryset=Seat.objects.select_related("registration__player", "result"),
        )
    )


def list_round_table_stamps(round_: Round) -> list[tuple[int, int, int]]:
    """Each table's id, version and seating, in table-number order: one
    query, no seat or player loaded.

    Together they name what the public card of a table shows: every write
    at the table (a hand, a correction, closing it) bumps its ``version``;
    a swap moves registrations between seats without a write at the table,
    and moves the sum of seat id times registration id with it.
    """
    return list(
        round_.tables.order_by("number")
        .annotate(seating=Sum(F("seats__id") * F("seats__registration_id")))
        .values_list("pk", "version", "seating")
    )


def remember_rows(table: Table, rows: TableRows) -> None:
    """Keep on ``table`` the rows a write just left, so that the answer to
    that write shows them without reading them again (``get_table_sheet``).

    Precondition: ``table`` is the row the write locked (``lock_table``) and
    ``rows`` are everything the write read and wrote of it: the instance
    then describes the committed table, and dies with the request.
    """
    table.__dict__[_ROWS] = rows


def get_table_sheet(table: Table) -> TableRows:
    """Everything the table page shows: seats, hands, penalties, totals.

    Three queries, or none on the table a write answered with
    (``remember_rows``). The hands' winners and discarders and the
    penalties' seats are the four seats already read (joining each hand to
    its two players again cost more than the rest of the sheet's reads).
    """
    rows: TableRows | None = table.__dict__.get(_ROWS)
    if rows is None:
        rows = TableRows(
            seats=in_wind_order(
                table.seats.select_related("registration__player", "result")
            ),
            hands=list(Hand.objects.filter(table=table).order_by("number")),
            penalties=list(Penalty.objects.filter(table=table)),
        )
    by_id = {seat.pk: seat for seat in rows.seats}
    for hand in rows.hands:
        if hand.winner_id in by_id:
            hand.winner = by_id[hand.winner_id]
        if hand.discarder_id in by_id:
            hand.discarder = by_id[hand.discarder_id]
    for penalty in rows.penalties:
        if penalty.seat_id in by_id:
            penalty.seat = by_id[penalty.seat_id]
    return rows
