"""Celery tasks, one module per service area; Celery's autodiscovery imports
this package, which imports them all."""

from tournaments.tasks.seating import seat_round_task

__all__ = ["seat_round_task"]
