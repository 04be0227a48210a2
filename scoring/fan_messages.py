"""Translatable sentences for the error codes of the MCR fan calculator.

The pure engine raises ``EngineError(code, field, **params)``; the web layer
renders ``FAN_MESSAGES[error.code] % {**error.params, "field": error.field}``
in the user's language. The English text matches
``scoring.engine.mcr.fans.messages`` (used by the command, which has no
Django).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

FAN_MESSAGES: dict[str, str] = {
    "not_a_winning_hand": _("Not a winning hand."),
    "below_minimum": _(
        "%(points)s points without flowers: below the %(minimum)s-point minimum."
    ),
    "too_many_copies": _("%(count)s copies of %(tile)s in the hand (at most four)."),
    "malformed_tiles": _("Malformed tiles: %(part)s"),
    "wrong_tile_count": _(
        "The hand has %(count)s tiles; it needs %(expected)s (a kong counts as 3)."
    ),
    "missing_field": _("Missing field: %(field)s."),
    "invalid_value": _("Invalid value for %(field)s."),
    "invalid_meld": _("The tiles of %(field)s do not form a %(kind)s."),
    "impossible_condition": _(
        "The win condition %(condition)s is impossible with these tiles."
    ),
    "malformed_json": _("Not a JSON object: %(detail)s"),
    "internal_error": _("Internal error: the hand could not be scored."),
}
