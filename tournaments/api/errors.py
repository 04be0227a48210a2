"""Turn every API error into one JSON shape that names the problem:
``{"error": code, "field": name or null, "detail": sentence, "params": {...}}``
(documented as the ``Error`` component, tournaments/api/schema.py).

The status says whose fault it is, so that the schema says exactly what the
API accepts: 400 is a request the schema itself refuses (DRF's validation
and parsing); 422 a request the schema accepts but the event's data refuse
(a player who does not sit at the table, two teams of one name); 409 a
request the object's state refuses for now (a round not finished yet, a
stale version).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from scoring.engine.errors import EngineError
from tournaments.messages import error_message
from tournaments.seating import SeatingError
from tournaments.services.errors import ServiceError


def error_body(
    error: Any, describe: Callable[[Any], str] = error_message
) -> dict[str, Any]:
    """The shared shape; ``describe`` puts the error in words (the leagues'
    API passes its own catalogue, which falls back on this one)."""
    return {
        "error": error.code,
        "field": getattr(error, "field", None),
        "detail": describe(error),
        "params": {k: v for k, v in error.params.items() if _jsonable(v)},
    }


def _jsonable(value: Any) -> bool:
    return isinstance(value, str | int | float | bool | list | tuple | dict | None)


#: Refusals of the object's state, not of the input: the same request
#: succeeds once the state changes (the tables closed, the round finished),
#: or conflicts with what exists (a slug taken).
STATE_CONFLICTS = frozenset(
    {
        "absent_players",
        "checkin_withdrawn",
        "clock_already_started",
        "clock_not_paused",
        "clock_not_running",
        "confirmations_not_used",
        "earlier_round_not_seated",
        "event_already_in_league",
        "event_upload_expired",
        "import_expired",
        "league_slug_taken",
        "options_frozen",
        "plan_not_ready",
        "plan_published",
        "round_already_played",
        "round_finished",
        "round_has_tables",
        "round_not_finished",
        "round_not_seated",
        "round_not_started",
        "round_not_swappable",
        "seating_already_running",
        "seeding_needs_fours",
        "self_checkin_not_open",
        "self_checkin_not_used",
        "session_not_over",
        "session_over",
        "slug_taken",
        "table_closed",
        "table_not_closed_for_confirmation",
        "table_not_seated",
        "table_open",
        "table_started",
        "tables_still_open",
    }
)


#: Refusals of input the schema already refuses, found past the serializer
#: (a header longer than its documented maxLength, a query parameter out of
#: its enum, a calculator body that is not a JSON object).
MALFORMED = frozenset(
    {
        "idempotency_key_too_long",
        "invalid_json",
        "malformed_json",
        "not_an_object",
        "unknown_separator",
    }
)


def refusal_status(error: ServiceError | EngineError | SeatingError) -> int:
    """409 for a state conflict; 400 for input the schema refuses; else
    422: the input passed the schema (the serializers run first) and the
    event's data refuse it."""
    own = getattr(error, "status_code", 400)
    if own != 400:
        return own  # its class says (409 a conflict, 403 an archive's rights)
    if error.code in STATE_CONFLICTS:
        return 409
    if error.code in MALFORMED:
        return 400
    return 422


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError | EngineError | SeatingError):
        return Response(error_body(exc), status=refusal_status(exc))
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.APIException):
        response.data = drf_error_body(exc)
    elif response is not None and isinstance(exc, Http404):
        response.data = drf_error_body(exceptions.NotFound())
    elif response is not None and isinstance(exc, DjangoPermissionDenied):
        response.data = drf_error_body(exceptions.PermissionDenied())
    return response


def drf_error_body(exc: exceptions.APIException) -> dict[str, Any]:
    """DRF's own errors (validation, authentication, permission, not found,
    throttling, parsing) in the shape of the service errors."""
    if isinstance(exc, exceptions.ValidationError):
        return validation_body(exc.detail)
    params: dict[str, Any] = {}
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        params["wait"] = int(exc.wait + 0.999)
    code = exc.get_codes()
    return {
        "error": code if isinstance(code, str) else exc.default_code,
        "field": None,
        "detail": str(exc.detail),
        "params": params,
    }


def validation_body(detail: Any) -> dict[str, Any]:
    """The first message names the problem; ``params.fields`` keeps them all
    (``{"kind": ["This field is required."], ...}``, nested as the input)."""
    fields = detail if isinstance(detail, dict) else {"non_field_errors": detail}
    field, message = _first_message(fields)
    return {
        "error": "invalid",
        "field": None if field in ("", "non_field_errors") else field,
        "detail": message,
        "params": {"fields": _plain(fields)},
    }


def _first_message(detail: Any, prefix: str = "") -> tuple[str, str]:
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            return _first_message(value, name)
    if isinstance(detail, list) and detail:
        if isinstance(detail[0], dict | list):
            return _first_message(detail[0], f"{prefix}.0" if prefix else "0")
        return prefix, str(detail[0])
    return prefix, str(detail) if detail else gettext("Invalid input.")


def _plain(detail: Any) -> Any:
    """ErrorDetail strings as plain strings, for any JSON renderer."""
    if isinstance(detail, dict):
        return {str(key): _plain(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [_plain(value) for value in detail]
    return str(detail)


def api_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler404``: an address under /api/ that matches no route (a
    non-numeric id, say) answers in the API's shape; pages keep Django's."""
    if request.path.startswith("/api/"):
        return JsonResponse(drf_error_body(exceptions.NotFound()), status=404)
    return defaults.page_not_found(request, exception)
