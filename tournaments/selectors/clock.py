"""Reads of the round clock: the pure ``tournaments.clock`` on a round's rows.

``now`` defaults to the current time; tests pass their own.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from tournaments.clock import ClockReading, read_clock
from tournaments.models import Round, Table


def get_round_clock(
    round_: Round, now: datetime | None = None, table_extra_minutes: int = 0
) -> ClockReading:
    """The clock every table of the round shares, plus ``table_extra_minutes``
    for one table's own extension."""
    return read_clock(
        session_minutes=round_.tournament.session_minutes,
        elapsed_s=round_.clock_elapsed_s,
        started_at=round_.clock_started_at,
        now=now or timezone.now(),
        round_extra_minutes=round_.clock_extra_minutes,
        table_extra_minutes=table_extra_minutes,
    )


def get_table_clock(table: Table, now: datetime | None = None) -> ClockReading:
    """The clock of one table: the round's, plus the table's own extension."""
    return get_round_clock(table.round, now, table.extra_minutes)
