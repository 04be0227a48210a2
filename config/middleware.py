"""Answer 503, not 500, while the database cannot be reached.

A blip of PostgreSQL (a restart, a failover, a full connection pool) raises
OperationalError or InterfaceError in whichever view touches it first. The
page says to wait and retry instead of showing a server error, and the API
answers in its usual error shape. Rendering reads nothing from the database:
no context processors (``request.user`` would load the session), no base
template.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views import defaults

logger = logging.getLogger(__name__)

RETRY_AFTER_S = 30


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.error("Database unavailable: %s", exception, exc_info=exception)
        return unavailable_response(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a database error raised outside any view (a session
    saved by a middleware on the way out) is still a 503."""
    exception = sys.exc_info()[1]
    if isinstance(exception, OperationalError | InterfaceError):
        return unavailable_response(request)
    return defaults.server_error(request)


def unavailable_response(request: HttpRequest) -> HttpResponse:
    detail = gettext(
        "The database is unavailable for a moment. Nothing was lost: "
        "try again in a few seconds."
    )
    response: HttpResponse
    if request.path.startswith("/api/"):
        body: dict[str, Any] = {
            "error": "database_unavailable",
            "field": None,
            "detail": detail,
            "params": {"retry_after": RETRY_AFTER_S},
        }
        response = JsonResponse(body, status=503)
    else:
        html = render_to_string("503.html", {"detail": detail})
        response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_S)
    response["Cache-Control"] = "no-store"
    return response


def lockout_response(
    request: HttpRequest, response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    """django-axes' lockout answer: the login page's look, the wait in minutes."""
    from django.conf import settings
    from django.shortcuts import render

    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(
        request,
        "registration/lockout.html",
        {"minutes": minutes, "failure_limit": settings.AXES_FAILURE_LIMIT},
        status=429,
    )
