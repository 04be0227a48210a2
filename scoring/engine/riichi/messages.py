"""English sentences for the riichi error codes (the command has no Django).

The web layer will translate the same codes with gettext; placeholders are
the error's params plus ``field``. ``message`` puts the field first, so an
answer always names what to fix.
"""

from __future__ import annotations

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans.messages import MESSAGES as TILE_MESSAGES

_RIICHI_MESSAGES: dict[str, str] = {
    # Codes of riichi alone (the web layer needs a text for each).
    "han_required": "han is required (or yakuman)",
    "han_out_of_range": "han %(value)s: a win has 1 to %(maximum)s han",
    "fu_required": "fu are required for %(han)s han in the full count",
    "fu_out_of_range": (
        "fu %(fu)s: fu are even, %(minimum)s to %(maximum)s, or 25 for seven pairs"
    ),
    "seven_pairs_fu": "25 fu is seven pairs only, which has at least 2 han",
    "yakuman_out_of_range": "yakuman %(value)s: 0 to %(maximum)s",
    "triple_ron": "three winners on one discard is an abortive draw",
    "riichi_not_tenpai": "seat %(seat)s declared riichi but is not tenpai",
    "red_fives_off": "red fives are not played in this tournament",
    "no_yaku": "The hand has no yaku: it cannot win.",
    "invalid_choice": "%(value)s is not one of %(choices)s",
    "option_not_multiple": "%(value)s is not a multiple of %(step)s",
    "invalid_uma": "uma is four integers by place, best first, or null: %(value)s",
    "return_below_start": "the return line %(value)s is below the start %(start)s",
    # Codes shared with the other rule sets, in the command's words.
    "impossible_condition": "The win condition %(condition)s is impossible here.",
    "malformed_json": "not a JSON object: %(detail)s",
    "internal_error": "internal error: the line could not be answered",
    "unknown_field": "unknown field",
    "unknown_kind": "unknown kind %(kind)s",
    "kind_required": "kind is required",
    "not_an_integer": "not an integer: %(value)s",
    "not_an_object": "not an object",
    "invalid_value": "invalid value %(value)s",
    "missing_field": "missing",
    "seat_out_of_range": "seat %(seat)s is not one of 0, 1, 2, 3",
    "winner_required": "winner is required",
    "winner_not_allowed": "a %(kind)s has no winner",
    "discarder_required": "discarder is required on a discard (ron)",
    "discarder_is_winner": "the discarder %(seat)s cannot be the winner",
    "discarder_not_allowed": "only a discard (ron) has a discarder",
    "penalty_not_positive": "a penalty costs at least 100 points, not %(points)s",
    "unknown_penalty": "%(kind)s is not a penalty of these rules",
    "offender_out_of_range": "seat %(seat)s is not one of 0, 1, 2, 3",
    "penalty_points_required": "the points of a %(kind)s penalty are required",
    "scores_required": "the running scores are needed to tell whether the game ends",
    "unknown_option": "unknown setting",
    "not_a_boolean": "not true or false: %(value)s",
    "option_out_of_range": "%(value)s is out of range %(minimum)s..%(maximum)s",
}
# The tile calculator shares the MCR calculator's tile errors and sentences.
MESSAGES = {**TILE_MESSAGES, **_RIICHI_MESSAGES}


def message(error: EngineError) -> str:
    """``"field: sentence"`` for ``error``; its code when no sentence is known."""
    template = MESSAGES.get(error.code)
    text = error.code
    if template is not None:
        try:
            text = template % {**error.params, "field": error.field}
        except (KeyError, TypeError, ValueError):
            text = error.code
    return f"{error.field}: {text}" if error.field else text
