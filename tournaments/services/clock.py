"""The round clock: start, pause, resume, extend and reset it.

Each function is one transaction that locks the round row, so two organisers
pressing "pause" at once cannot lose a run. The arithmetic is in the pure
``tournaments.clock``; ``now`` is passed in by tests and defaults to the
current time.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.clock import seconds_run
from tournaments.models import Round, Table, Tournament
from tournaments.selectors.clock import get_table_clock
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows
from tournaments.services.tables import bump_version, check_round_open

MAX_EXTRA_MINUTES = 120


def _locked_round(round_id: int) -> Round:
    """Lock the round row (not its tournament: the clock never writes it).

    Precondition: inside ``transaction.atomic``, no table locked yet (lock
    order: round, then its tables).
    """
    round_ = lock_rows(Round.objects.filter(pk=round_id)).first()
    if round_ is None:
        raise ServiceError("unknown_round", field="round", round=round_id)
    round_.tournament = Tournament.objects.get(pk=round_.tournament_id)
    return round_


def clock_snapshot(round_: Round) -> dict[str, Any]:
    """What the audit trail keeps of a round's clock."""
    started = round_.clock_started_at
    return {
        "started_at": started.isoformat() if started else None,
        "elapsed_s": round_.clock_elapsed_s,
        "extra_minutes": round_.clock_extra_minutes,
    }


def _save(
    round_: Round, action: str, actor: Actor, before: dict[str, Any], **extra: Any
) -> Round:
    round_.save(
        update_fields=["clock_started_at", "clock_elapsed_s", "clock_extra_minutes"]
    )
    record_event(
        tournament=round_.tournament,
        action=action,
        obj=round_,
        actor=actor,
        before=before,
        after={**clock_snapshot(round_), **extra},
    )
    return round_


@transaction.atomic
def start_clock(*, round_id: int, actor: Actor, now: datetime | None = None) -> Round:
    """Start the round's session clock; the round must be open for play."""
    round_ = _locked_round(round_id)
    check_round_open(round_)
    if round_.clock_started_at is not None or round_.clock_elapsed_s:
        raise ServiceError("clock_already_started", round=round_.number)
    before = clock_snapshot(round_)
    round_.clock_started_at = now or timezone.now()
    return _save(round_, "clock.start", actor, before)


@transaction.atomic
def pause_clock(*, round_id: int, actor: Actor, now: datetime | None = None) -> Round:
    """Stop the clock and keep the time run so far."""
    round_ = _locked_round(round_id)
    if round_.clock_started_at is None:
        raise ServiceError("clock_not_running", round=round_.number)
    before = clock_snapshot(round_)
    run = seconds_run(
        elapsed_s=round_.clock_elapsed_s,
        started_at=round_.clock_started_at,
        now=now or timezone.now(),
    )
    # At least one second: a stopped clock with nothing run reads "not started".
    round_.clock_elapsed_s = max(run, 1)
    round_.clock_started_at = None
    return _save(round_, "clock.pause", actor, before)


@transaction.atomic
def resume_clock(*, round_id: int, actor: Actor, now: datetime | None = None) -> Round:
    """Run a paused clock again from where it stopped."""
    round_ = _locked_round(round_id)
    if round_.clock_started_at is not None or not round_.clock_elapsed_s:
        raise ServiceError("clock_not_paused", round=round_.number)
    check_round_open(round_)
    before = clock_snapshot(round_)
    round_.clock_started_at = now or timezone.now()
    return _save(round_, "clock.resume", actor, before)


@transaction.atomic
def extend_clock(
    *,
    round_id: int,
    minutes: int,
    actor: Actor,
    table_number: int | None = None,
    now: datetime | None = None,
) -> Round:
    """Give ``minutes`` more to every table of the round, or to one table.

    A table whose time had run out and that gets time back may start new
    hands again: its ``time_called`` (set by the clock, the table still
    open) is lifted.
    """
    if not 1 <= minutes <= MAX_EXTRA_MINUTES:
        raise ServiceError(
            "bad_extra_minutes", field="minutes", value=minutes, max=MAX_EXTRA_MINUTES
        )
    round_ = _locked_round(round_id)
    if round_.status == Round.Status.FINISHED:
        raise ServiceError("round_finished", round=round_.number)
    before = clock_snapshot(round_)
    tables = lock_rows(Table.objects.filter(round=round_))
    if table_number is not None:
        tables = tables.filter(number=table_number)
        table = tables.first()
        if table is None:
            raise ServiceError("unknown_table", field="table", table=table_number)
        table.extra_minutes += minutes
        table.save(update_fields=["extra_minutes"])
    else:
        round_.clock_extra_minutes += minutes
    _lift_time_called(round_, list(tables), now)
    return _save(
        round_, "clock.extend", actor, before, minutes=minutes, table=table_number
    )


def _lift_time_called(round_: Round, tables: list[Table], now: datetime | None) -> None:
    for table in tables:
        table.round = round_
        if table.is_closed or not table.time_called:
            continue
        if not get_table_clock(table, now).is_over:
            table.time_called = False
            table.save(update_fields=["time_called"])
            bump_version(table)


@transaction.atomic
def reset_clock(*, round_id: int, actor: Actor) -> Round:
    """Back to "not started", every extension dropped (a clock started by
    mistake, or a round replayed)."""
    round_ = _locked_round(round_id)
    if round_.status == Round.Status.FINISHED:
        raise ServiceError("round_finished", round=round_.number)
    before = clock_snapshot(round_)
    round_.clock_started_at = None
    round_.clock_elapsed_s = 0
    round_.clock_extra_minutes = 0
    tables = lock_rows(round_.tables.all())
    Table.objects.filter(pk__in=[table.pk for table in tables]).update(extra_minutes=0)
    return _save(round_, "clock.reset", actor, before)
