"""Seating jobs: ids in, the seating service, small JSON out."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from tournaments.services.seating_plans import run_seating_plan


@shared_task(bind=True)
def run_seating_plan_task(self: Any, plan_id: int) -> dict[str, Any]:
    """Run one seating plan; progress goes to the result backend and the plan row."""

    def on_progress(percent: int) -> None:
        if not self.request.is_eager:
            self.update_state(state="PROGRESS", meta={"percent": percent})

    plan = run_seating_plan(plan_id=plan_id, on_progress=on_progress)
    return {"plan": plan.pk, "status": plan.status, "error": plan.error, **plan.stats}
