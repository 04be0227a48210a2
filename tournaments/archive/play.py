"""The rounds, tables, hands and penalties of an archive, and its audit trail.

Each hand's ``result`` is read by the event's rule set (``parse_result``) as
the receiving side will score it; its ``kind``, ``winner`` and
``discarder`` must say what the result says. Penalties go through the rule
set's ``penalty_deltas``: a kind or amount it refuses is refused here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import AnyRuleSet
from tournaments.archive import limits
from tournaments.archive.errors import ArchiveError, rule_refused
from tournaments.archive.nodes import Node, check_integer
from tournaments.archive.records import (
    AuditRecord,
    HandRecord,
    PenaltyRecord,
    RoundRecord,
    SeatRecord,
    TableRecord,
)

ROUND_KEYS = (
    "number", "status", "started_at", "clock_started_at", "clock_elapsed_s",
    "clock_extra_minutes", "seating_stats", "tables",
)  # fmt: skip
TABLE_KEYS = (
    "number", "is_closed", "time_called", "extra_minutes", "seats", "hands",
    "penalties",
)  # fmt: skip
SEAT_KEYS = ("wind", "registration")
HAND_KEYS = (
    "number", "prevalent_wind", "seat_winds", "winds_corrected", "needs_check",
    "counters", "kind", "winner", "discarder", "result", "tiles", "fans",
    "idempotency_key", "created_at", "updated_at", "deltas",
)  # fmt: skip
PENALTY_KEYS = (
    "registration", "kind", "points", "reason", "referee", "idempotency_key",
    "created_at",
)  # fmt: skip
AUDIT_KEYS = (
    "action", "object_type", "round", "table", "actor_label", "before", "after",
    "created_at",
)  # fmt: skip


@dataclass(frozen=True)
class Rules:
    """The event's rule set and its cleaned options."""

    ruleset: AnyRuleSet
    options: Any


def parse_rounds(
    top: Node, rules: Rules, registrations: set[int], rounds_count: int
) -> tuple[RoundRecord, ...]:
    """The rounds, numbered 1..``rounds_count`` in order."""
    rounds = []
    for index, (item, path) in enumerate(top.items("rounds", limits.MAX_ROUNDS)):
        node = Node(item, path, ROUND_KEYS)
        number = node.integer("number", 1, limits.MAX_ROUNDS)
        if number != index + 1:
            raise ArchiveError(
                "archive_bad_numbering", node.at("number"), expected=index + 1
            )
        rounds.append(_round(node, number, rules, registrations))
    if len(rounds) != rounds_count:
        raise ArchiveError(
            "archive_rounds_count", "rounds", count=len(rounds), expected=rounds_count
        )
    return tuple(rounds)


def _round(
    node: Node, number: int, rules: Rules, registrations: set[int]
) -> RoundRecord:
    tables: list[TableRecord] = []
    seated: set[int] = set()
    for item, path in node.items("tables", limits.MAX_TABLES):
        table = _table(Node(item, path, TABLE_KEYS), rules, registrations)
        if tables and table.number <= tables[-1].number:
            raise ArchiveError(
                "archive_bad_numbering",
                f"{path}.number",
                expected=tables[-1].number + 1,
            )
        for index, seat in enumerate(table.seats):
            if seat.registration in seated:
                raise ArchiveError(
                    "archive_seated_twice",
                    f"{path}.seats[{index}].registration",
                    registration=seat.registration,
                    round=number,
                )
            seated.add(seat.registration)
        tables.append(table)
    return RoundRecord(
        number=number,
        status=node.choice("status", limits.ROUND_STATUSES),
        started_at=node.moment("started_at", nullable=True),
        clock_started_at=node.moment("clock_started_at", nullable=True),
        clock_elapsed_s=node.integer("clock_elapsed_s", 0, limits.BIG_INT),
        clock_extra_minutes=node.integer("clock_extra_minutes", 0, limits.SMALL_INT),
        seating_stats=node.mapping("seating_stats") or {},
        tables=tuple(tables),
    )


def _table(node: Node, rules: Rules, registrations: set[int]) -> TableRecord:
    number = node.integer("number", 1, limits.SMALL_INT)
    seats = _seats(node, registrations)
    table = TableRecord(
        number=number,
        is_closed=node.boolean("is_closed"),
        time_called=node.boolean("time_called"),
        extra_minutes=node.integer("extra_minutes", 0, limits.SMALL_INT),
        seats=seats,
        hands=(),
        penalties=(),
    )
    hands = _hands(node, table, rules)
    penalties = _penalties(node, table, rules)
    return TableRecord(
        number, table.is_closed, table.time_called, table.extra_minutes, seats,
        hands, penalties,
    )  # fmt: skip


def _seats(node: Node, registrations: set[int]) -> tuple[SeatRecord, ...]:
    """Four seats, East, South, West, North in this order."""
    seats = []
    for index, (item, path) in enumerate(node.items("seats", 4)):
        seat = Node(item, path, SEAT_KEYS)
        wind = seat.string("wind", 1)
        if wind != limits.WINDS[index]:
            raise ArchiveError(
                "archive_bad_seats", seat.at("wind"), expected=limits.WINDS[index]
            )
        number = seat.integer("registration", 1, limits.BIG_INT)
        _check_registration(seat.at("registration"), number, registrations)
        seats.append(SeatRecord(wind, number))
    if len(seats) != 4:
        raise ArchiveError("archive_bad_seats", node.at("seats"), expected="ESWN")
    return tuple(seats)


def _check_registration(path: str, number: int, registrations: set[int]) -> None:
    if number not in registrations:
        raise ArchiveError("archive_unknown_registration", path, registration=number)


def _seated(path: str, table: TableRecord, value: object) -> int:
    """The seat index of the registration number ``value`` at ``table``."""
    number = check_integer(value, path, 1, limits.BIG_INT)
    index = table.seat_of(number)
    if index is None:
        raise ArchiveError(
            "archive_not_seated", path, registration=number, table=table.number
        )
    return index


def _keys(path: str, key: str | None, seen: set[str]) -> None:
    if key is None:
        return
    if key in seen:
        raise ArchiveError("archive_duplicate", path, value=key)
    seen.add(key)


def _hands(node: Node, table: TableRecord, rules: Rules) -> tuple[HandRecord, ...]:
    hands = []
    keys: set[str] = set()
    for index, (item, path) in enumerate(node.items("hands", limits.MAX_HANDS)):
        hand = _hand(Node(item, path, HAND_KEYS), table, rules)
        if hand.number != index + 1:
            raise ArchiveError(
                "archive_bad_numbering", f"{path}.number", expected=index + 1
            )
        _keys(f"{path}.idempotency_key", hand.idempotency_key, keys)
        hands.append(hand)
    return tuple(hands)


def _hand(node: Node, table: TableRecord, rules: Rules) -> HandRecord:
    raw = node.mapping("result") or {}
    try:
        result = rules.ruleset.parse_result(raw, rules.options)
    except EngineError as error:
        raise rule_refused(node.at("result"), error) from None
    kind = node.string("kind", limits.KIND_LENGTH)
    if kind != str(result.kind):
        raise ArchiveError(
            "archive_disagrees_with_result", node.at("kind"), expected=str(result.kind)
        )
    winner = _player_of_result(node, "winner", table, result.winner)
    discarder = _player_of_result(node, "discarder", table, result.discarder)
    return HandRecord(
        number=node.integer("number", 1, limits.MAX_HANDS),
        prevalent_wind=_wind(node, "prevalent_wind"),
        seat_winds=_seat_winds(node),
        winds_corrected=node.boolean("winds_corrected"),
        needs_check=node.boolean("needs_check"),
        counters=_counters(node),
        kind=kind,
        winner=winner,
        discarder=discarder,
        result=_canonical(result.to_dict()),
        tiles=node.mapping("tiles", nullable=True),
        fans=_fans(node),
        idempotency_key=node.optional_string("idempotency_key", limits.KEY_LENGTH),
        created_at=_required_moment(node, "created_at"),
        updated_at=_required_moment(node, "updated_at"),
        deltas=_deltas(node),
    )


def _canonical(value: dict[str, Any]) -> dict[str, Any]:
    """The result as the rule set writes it, in JSON's own types (lists, not
    tuples): what the sender stored, and what is stored here."""
    canonical: dict[str, Any] = json.loads(json.dumps(value))
    return canonical


def _player_of_result(
    node: Node, key: str, table: TableRecord, seat: int | None
) -> int | None:
    """The registration number the hand gives for ``key``, which must be the
    one the result's seat ``seat`` names (both absent, or the same player)."""
    value = node.raw(key)
    if value is None:
        if seat is not None:
            raise ArchiveError(
                "archive_disagrees_with_result",
                node.at(key),
                expected=table.seats[seat].registration,
            )
        return None
    index = _seated(node.at(key), table, value)
    if index != seat:
        expected = None if seat is None else table.seats[seat].registration
        raise ArchiveError(
            "archive_disagrees_with_result", node.at(key), expected=expected
        )
    return table.seats[index].registration


def _deltas(node: Node) -> tuple[int, ...] | None:
    """The sender's payments: checked for shape, then ignored (never trusted)."""
    if node.raw("deltas") is None:
        return None
    values = [
        check_integer(item, path, -limits.BIG_INT, limits.BIG_INT)
        for item, path in node.items("deltas", 4)
    ]
    return tuple(values)


def _wind(node: Node, key: str) -> str:
    value = node.string(key, 1)
    if len(value) != 1 or value not in limits.WINDS:
        raise ArchiveError("archive_bad_winds", node.at(key), value=value)
    return value


def _seat_winds(node: Node) -> str:
    value = node.string("seat_winds", 4)
    if sorted(value) != sorted(limits.WINDS):
        raise ArchiveError("archive_bad_winds", node.at("seat_winds"), value=value)
    return value


def _counters(node: Node) -> dict[str, int]:
    counters = node.mapping("counters") or {}
    if len(counters) > limits.MAX_COUNTERS:
        raise ArchiveError(
            "archive_too_many", node.at("counters"), max=limits.MAX_COUNTERS
        )
    for key, value in counters.items():
        check_integer(value, f"{node.at('counters')}.{key}", 0, limits.BIG_INT)
    return counters


def _fans(node: Node) -> Any:
    """The breakdown the calculator stored (a list), the hand sheets of a rule
    set that itemises every player's hand (an object), or null."""
    value = node.raw("fans")
    if value is not None and not isinstance(value, list | dict):
        raise ArchiveError("archive_bad_type", node.at("fans"), expected="array")
    return value


def _required_moment(node: Node, key: str) -> Any:
    return node.moment(key)


def _penalties(
    node: Node, table: TableRecord, rules: Rules
) -> tuple[PenaltyRecord, ...]:
    penalties = []
    keys: set[str] = set()
    for item, path in node.items("penalties", limits.MAX_PENALTIES):
        record = Node(item, path, PENALTY_KEYS)
        offender = _seated(record.at("registration"), table, record.raw("registration"))
        kind = record.string("kind", limits.KIND_LENGTH)
        points = record.integer("points", 1, limits.BIG_INT)
        try:
            deltas = rules.ruleset.penalty_deltas(kind, offender, points, rules.options)
        except EngineError as error:
            raise rule_refused(path, error) from None
        if -deltas[offender] != points:
            raise ArchiveError(
                "archive_rule_refused", record.at("points"), rule="points"
            )
        key = record.optional_string("idempotency_key", limits.KEY_LENGTH)
        _keys(record.at("idempotency_key"), key, keys)
        penalties.append(
            PenaltyRecord(
                registration=table.seats[offender].registration,
                kind=kind,
                points=points,
                reason=record.string("reason", limits.REASON_LENGTH),
                referee=record.string("referee", limits.ACTOR_LENGTH),
                idempotency_key=key,
                created_at=_required_moment(record, "created_at"),
            )
        )
    return tuple(penalties)


def parse_audit(top: Node, tables: set[tuple[int, int]]) -> tuple[AuditRecord, ...]:
    """The audit trail; an event naming a table names one of the archive's."""
    events = []
    for item, path in top.items("audit", limits.MAX_AUDIT_EVENTS):
        node = Node(item, path, AUDIT_KEYS)
        round_ = node.optional_integer("round", 1, limits.MAX_ROUNDS)
        table = node.optional_integer("table", 1, limits.SMALL_INT)
        if (round_ is None) != (table is None) or (
            round_ is not None and (round_, table) not in tables
        ):
            raise ArchiveError(
                "archive_unknown_table", node.at("table"), round=round_, table=table
            )
        events.append(
            AuditRecord(
                action=node.string("action", limits.ACTION_LENGTH, blank=False),
                object_type=node.string("object_type", limits.ACTION_LENGTH),
                round=round_,
                table=table,
                actor_label=node.string("actor_label", limits.ACTOR_LENGTH),
                before=node.raw("before"),
                after=node.raw("after"),
                created_at=_required_moment(node, "created_at"),
            )
        )
    return tuple(events)
