"""Errors a service raises; the API and pages turn them into messages."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A request the tournament's state refuses (HTTP 400).

    Same shape as ``scoring.engine.errors.EngineError``: a stable ``code``,
    the ``field`` at fault and the parameters a message needs.
    """

    status_code = 400

    def __init__(self, code: str, field: str | None = None, **params: Any) -> None:
        self.code = code
        self.field = field
        self.params = params
        super().__init__(code)


class ConflictError(ServiceError):
    """The write was based on a stale version, or a key was reused (HTTP 409)."""

    status_code = 409
