"""The venue's background jobs: a thread of the server process, no broker.

At the venue (``JOBS_IN_PROCESS``) ``tournaments.services.jobs.dispatch``
hands a job's task to ``submit`` instead of sending it to Celery: the job
runs in one worker thread, after the request that created it has answered,
and reports its progress in its row as it does under a Celery worker, so the
progress pages are the same. The row stays the truth: a job lost with the
process (a crash) is pending or running in the database, and the venue's
start sends it again (tournaments/venue/startup.py).

One thread, so jobs run one after another, as under a one-process worker:
a seating search is CPU work, and two at once would only share the cores
the tablets' requests need. ``start_beat`` runs Celery beat's schedule
(``CELERY_BEAT_SCHEDULE``: the jobs sweep, the ratings refresh) through the
same thread.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from django.db import connections

logger = logging.getLogger(__name__)

_jobs: queue.Queue[Callable[[], object]] = queue.Queue()
_started = threading.Lock()
_worker: threading.Thread | None = None

BEAT_TICK_S = 1.0
"""How often the beat thread looks whether a scheduled task is due."""


def submit(run: Callable[[], object]) -> str:
    """Queue ``run`` for the jobs thread (started on first use); a task id.

    Daemon thread: Ctrl-C or a crash stops the server at once; the job's row
    says where it was, and the next start runs it again.
    """
    global _worker
    with _started:
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_work, name="venue-jobs", daemon=True)
            _worker.start()
    _jobs.put(run)
    return f"venue-{uuid.uuid4().hex}"


def _work() -> None:
    while True:
        run = _jobs.get()
        try:
            run()
        except Exception:
            # The service marked its row failed where it could; the thread
            # goes on with the next job.
            logger.exception("venue job failed")
        finally:
            # This thread's connection: a job must not keep a transaction or
            # a stale connection for the next one.
            connections.close_all()
            _jobs.task_done()


def wait_idle(timeout_s: float) -> bool:
    """True once every queued job has run (tests), False after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while _jobs.unfinished_tasks:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def start_beat(
    schedule: Mapping[str, Mapping[str, Any]],
    tasks: Callable[[str], Any],
    stop: threading.Event | None = None,
) -> threading.Thread:
    """Run each entry of a Celery beat ``schedule`` (task name, seconds)
    every so often through the jobs thread; ``tasks`` finds a task by its
    dotted name (``import_string``; found at once, so a wrong name stops the
    start). The first run of each is one period after the start; setting
    ``stop`` ends the thread (tests: the venue's beat lasts as its process)."""
    start = time.monotonic()
    every = {name: float(entry["schedule"]) for name, entry in schedule.items()}
    found = {name: tasks(entry["task"]) for name, entry in schedule.items()}
    due = {name: start + seconds for name, seconds in every.items()}

    stopped = stop or threading.Event()

    def tick() -> None:
        while not stopped.wait(BEAT_TICK_S):
            now = time.monotonic()
            for name, task in found.items():
                if now >= due[name]:
                    due[name] = now + every[name]
                    submit(task.apply)

    thread = threading.Thread(target=tick, name="venue-beat", daemon=True)
    thread.start()
    return thread
