"""English sentences for the error codes of the fan calculator.

The command and ``answer`` have no Django, so they use these; the web layer
translates the same codes with ``scoring.fan_messages`` (same sentences,
marked for gettext). Placeholders are the error's params plus ``field``.
"""

from __future__ import annotations

from scoring.engine.errors import EngineError

MESSAGES: dict[str, str] = {
    "not_a_winning_hand": "Not a winning hand.",
    "below_minimum": (
        "%(points)s points without flowers: below the %(minimum)s-point minimum."
    ),
    "too_many_copies": "%(count)s copies of %(tile)s in the hand (at most four).",
    "malformed_tiles": "Malformed tiles: %(part)s",
    "wrong_tile_count": (
        "The hand has %(count)s tiles; it needs %(expected)s (a kong counts as 3)."
    ),
    "missing_field": "Missing field: %(field)s.",
    "invalid_value": "Invalid value for %(field)s.",
    "invalid_meld": "The tiles of %(field)s do not form a %(kind)s.",
    "impossible_condition": (
        "The win condition %(condition)s is impossible with these tiles."
    ),
    "malformed_json": "Not a JSON object: %(detail)s",
    "internal_error": "Internal error: the hand could not be scored.",
}


def message(error: EngineError) -> str:
    """The English sentence for ``error``; its code when none is known."""
    template = MESSAGES.get(error.code)
    if template is None:
        return error.code
    values = {**error.params, "field": error.field}
    try:
        return template % values
    except (KeyError, TypeError, ValueError):
        return error.code
