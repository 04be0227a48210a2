"""A test-only hook for the Celery worker the fault tests kill (imported by
``celery worker --include``): when ``FAULT_PAUSE_DIR`` is set, the first
seating search pauses at its second progress report (claimed, running,
heartbeat beating, part of its search done), writes the worker's pid to
``FAULT_PAUSE_DIR/<pid>`` and waits there to be killed."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from celery.signals import task_prerun

PAUSE_S = 120.0


@task_prerun.connect
def pause_the_first_search(**kwargs: Any) -> None:
    """Patched on the first task, once Django is set up in the worker."""
    from tournaments.services import seating_plans

    search = seating_plans.plan_seating
    if getattr(search, "paused", False) or not os.environ.get("FAULT_PAUSE_DIR"):
        return

    def paused(request: Any, *, clock: Any, on_progress: Any = None) -> Any:
        reports = []

        def report(fraction: float) -> None:
            reports.append(fraction)
            if len(reports) == 2:
                Path(os.environ["FAULT_PAUSE_DIR"], str(os.getpid())).touch()
                time.sleep(PAUSE_S)
            if on_progress is not None:
                on_progress(fraction)

        return search(request, clock=clock, on_progress=report)

    paused.paused = True  # type: ignore[attr-defined]
    seating_plans.plan_seating = paused
