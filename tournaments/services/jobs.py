"""Background jobs: the row is the source of truth, the broker only a doorbell.

A job (a ``SeatingPlan`` or an ``ExportFile``) is a row created in its
service's transaction with the status ``pending``. ``enqueue`` sends its
task once that transaction commits, as pretix's ``TransactionAwareTask``
does; the broker may be down then, so a failed send is logged and the row
keeps an empty ``task_id``: the request still answers at once and the page
says that the job will start when the queue is back.

``requeue_jobs`` sends again every pending job (of every kind: its own and
those apps above register, ``register_kind``) that has no task (its send
failed) or whose task looks lost (pending for longer than
``REQUEUE_LOST_AFTER``: a broker that restarted empty, a worker killed
before it acknowledged), and puts back to pending every running job whose
worker died (no heartbeat for ``RUNNING_LOST_AFTER``). It runs from the
Celery beat schedule (every ``JOB_REQUEUE_EVERY_S``), at every worker's
start and as ``python manage.py requeue_jobs``. Sending a job twice is
harmless: the first task to ``claim`` the row runs it, the other returns.
Both bounds plus the sweep's period stay under a minute: a round waits
that long at most for a job lost with its message or its worker.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from importlib import import_module
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from kombu.exceptions import OperationalError

from tournaments.models import ExportFile, SeatingPlan
from tournaments.venue import jobs as in_process

logger = logging.getLogger(__name__)

PENDING = "pending"
RUNNING = "running"
"""``SeatingPlan.Status`` and ``ExportFile.Status`` share these two values."""

REQUEUE_UNSENT_AFTER = timedelta(seconds=5)
"""A job without a task id this old was not sent (its send failed). Younger
ones may be between their commit and their send, in another process."""
HEARTBEAT_EVERY = timedelta(seconds=10)
"""How often a running task beats from a thread of its own
(``tournaments.tasks.heartbeat``), besides each progress report."""
RUNNING_LOST_AFTER = timedelta(seconds=40)
"""A running job silent this long lost its worker (killed, machine
restarted): four heartbeats missed. Five minutes made a round wait six."""
REQUEUE_LOST_AFTER = timedelta(seconds=30)
"""A job sent this long ago and still pending presumably lost its task (a
broker restarted without its data): it is sent again. Asking the broker
whether it still holds the message would tie this module to Redis's queue
layout and miss a message a killed worker had taken; resending is simpler
and harmless, because ``claim`` runs a job once: behind a busy worker, a
waiting job gets one more message every 30 s, each of which finds the row
claimed and returns after one query. Ten minutes made a lost job wait 11."""
QUEUE_REST_S = 10.0
"""Seconds ``dispatch`` leaves a broker alone after a failed send: a frozen
Redis costs one request its timeouts (a few seconds), not every request."""
_queue_rest_until: dict[str, float] = {}

try:
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError
except ImportError:  # pragma: no cover - redis is in requirements.txt
    BROKER_ERRORS: tuple[type[BaseException], ...] = (OperationalError, OSError)
else:
    BROKER_ERRORS = (
        OperationalError,
        OSError,
        RedisConnectionError,
        RedisTimeoutError,
    )


@dataclass(frozen=True, slots=True)
class JobKind:
    """One kind of job: its model and the name of the task that runs it."""

    model: type[models.Model]
    task_name: str


SEATING = JobKind(SeatingPlan, "tournaments.tasks.seating.run_seating_plan_task")
EXPORT = JobKind(ExportFile, "tournaments.tasks.exports.build_export_task")
KINDS = (SEATING, EXPORT)
_registered: list[JobKind] = []


def register_kind(kind: JobKind) -> JobKind:
    """Let ``requeue_jobs`` sweep a kind of job an app above the tournaments
    defines (leagues' rating jobs, from ``LeaguesConfig.ready``): its model
    has the job fields (``status``, ``task_id``, ``heartbeat_at``,
    ``progress``, ``created_at``). Registering it again changes nothing."""
    if kind not in KINDS and kind not in _registered:
        _registered.append(kind)
    return kind


def all_kinds() -> tuple[JobKind, ...]:
    """The tournaments' own kinds, then the registered ones."""
    return (*KINDS, *_registered)


def _task(kind: JobKind) -> Any:
    # Imported on use: the tasks import the services, which import this module.
    module, name = kind.task_name.rsplit(".", 1)
    return getattr(import_module(module), name)


def enqueue(kind: JobKind, job_id: int) -> None:
    """Send the job's task once the current transaction commits.

    Call it inside the service's ``transaction.atomic`` block, after the row
    is created: a worker must never see a job id that is not committed yet.
    """
    transaction.on_commit(partial(dispatch, kind, job_id))


def dispatch(kind: JobKind, job_id: int) -> bool:
    """Send the job's task now; False (and a log line) if the broker is down.

    The row is left pending with an empty ``task_id``, the mark that
    ``requeue_jobs`` and the pages look for. The broker's timeouts and retry
    policy (``CELERY_*`` settings) bound the wait: at once when Redis is down,
    about two seconds when it accepts connections but does not answer, and
    at once, without a try, for ``QUEUE_REST_S`` after a failed send.
    """
    task = _task(kind)
    if _queue_resting(task):
        return False
    try:
        task_id = _send(task, job_id)
    except BROKER_ERRORS as error:
        _log_unsent(task, kind, job_id, error)
        return False
    except RuntimeError as error:
        # The result store's "retry limit exceeded" wraps its connection error.
        if not isinstance(error.__cause__, BROKER_ERRORS):
            raise
        _log_unsent(task, kind, job_id, error)
        return False
    # Stamped when sent too: a pending job is sent again only when its last
    # send is old, not at every sweep while a busy worker gets to it.
    kind.model.objects.filter(pk=job_id).update(
        task_id=task_id, heartbeat_at=timezone.now()
    )
    return True


def _send(task: Any, job_id: int) -> str:
    """The job's task id: sent to Celery, or at the venue (``JOBS_IN_PROCESS``)
    queued for the server's jobs thread, which runs it as eager Celery does."""
    if settings.JOBS_IN_PROCESS:
        return in_process.submit(partial(task.apply, (job_id,)))
    return task.apply_async((job_id,)).id or ""


def _queue_resting(task: Any) -> bool:
    """True within ``QUEUE_REST_S`` of a failed send to the task's broker."""
    until = _queue_rest_until.get(str(task.app.conf.broker_url), 0.0)
    return time.monotonic() < until


def _log_unsent(task: Any, kind: JobKind, job_id: int, error: BaseException) -> None:
    _queue_rest_until[str(task.app.conf.broker_url)] = time.monotonic() + QUEUE_REST_S
    logger.warning(
        "%s %s not sent, the job queue is unreachable (%s); it stays pending "
        "and requeue_jobs sends it when the queue is back",
        kind.model.__name__,
        job_id,
        error,
    )


def claim(kind: JobKind, job_id: int) -> bool:
    """Mark a pending job running; False if it is not pending any more.

    One conditional UPDATE, so of two deliveries of the same job (a requeue
    of a task that was not lost after all) only one runs it.
    """
    pending = kind.model.objects.filter(pk=job_id, status=PENDING)
    return pending.update(status=RUNNING, heartbeat_at=timezone.now()) == 1


def beat(kind: JobKind, job_id: int, **fields: Any) -> int:
    """Store ``fields`` (progress) of a running job with its heartbeat; the
    number of rows changed (0: the job is no longer running, e.g. cancelled)."""
    running = kind.model.objects.filter(pk=job_id, status=RUNNING)
    return running.update(heartbeat_at=timezone.now(), **fields)


def is_dead(job: SeatingPlan | ExportFile, *, now: Any = None) -> bool:
    """True for a running job whose worker stopped beating."""
    cutoff = (now or timezone.now()) - RUNNING_LOST_AFTER
    return job.status == RUNNING and (
        job.heartbeat_at is None or job.heartbeat_at < cutoff
    )


def _dead(now: Any) -> models.Q:
    """Running jobs silent for ``RUNNING_LOST_AFTER``, as a filter."""
    cutoff = (now or timezone.now()) - RUNNING_LOST_AFTER
    silent = models.Q(heartbeat_at__lt=cutoff) | models.Q(heartbeat_at__isnull=True)
    return models.Q(status=RUNNING) & silent


def revive(kind: JobKind, job_id: int, *, now: Any = None) -> bool:
    """Put a dead running job back to pending, to be sent again: True if it
    was dead (one conditional UPDATE, so two sweeps revive it once)."""
    dead = kind.model.objects.filter(_dead(now), pk=job_id)
    return dead.update(status=PENDING, task_id="", progress=0) == 1


def dead_jobs(kind: JobKind, *, now: Any = None) -> list[int]:
    """Running jobs whose worker stopped beating."""
    dead = kind.model.objects.filter(_dead(now))
    return list(dead.order_by("pk").values_list("pk", flat=True))


def is_unsent(job: SeatingPlan | ExportFile) -> bool:
    """True for a pending job whose task could not be sent (queue down)."""
    return job.status == PENDING and not job.task_id


def lost_jobs(
    kind: JobKind, *, now: Any = None, lost_after: timedelta = REQUEUE_LOST_AFTER
) -> models.QuerySet:
    """Pending jobs with no task, or whose task presumably got lost (sent
    longer than ``lost_after`` ago)."""
    now = now or timezone.now()
    unsent = models.Q(task_id="", created_at__lt=now - REQUEUE_UNSENT_AFTER)
    cutoff = now - max(lost_after, REQUEUE_UNSENT_AFTER)
    lost = models.Q(heartbeat_at__lt=cutoff) | models.Q(
        heartbeat_at__isnull=True, created_at__lt=cutoff
    )
    return kind.model.objects.filter(unsent | lost, status=PENDING).order_by("pk")


def requeue_jobs(
    *,
    now: Any = None,
    lost_after: timedelta = REQUEUE_LOST_AFTER,
    send: Callable[[JobKind, int], bool] = dispatch,
) -> tuple[int, int]:
    """Send again every lost job; (sent, still unsent) counts.

    ``lost_after=timedelta(0)`` resends every pending job: a worker that
    starts cannot tell whether the broker kept the queue. Stops at the first
    failed send (the queue is down, the next sweep tries again). Runs
    outside any transaction, each send committing on its own.
    """
    sent = 0
    found = []
    for kind in all_kinds():
        # A revived job is pending without a task: found as lost just below.
        for job_id in dead_jobs(kind, now=now):
            if revive(kind, job_id, now=now):
                logger.warning(
                    "%s %s was running but its worker stopped beating: sent again",
                    kind.model.__name__,
                    job_id,
                )
        lost = lost_jobs(kind, now=now, lost_after=lost_after)
        found.append((kind, list(lost.values_list("pk", flat=True))))
    waiting = sum(len(ids) for _, ids in found)
    for kind, ids in found:
        for job_id in ids:
            if not send(kind, job_id):
                return sent, waiting - sent
            sent += 1
    return sent, waiting - sent


QUEUE_UNAVAILABLE = _(
    "The job queue is unavailable: the job will start as soon as it is back."
)

NOTICE_HELP = (
    "Set while the job could not be sent to the job queue (it is down): the "
    "job stays pending and starts as soon as the queue is back. Null otherwise."
)


def queue_notice(job: SeatingPlan | ExportFile) -> str | None:
    """The translated notice for a job whose send failed, else None (API)."""
    return str(QUEUE_UNAVAILABLE) if is_unsent(job) else None
