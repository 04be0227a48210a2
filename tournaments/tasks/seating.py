"""Seating jobs: ids in, the seating service, small JSON out."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from tournaments.services import jobs
from tournaments.services.seating_plans import run_seating_plan
from tournaments.tasks.heartbeat import heartbeat
from tournaments.tasks.progress import progress_reporter


@shared_task(bind=True)
def run_seating_plan_task(self: Any, plan_id: int) -> dict[str, Any]:
    """Run one seating plan; progress goes to the result backend and the plan row."""
    with heartbeat(jobs.SEATING, plan_id, enabled=not self.request.is_eager):
        plan = run_seating_plan(plan_id=plan_id, on_progress=progress_reporter(self))
    return {"plan": plan.pk, "status": plan.status, "error": plan.error, **plan.stats}
