"""Reads of the round clock: the pure ``tournaments.clock`` on a round's rows.

``now`` defaults to the current time; tests pass their own.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from tournaments.clock import ClockReading, read_clock
from tournaments.models import Round, Table, Tournament


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


def get_current_round(tournament: Tournament) -> Round | None:
    """The round the room is playing, whose clock the projector shows.

    The round whose clock runs (the latest, should two run); else the latest
    round under way (playing, or its clock paused or over); else the first
    seated round still to play; ``None`` when no round is seated or every
    one is finished. A round seated early for the next session never hides
    the clock of the session being played. One query.
    """
    rounds = list(
        tournament.rounds.filter(
            status__in=[Round.Status.SEATED, Round.Status.PLAYING]
        ).order_by("number")
    )
    running = [r for r in rounds if r.clock_started_at is not None]
    if running:
        return running[-1]
    under_way = [
        r for r in rounds if r.status == Round.Status.PLAYING or r.clock_elapsed_s
    ]
    if under_way:
        return under_way[-1]
    return rounds[0] if rounds else None
