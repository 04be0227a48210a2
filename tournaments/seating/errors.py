"""Errors of the seating engine.

The engine never translates: an error carries a stable ``code`` and the
parameters a message needs; the Django layer turns the code into a sentence in
the organiser's language.
"""

from __future__ import annotations

from typing import Any


class SeatingError(ValueError):
    """The request cannot be seated as given.

    ``code`` is a short snake_case identifier such as
    ``"player_count_not_multiple_of_four"`` and ``params`` holds the values a
    message needs (``{"count": 18, "substitutes_needed": 2}``).
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params: dict[str, Any] = params
        detail = ", ".join(f"{key}={value!r}" for key, value in sorted(params.items()))
        super().__init__(f"{code}({detail})" if detail else code)
