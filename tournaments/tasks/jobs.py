"""The sweep that sends again the jobs whose task was never sent or got lost."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from celery import shared_task

from tournaments.services.jobs import REQUEUE_LOST_AFTER, requeue_jobs


@shared_task(ignore_result=True)
def requeue_jobs_task(lost_after_s: float | None = None) -> dict[str, Any]:
    """Run by Celery beat (``CELERY_BEAT_SCHEDULE``) and at a worker's start."""
    lost_after = (
        REQUEUE_LOST_AFTER if lost_after_s is None else timedelta(seconds=lost_after_s)
    )
    sent, unsent = requeue_jobs(lost_after=lost_after)
    return {"sent": sent, "unsent": unsent}
