"""Rate limits of the public HTML forms (django-ratelimit), beside the API's
DRF throttles: a table's forms count per table link (a room of tablets may
share one address behind the venue's router), the anonymous fan calculator
page per client address. Counters live in the shared Django cache."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django_ratelimit.core import is_ratelimited

from config.client_address import client_ip


def table_form_limited(request: HttpRequest, token: str) -> bool:
    """Count this POST against its table link; True once over the rate."""
    return is_ratelimited(
        request,
        group="table-forms",
        key=lambda group, request: token,
        rate=settings.TABLE_FORM_RATE,
        method="POST",
        increment=True,
    )


def public_form_limited(request: HttpRequest, group: str) -> bool:
    """Count this anonymous POST against the caller's address."""
    return is_ratelimited(
        request,
        group=group,
        key=lambda group, request: client_ip(request) or "",
        rate=settings.PUBLIC_FORM_RATE,
        method="POST",
        increment=True,
    )


def too_many_requests() -> HttpResponse:
    """429 with a sentence; a tablet keeps the hand and sends it again."""
    return HttpResponse(
        _("Too many requests in a short time: wait a moment and send again."),
        status=429,
        content_type="text/plain; charset=utf-8",
    )
