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

from tournaments.archive import EventArchive, TableRecord
from tournaments.models import Hand, Penalty, Round, Seat, Table, Tournament
from tournaments.services.rules import ruleset_for
from tournaments.services.tables import bump_version, rebuild_table

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
    """Set once the import has created the table (with all it holds)."""

    @property
    def dirty(self) -> bool:
        """Whether anything scored at this table changes."""
        if self.record is None or self.table is None or self.replace_seats:
            return True
        return (
            self.keep_hands < len(self.record.hands)
            or self.replace_penalties
            or bool(self.update_fields)
        )


def plan_tables(
    archive: EventArchive,
    stored: dict[Key, TableRecord],
    rows: dict[Key, Table],
    counts: Counter[str],
) -> list[TablePlan]:
    """What to do at each table, counting the changes in ``counts``."""
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
                    kind=hand.kind,
                    winner_id=seats[table_id, hand.winner] if hand.winner else None,
                    discarder_id=(
                        seats[table_id, hand.discarder] if hand.discarder else None
                    ),
                    result=hand.result,
                    deltas=[],
                    tiles=hand.tiles,
                    fans=hand.fans,
                    idempotency_key=hand.idempotency_key,
                    created_at=hand.created_at,
                    updated_at=hand.updated_at,
                )
            )
    Hand.objects.bulk_create(rows, batch_size=500)
    # bulk_create stamps the times (auto_now); bulk_update writes them as given.
    for row, hand in zip(rows, _hand_records(plans), strict=True):
        row.created_at, row.updated_at = hand.created_at, hand.updated_at
    Hand.objects.bulk_update(rows, ["created_at", "updated_at"], batch_size=500)


def _hand_records(plans: list[TablePlan]) -> list[object]:
    return [
        hand
        for plan in plans
        if plan.record is not None
        for hand in plan.record.hands[plan.keep_hands :]
    ]


def _write_penalties(
    plans: list[TablePlan], seats: dict[tuple[int, int], int], tournament: Tournament
) -> None:
    ruleset, options = ruleset_for(tournament)
    rows, times = [], []
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
                )
            )
            times.append(penalty.created_at)
    Penalty.objects.bulk_create(rows, batch_size=500)
    for row, moment in zip(rows, times, strict=True):
        row.created_at = moment
    Penalty.objects.bulk_update(rows, ["created_at"], batch_size=500)


def rebuild_tables(tables: list[Table], tournament: Tournament, *, bump: bool) -> None:
    """Pay and score every given table from its hands (the sender's totals
    are never read), and tell the room's pages (``bump``: stored tables,
    whose version the tablets hold)."""
    rounds = {r.pk: r for r in tournament.rounds.all()}
    for table in tables:
        table.round = rounds[table.round_id]
        table.round.tournament = tournament
        rebuild_table(table)
        if bump:
            bump_version(table)
