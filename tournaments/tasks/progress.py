"""Progress reports from a task to the result store, which may be down."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from tournaments.services.jobs import BROKER_ERRORS

logger = logging.getLogger(__name__)

#: Seconds without a try after a report the result store did not take.
REST_S = 10.0


def progress_reporter(task: Any) -> Callable[[int], None]:
    """An ``on_progress(percent)`` that stores a PROGRESS state, best effort.

    The job's row already holds its progress (the pages read it there): a
    result store that is unreachable for a moment must not kill the job, nor
    slow it (after a failure, the reports of the next ``REST_S`` are skipped).
    """
    rest_until = [0.0]

    def on_progress(percent: int) -> None:
        if task.request.is_eager or time.monotonic() < rest_until[0]:
            return
        try:
            task.update_state(state="PROGRESS", meta={"percent": percent})
        except (*BROKER_ERRORS, RuntimeError) as error:
            # A frozen store holds each report for its timeouts: the seating
            # search would spend its time limit waiting instead of searching.
            rest_until[0] = time.monotonic() + REST_S
            logger.warning("progress of task %s not stored: %s", task.request.id, error)

    return on_progress
