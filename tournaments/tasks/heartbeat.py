"""A running job's heartbeat, from a thread of its own.

The sweep (``jobs.requeue_jobs``) takes a running job whose row has not
beaten for ``jobs.RUNNING_LOST_AFTER`` for one whose worker died, and sends
it again. Progress reports beat too, but a step between two of them (one
workbook written, one league's ratings) may be long; this thread beats
every ``jobs.HEARTBEAT_EVERY`` while the task runs, and dies with its
worker, which is what the sweep must notice.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DatabaseError, connections

from tournaments.services import jobs

logger = logging.getLogger(__name__)


@contextmanager
def heartbeat(
    kind: jobs.JobKind,
    job_id: int,
    *,
    enabled: bool = True,
    every_s: float | None = None,
) -> Iterator[None]:
    """Beat the job's row while the block runs. A task passes
    ``enabled=not self.request.is_eager``: an eager job runs inside the
    request, whose uncommitted row another thread cannot see. Any other
    runner of jobs (a thread of a server) may use it the same way."""
    if not enabled:
        yield
        return
    seconds = jobs.HEARTBEAT_EVERY.total_seconds() if every_s is None else every_s
    stop = threading.Event()
    thread = threading.Thread(
        target=_beat_until,
        args=(stop, kind, job_id, seconds),
        name=f"heartbeat-{kind.model.__name__}-{job_id}",
        daemon=True,
    )
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=10)


def _beat_until(
    stop: threading.Event, kind: jobs.JobKind, job_id: int, seconds: float
) -> None:
    """Only a running row beats: before its claim and after its end the
    update changes nothing."""
    try:
        while not stop.wait(seconds):
            try:
                jobs.beat(kind, job_id)
            except DatabaseError as error:
                logger.warning(
                    "heartbeat of %s %s not stored: %s",
                    kind.model.__name__,
                    job_id,
                    error,
                )
    finally:
        # This thread's own connections (Django keeps one per thread).
        connections.close_all()
