"""Export jobs: an ExportFile id in, the export service, small JSON out."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from tournaments.services import jobs
from tournaments.services.exports import run_export
from tournaments.tasks.heartbeat import heartbeat
from tournaments.tasks.progress import progress_reporter


@shared_task(bind=True)
def build_export_task(self: Any, export_id: int) -> dict[str, Any]:
    """Build one export file; progress goes to the result backend and the row."""
    with heartbeat(jobs.EXPORT, export_id, enabled=not self.request.is_eager):
        export = run_export(export_id=export_id, on_progress=progress_reporter(self))
    return {"export": export.pk, "status": export.status, "error": export.error}
