"""The tables part of an archive import: compare, delete, write, rebuild.

``plan_tables`` compares the archive's tables with the stored ones (both as
``TableRecord`` values, the stored ones read by ``selectors.archive``) and
says, table by table, what to replace; ``apply_tables`` writes it. Nothing
unchanged is written, so an unchanged archive writes no row.

A table's hands are replaced from the first one that differs (a hand
deleted at the venue moves the later ones up a number: rewriting them is
simpler and safer than renumbering under the unique keys); its penalties
are replaced as a whole when any differs; its seats likewise (and then its
hands and penalties, which point at the seats).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TypeVar

from django.db import connections, router
from django.db.models import Model

from tournaments.archive import EventArchive, TableRecord
from tournaments.models import (
    Hand,
    Penalty,
    Round,
    Seat,
    Table,
    Tournament,
    in_wind_order,
)
from tournaments.selectors.rules import ruleset_for
from tournaments.services.errors import ServiceError
from tournaments.services.tables import bump_version, rebuild_table

M = TypeVar("M", bound=Model)
Key = tuple[int, int]
"""A table's round number and its own."""


@dataclass
class TablePlan:
    key: Key
    record: TableRecord | None
    """The archive's table; None when the archive no longer has it."""
    table: Table | None
    """The stored table; None when the archive brings it."""
    replace_seats: bool = False
    keep_hands: int = 0
    """Stored hands kept (numbers 1..keep_hands); the rest are replaced."""
    replace_penalties: bool = False
    update_fields: tuple[str, ...] = ()
    created: bool = False
    rescore: bool = False
    """Score again though nothing at the table changes (the rules did)."""
    """Set once the import has created the table (with all it holds)."""

    @property
    def dirty(self) -> bool:
        """Whether anything scored at this table changes."""
        if self.record is None or self.table is None or self.replace_seats:
            return True
        return (
            self.rescore
            or self.keep_hands < len(self.record.hands)
            or self.replace_penalties
            or bool(self.update_fields)
        )


def insert_as_given(model: type[M], rows: list[M]) -> None:
    """Insert ``rows`` with the times they carry (the archive's).

    ``bulk_create`` stamps ``auto_now``/``auto_now_add`` fields with the
    current time, and writing the archive's times back with ``bulk_update``
    cost 19 s for 11,200 hands. This is the raw insert ``loaddata`` uses
    (``save_base(raw=True)``: no ``pre_save``), in batches; the rows get no
    primary key back (nothing here needs it).
    """
    if not rows:
        return
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    ops = connections[router.db_for_write(model)].ops
    size = max(1, min(500, ops.bulk_batch_size(fields, rows)))
    for start in range(0, len(rows), size):
        model._base_manager._insert(  # type: ignore[attr-defined]
            rows[start : start + size], fields=fields, raw=True
        )


def plan_tables(
    archive: EventArchive,
    stored: dict[Key, TableRecord],
    rows: dict[Key, Table],
    counts: Counter[str],
    *,
    rescore: bool = False,
) -> list[TablePlan]:
    """What to do at each table, counting the changes in ``counts``.

    ``rescore``: the rule set or its options change, so every table is
    scored again, even one whose rows stay as they are."""
    wanted = {(r.number, t.number): t for r in archive.rounds for t in r.tables}
    plans = []
    for key in sorted(wanted.keys() | rows.keys()):
        record, old = wanted.get(key), stored.get(key)
        plan = TablePlan(key, record, rows.get(key))
        if record is None or old is None:
            counts["tables_removed" if record is None else "tables_added"] += 1
            counts["hands_removed" if record is None else "hands_added"] += len(
                (record or old).hands  # type: ignore[union-attr]
            )
            plans.append(plan)
            continue
        _compare(plan, record, old, counts)
        plan.rescore = rescore
        if plan.dirty:
            counts["tables_changed"] += 1
            plans.append(plan)
    return plans


def _compare(
    plan: TablePlan, record: TableRecord, old: TableRecord, counts: Counter[str]
) -> None:
    plan.update_fields = tuple(
        field
        for field in ("is_closed", "time_called", "extra_minutes")
        if getattr(record, field) != getattr(old, field)
    )
    plan.replace_seats = record.seats != old.seats
    kept = 0
    if not plan.replace_seats:
        while (
            kept < min(len(record.hands), len(old.hands))
            and record.hands[kept] == old.hands[kept]
        ):
            kept += 1
    plan.keep_hands = kept
    both = min(len(record.hands), len(old.hands))
    counts["hands_changed"] += sum(
        1 for i in range(kept, both) if record.hands[i] != old.hands[i]
    )
    counts["hands_added"] += max(0, len(record.hands) - len(old.hands))
    counts["hands_removed"] += max(0, len(old.hands) - len(record.hands))
    plan.replace_penalties = plan.replace_seats or record.penalties != old.penalties
    if record.penalties != old.penalties:
        counts["penalties_changed"] += 1


def delete_replaced(plans: list[TablePlan]) -> None:
    """Delete what the plans replace, hands and penalties before the seats
    they point at (``PROTECT``), seats before their registrations."""
    gone_tables = [p.table.pk for p in plans if p.table and p.record is None]
    whole = [
        p.table.pk for p in plans if p.table and (p.record is None or p.replace_seats)
    ]
    Hand.objects.filter(table_id__in=whole).delete()
    Penalty.objects.filter(table_id__in=whole).delete()
    for plan in plans:
        if plan.table is None or plan.table.pk in whole:
            continue
        Hand.objects.filter(table_id=plan.table.pk, number__gt=plan.keep_hands).delete()
        if plan.replace_penalties:
            Penalty.objects.filter(table_id=plan.table.pk).delete()
    Seat.objects.filter(table_id__in=whole).delete()
    Table.objects.filter(pk__in=gone_tables).delete()


def write_tables(
    plans: list[TablePlan],
    rounds: dict[int, Round],
    registrations: dict[int, int],
    tournament: Tournament,
) -> list[Table]:
    """Create and update the planned tables, their seats, hands and
    penalties; returns the tables to rebuild. ``registrations`` maps a
    registration number to its row's id."""
    new_tables = []
    for plan in plans:
        if plan.record is None:
            continue
        if plan.table is None:
            plan.table = Table(
                round=rounds[plan.key[0]],
                number=plan.record.number,
                is_closed=plan.record.is_closed,
                time_called=plan.record.time_called,
                extra_minutes=plan.record.extra_minutes,
            )
            plan.created = True
            new_tables.append(plan.table)
        elif plan.update_fields:
            for field in plan.update_fields:
                setattr(plan.table, field, getattr(plan.record, field))
            plan.table.save(update_fields=list(plan.update_fields))
    Table.objects.bulk_create(new_tables)
    live = [p for p in plans if p.record is not None]
    _write_seats(live, registrations)
    seats = _seats_by_number([p.table.pk for p in live if p.table])
    _write_hands(live, seats)
    _write_penalties(live, seats, tournament)
    return [p.table for p in live if p.table is not None]


def _write_seats(plans: list[TablePlan], registrations: dict[int, int]) -> None:
    rows = []
    for plan in plans:
        assert plan.table is not None and plan.record is not None
        if plan.replace_seats or plan.created:
            rows.extend(
                Seat(
                    table=plan.table,
                    round_id=plan.table.round_id,
                    registration_id=registrations[seat.registration],
                    wind=seat.wind,
                )
                for seat in plan.record.seats
            )
    Seat.objects.bulk_create(rows)


def _seats_by_number(table_ids: list[int]) -> dict[tuple[int, int], int]:
    """(table id, registration number) to the seat's id."""
    rows = Seat.objects.filter(table_id__in=table_ids).values_list(
        "pk", "table_id", "registration__number"
    )
    return {(table_id, number): pk for pk, table_id, number in rows}


def _write_hands(plans: list[TablePlan], seats: dict[tuple[int, int], int]) -> None:
    rows = []
    for plan in plans:
        assert plan.table is not None and plan.record is not None
        table_id = plan.table.pk
        for hand in plan.record.hands[plan.keep_hands :]:
            rows.append(
                Hand(
                    table_id=table_id,
                    number=hand.number,
                    prevalent_wind=hand.prevalent_wind,
                    seat_winds=hand.seat_winds,
                    counters=hand.counters,
                    winds_corrected=hand.winds_corrected,
                    needs_check=hand.needs_check,
                    kind=hand.kind,
                    winner_id=seats[table_id, hand.winner] if hand.winner else None,
                    discarder_id=(
                        seats[table_id, hand.discarder] if hand.discarder else None
                    ),
                    result=hand.result,
                    # A placeholder, never trusted: the rebuild computes the
                    # payments and writes every hand whose payments differ,
                    # so an honest archive's hands are not written twice.
                    deltas=list(hand.deltas) if hand.deltas else [],
                    tiles=hand.tiles,
                    fans=hand.fans,
                    idempotency_key=hand.idempotency_key,
                    created_at=hand.created_at,
                    updated_at=hand.updated_at,
                )
            )
    insert_as_given(Hand, rows)


def _write_penalties(
    plans: list[TablePlan], seats: dict[tuple[int, int], int], tournament: Tournament
) -> None:
    ruleset, options = ruleset_for(tournament)
    rows = []
    for plan in plans:
        assert plan.table is not None and plan.record is not None
        if not (plan.replace_penalties or plan.created):
            continue
        for penalty in plan.record.penalties:
            offender = plan.record.seat_of(penalty.registration)
            assert offender is not None  # parse checked it
            deltas = ruleset.penalty_deltas(
                penalty.kind, offender, penalty.points, options
            )
            rows.append(
                Penalty(
                    table_id=plan.table.pk,
                    seat_id=seats[plan.table.pk, penalty.registration],
                    kind=penalty.kind,
                    points=penalty.points,
                    reason=penalty.reason,
                    referee_label=penalty.referee,
                    deltas=list(deltas),
                    idempotency_key=penalty.idempotency_key,
                    created_at=penalty.created_at,
                )
            )
    insert_as_given(Penalty, rows)


def rebuild_tables(tables: list[Table], tournament: Tournament, *, bump: bool) -> None:
    """Pay and score every given table from its hands (the sender's totals
    are never read), and tell the room's pages (``bump``: stored tables,
    whose version the tablets hold)."""
    rounds = {r.pk: r for r in tournament.rounds.all()}
    for chunk in range(0, len(tables), REBUILD_CHUNK):
        some = tables[chunk : chunk + REBUILD_CHUNK]
        seats, hands = _rows_of([table.pk for table in some])
        for table in some:
            table.round = rounds[table.round_id]
            table.round.tournament = tournament
            table_seats = in_wind_order(seats.get(table.pk, []))
            if len(table_seats) != 4:  # as seats_of: parse admits four only
                raise ServiceError(
                    "table_not_seated", table=table.number, seats=len(table_seats)
                )
            rebuild_table(table, table_seats, hands.get(table.pk, []))
            if bump:
                bump_version(table)


REBUILD_CHUNK = 200
"""Tables whose seats and hands are read in one query each for the rebuild
(``seats_of`` and the table's hands, two queries a table otherwise)."""


def _rows_of(
    table_ids: list[int],
) -> tuple[dict[int, list[Seat]], dict[int, list[Hand]]]:
    """The seats (with player and result, as ``seats_of`` reads them) and
    the hands in number order of these tables."""
    seats: dict[int, list[Seat]] = {}
    rows = Seat.objects.filter(table_id__in=table_ids).select_related(
        "registration__player", "result"
    )
    for seat in rows:
        seats.setdefault(seat.table_id, []).append(seat)
    hands: dict[int, list[Hand]] = {}
    for hand in Hand.objects.filter(table_id__in=table_ids).order_by(
        "table_id", "number"
    ):
        hands.setdefault(hand.table_id, []).append(hand)
    return seats, hands
