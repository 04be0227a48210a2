"""Registration's jobs: each owed e-mail (with retries), the sweep of the
e-mails whose task was lost, and the daily erasure of expired personal data."""

from __future__ import annotations

from smtplib import SMTPException

from celery import shared_task

from tournaments.services.signup_emails import owed_email_ids, send_signup_email
from tournaments.services.signups import dispatch_email, erase_expired_signups


@shared_task(
    autoretry_for=(SMTPException, OSError),
    retry_backoff=True,
    retry_backoff_max=600,
    max_retries=10,
)
def send_signup_email_task(email_id: int) -> bool:
    return send_signup_email(email_id)


@shared_task
def send_owed_signup_emails_task() -> int:
    ids = owed_email_ids()
    for email_id in ids:
        dispatch_email(email_id)
    return len(ids)


@shared_task
def erase_expired_signups_task() -> int:
    return erase_expired_signups()
