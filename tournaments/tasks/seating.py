"""Celery tasks: ids in, a service call, small JSON out."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from tournaments.models import Round
from tournaments.seating import SeatingError
from tournaments.services.errors import ServiceError
from tournaments.services.seating import run_seating


@shared_task(bind=True)
def seat_round_task(self: Any, round_id: int) -> dict[str, Any]:
    """Seat one round; progress goes to the result backend and the Round row."""
    last = {"percent": -1}

    def on_progress(fraction: float) -> None:
        percent = max(0, min(100, int(fraction * 100)))
        if percent == last["percent"]:
            return
        last["percent"] = percent
        if not self.request.is_eager:
            self.update_state(state="PROGRESS", meta={"percent": percent})
        Round.objects.filter(pk=round_id).update(seating_progress=percent)

    try:
        round_ = run_seating(round_id=round_id, on_progress=on_progress)
    except (ServiceError, SeatingError) as error:
        # The failure is stored on the Round row for the page; no retry helps.
        return {"round": round_id, "error": error.code}
    return {"round": round_.pk, "tables": round_.tables.count(), **round_.seating_stats}
