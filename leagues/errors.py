"""Errors of the leagues' pure ranking engines (EMA ranking, ratings).

The engines never translate: an error carries a stable ``code`` and the
parameters a message needs; the Django layer turns the code into a sentence in
the organiser's language, and the ``python -m leagues.ema`` command prints it.
"""

from __future__ import annotations

from typing import Any


class LeagueError(ValueError):
    """The input cannot be ranked or rated as given.

    ``code`` is a short snake_case identifier such as ``"bad_place"`` and
    ``params`` holds the values a message needs (``{"at": "results[3]",
    "place": 12, "players": 10}``).
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params: dict[str, Any] = params
        detail = ", ".join(f"{key}={value!r}" for key, value in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)
