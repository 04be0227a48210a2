"""The round clock, as plain arithmetic: no Django, no global clock.

A round's session clock runs for ``session_minutes`` plus the extensions
given to every table of the round and to one table. It can be paused and
resumed: the time run so far is ``elapsed_s`` (the runs before the current
one) plus, while it runs, ``now - started_at``. The caller passes ``now``
(an aware datetime), so the same inputs always give the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class ClockState(StrEnum):
    NOT_STARTED = "not_started"
    RUNNING = "running"
    PAUSED = "paused"
    OVER = "over"


@dataclass(frozen=True)
class ClockReading:
    """The clock of one table (or of the round, without a table's extension).

    ``seconds_left`` is negative once the time is over; ``running`` says
    whether it is counting down right now (an "over" clock may still run).
    """

    state: ClockState
    seconds_left: int
    total_s: int
    running: bool

    @property
    def is_over(self) -> bool:
        return self.state == ClockState.OVER

    @property
    def display(self) -> str:
        """The time left as a clock face shows it ("0:00" once over)."""
        return format_seconds(max(self.seconds_left, 0))


def seconds_run(*, elapsed_s: int, started_at: datetime | None, now: datetime) -> int:
    """Whole seconds the clock has run, current run included (never negative)."""
    current = 0 if started_at is None else int((now - started_at).total_seconds())
    return elapsed_s + max(current, 0)


def read_clock(
    *,
    session_minutes: int,
    elapsed_s: int,
    started_at: datetime | None,
    now: datetime,
    round_extra_minutes: int = 0,
    table_extra_minutes: int = 0,
) -> ClockReading:
    """The state and seconds left of a clock.

    Precondition: ``started_at`` and ``now`` are both aware (or both naive).
    """
    total = (session_minutes + round_extra_minutes + table_extra_minutes) * 60
    run = seconds_run(elapsed_s=elapsed_s, started_at=started_at, now=now)
    left = total - run
    running = started_at is not None
    if running or elapsed_s > 0:
        if left <= 0:
            state = ClockState.OVER
        else:
            state = ClockState.RUNNING if running else ClockState.PAUSED
    else:
        state = ClockState.NOT_STARTED
    return ClockReading(state=state, seconds_left=left, total_s=total, running=running)


def format_seconds(seconds: int) -> str:
    """ "1:05:09", "4:07" or "-0:12": hours only when there are some."""
    sign = "-" if seconds < 0 else ""
    minutes, secs = divmod(abs(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{sign}{hours}:{minutes:02d}:{secs:02d}"
    return f"{sign}{minutes}:{secs:02d}"
