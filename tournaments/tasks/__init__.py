"""Celery tasks, one module per service area; Celery's autodiscovery imports
this package, which imports them all."""

from tournaments.tasks.exports import build_export_task as build_export_task
from tournaments.tasks.jobs import requeue_jobs_task
from tournaments.tasks.seating import run_seating_plan_task
from tournaments.tasks.signups import (
    erase_expired_signups_task,
    send_owed_signup_emails_task,
    send_signup_email_task,
)

__all__ = [
    "erase_expired_signups_task",
    "requeue_jobs_task",
    "run_seating_plan_task",
    "send_owed_signup_emails_task",
    "send_signup_email_task",
]
