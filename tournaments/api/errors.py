"""Turn service and engine errors into JSON answers that name the problem."""

from __future__ import annotations

from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from scoring.engine.errors import EngineError
from tournaments.messages import error_message
from tournaments.seating import SeatingError
from tournaments.services.errors import ServiceError


def error_body(error: Any) -> dict[str, Any]:
    return {
        "error": error.code,
        "field": getattr(error, "field", None),
        "detail": error_message(error),
        "params": {k: v for k, v in error.params.items() if _jsonable(v)},
    }


def _jsonable(value: Any) -> bool:
    return isinstance(value, str | int | float | bool | list | tuple | dict | None)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        return Response(error_body(exc), status=exc.status_code)
    if isinstance(exc, EngineError | SeatingError):
        return Response(error_body(exc), status=400)
    return drf_exception_handler(exc, context)
