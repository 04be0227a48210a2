"""The event archive as values: frozen dataclasses, no database.

One archive is one event (tournament) with everything played at it. Records
refer to one another by the numbers people use: a registration by its
number, a table by its round's number and its own, a seat by its wind. The
database's ids never appear: the receiving side has its own.

JSON values the rule sets own (a hand's ``result``, ``tiles``, the fan
breakdown ``fans``, the rule set's options, audit snapshots) are kept as
read, plain ``dict``/``list`` values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

FORMAT = "muraille-event"
"""The ``format`` field of every archive."""

VERSION = 1
"""The archive version this code writes and the highest it reads."""

JSON = Any
"""A JSON value as ``json.loads`` gives it."""


@dataclass(frozen=True)
class EventSettings:
    """The tournament's own fields; ``uid`` is its identity everywhere."""

    uid: str
    slug: str
    name: str
    city: str
    country: str
    start_date: date | None
    end_date: date | None
    ruleset: str
    ruleset_options: dict[str, JSON]
    rounds_count: int
    session_minutes: int
    seating_mode: str
    status: str
    is_public: bool
    mers_weight: Decimal | None
    tiebreaks: tuple[str, ...]
    created_at: datetime | None


@dataclass(frozen=True)
class PlayerRecord:
    first_name: str
    last_name: str
    club: str
    club_country: str
    country: str
    ema_number: str

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


@dataclass(frozen=True)
class RegistrationRecord:
    number: int
    status: str
    table_pin: int | None
    player: PlayerRecord


@dataclass(frozen=True)
class SeatRecord:
    """A starting wind and the registration number sitting there."""

    wind: str
    registration: int


@dataclass(frozen=True)
class HandRecord:
    """One hand as entered. ``winner`` and ``discarder`` are registration
    numbers (checked against ``result``, which names seats 0..3 in starting
    wind order, as the rule set reads it). ``deltas`` are the sender's
    payments, written for a person reading the file and ignored on import
    (the receiving side computes its own; they take no part in equality)."""

    number: int
    prevalent_wind: str
    seat_winds: str
    winds_corrected: bool
    counters: dict[str, int]
    kind: str
    winner: int | None
    discarder: int | None
    result: dict[str, JSON]
    tiles: dict[str, JSON] | None
    fans: JSON
    """The fan breakdown or hand sheets (a list or an object, or None)."""
    idempotency_key: str | None
    created_at: datetime
    updated_at: datetime
    deltas: tuple[int, ...] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class PenaltyRecord:
    registration: int
    kind: str
    points: int
    reason: str
    referee: str
    """The referee's name (never an account id); "" for none."""
    idempotency_key: str | None
    created_at: datetime


@dataclass(frozen=True)
class TableRecord:
    number: int
    is_closed: bool
    time_called: bool
    extra_minutes: int
    seats: tuple[SeatRecord, ...]
    hands: tuple[HandRecord, ...]
    penalties: tuple[PenaltyRecord, ...]

    def seat_of(self, registration: int) -> int | None:
        """The seat index 0..3 (starting East first) of a registration."""
        for index, seat in enumerate(self.seats):
            if seat.registration == registration:
                return index
        return None


@dataclass(frozen=True)
class RoundRecord:
    number: int
    status: str
    started_at: datetime | None
    clock_started_at: datetime | None
    clock_elapsed_s: int
    clock_extra_minutes: int
    seating_stats: dict[str, JSON]
    tables: tuple[TableRecord, ...]


@dataclass(frozen=True)
class AuditRecord:
    """One audit event: who (a label, never an account id), what, when.
    ``round`` and ``table`` are numbers (both or neither)."""

    action: str
    object_type: str
    round: int | None
    table: int | None
    actor_label: str
    before: JSON
    after: JSON
    created_at: datetime


@dataclass(frozen=True)
class EventArchive:
    event: EventSettings
    registrations: tuple[RegistrationRecord, ...]
    rounds: tuple[RoundRecord, ...]
    audit: tuple[AuditRecord, ...]
    version: int = VERSION
