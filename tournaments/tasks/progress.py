"""Progress reports from a task to the result store, which may be down."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from tournaments.services.jobs import BROKER_ERRORS

logger = logging.getLogger(__name__)


def progress_reporter(task: Any) -> Callable[[int], None]:
    """An ``on_progress(percent)`` that stores a PROGRESS state, best effort.

    The job's row already holds its progress (the pages read it there): a
    result store that is unreachable for a moment must not kill the job.
    """

    def on_progress(percent: int) -> None:
        if task.request.is_eager:
            return
        try:
            task.update_state(state="PROGRESS", meta={"percent": percent})
        except (*BROKER_ERRORS, RuntimeError) as error:
            logger.warning("progress of task %s not stored: %s", task.request.id, error)

    return on_progress
