"""Rating jobs and league workbooks: a job row id in, its service, small
JSON out."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from leagues.services.exports import LEAGUE_EXPORT, run_league_export
from leagues.services.ratings import RATING, refresh_ratings, run_rating_job
from tournaments.tasks.heartbeat import heartbeat
from tournaments.tasks.progress import progress_reporter


@shared_task(bind=True)
def recompute_ratings_task(self: Any, job_id: int) -> dict[str, Any]:
    """Rate the new sessions (or the whole history); progress goes to the row
    and the result store.
    The heartbeat keeps a long league's job from looking dead to the sweep."""
    with heartbeat(RATING, job_id, enabled=not self.request.is_eager):
        job = run_rating_job(job_id=job_id, on_progress=progress_reporter(self))
    return {"job": job.pk, "status": job.status, "sessions": job.sessions}


@shared_task(ignore_result=True)
def refresh_ratings_task() -> dict[str, Any]:
    """Run by Celery beat: queue a rating job when a session changed."""
    job = refresh_ratings()
    return {"job": job.pk if job else None}


@shared_task(bind=True)
def build_league_workbook_task(self: Any, export_id: int) -> dict[str, Any]:
    """Build one league workbook; progress goes to the row and the result
    store."""
    with heartbeat(LEAGUE_EXPORT, export_id, enabled=not self.request.is_eager):
        export = run_league_export(
            export_id=export_id, on_progress=progress_reporter(self)
        )
    return {"export": export.pk, "status": export.status, "error": export.error}
