"""The registrant's e-mails: rendered in their language, sent once.

``send_signup_email`` runs in the Celery task (with retries): the row of the
owed e-mail is locked, an e-mail already sent is not sent again (a task
delivered twice, the sweep meeting a task in flight), and ``sent_at`` is
written in the same transaction as the send. A failed send raises, so the
task retries and the e-mail stays owed.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from tournaments.models import SignupEmail
from tournaments.services.locks import lock_rows

#: An owed e-mail older than this is sent again by the sweep (its task was
#: lost, or the queue was down when it was due).
OWED_AFTER = timedelta(minutes=2)


def private_link(token: str) -> str:
    """The registrant's private page, as an absolute address."""
    path = reverse("public:signup-private", args=[token])
    return settings.SITE_URL.rstrip("/") + path


def send_signup_email(email_id: int) -> bool:
    """Send one owed e-mail; False when there was nothing to send."""
    with transaction.atomic():
        email = (
            lock_rows(SignupEmail.objects.filter(pk=email_id))
            .select_related("signup__tournament")
            .first()
        )
        if email is None or email.sent_at is not None:
            return False
        signup = email.signup
        if signup.email:
            with translation.override(signup.language or settings.LANGUAGE_CODE):
                context = {
                    "kind": email.kind,
                    "signup": signup,
                    "tournament": signup.tournament,
                    "link": private_link(signup.token),
                }
                subject = render_to_string(
                    "tournaments/emails/signup_subject.txt", context
                )
                body = render_to_string("tournaments/emails/signup_body.txt", context)
            send_mail(" ".join(subject.split()), body, None, [signup.email])
        # An erased address: nothing to send, nothing owed any more.
        email.sent_at = timezone.now()
        email.save(update_fields=["sent_at"])
        return bool(signup.email)


def owed_email_ids(now: datetime | None = None) -> list[int]:
    cutoff = (now or timezone.now()) - OWED_AFTER
    return list(
        SignupEmail.objects.filter(
            sent_at__isnull=True, created_at__lt=cutoff
        ).values_list("pk", flat=True)
    )
