"""Errors of the pure core.

The core never translates: an error carries a stable ``code`` and the
parameters a message needs. The Django layer (``scoring.messages``) turns the
code into a sentence in the user's language.
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """A rule of the game refuses the input.

    ``code`` is a short snake_case identifier (``"below_minimum"``), ``params``
    the values a message needs (``{"points": 7, "minimum": 8}``) and ``field``
    the input field at fault when there is one (``"discarder"``).

    ``raised_by`` is the code of the rule set whose method raised it, set as
    the error leaves the rule set (``BaseRuleSet``), so that the web layer
    words it in that rule set's own terms (``RuleSetWords.errors``);
    ``None`` for an error of the shared engine.
    """

    def __init__(self, code: str, field: str | None = None, **params: Any) -> None:
        self.code = code
        self.field = field
        self.params = params
        self.raised_by: str | None = None
        detail = ", ".join(f"{key}={value!r}" for key, value in sorted(params.items()))
        super().__init__(f"{code}({detail})" if detail else code)
