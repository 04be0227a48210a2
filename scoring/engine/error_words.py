"""The words of the error codes every rule set shares, and the English
sentence of an error for the command-line tools.

A code raised by the shared engine (``types``, ``tiles``, ``lines``,
``session``, ``standings``, the registry) or meaning the same in every rule
set (a winner missing, an unknown setting, hand-format.md's tiles) has its
words here, once. A code of one rule set (riichi's ``han_required``) has its
words in that rule set's ``RuleSetWords.errors``, and so has a shared code
that the rule set must word its own way (riichi's ``winner_not_allowed``:
a chombo is not a drawn hand): its own words come first (``error_text``).

Sentences are English marked with ``N_``; the web layer translates them
(``scoring.messages.describe``), the commands print them as they are.
Placeholders are the error's params plus ``%(field)s``, the input at fault.
A test (tests/contract/test_ruleset_error_words.py) reads every code each
rule set's modules raise and checks it has words here or in its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.errors import EngineError
from scoring.engine.words import N_

ENGINE_ERRORS: Mapping[str, str] = {
    # Input shape
    "not_an_integer": N_("“%(value)s” is not a whole number."),
    "unknown_field": N_("Unknown field “%(name)s”."),
    "unknown_kind": N_("“%(kind)s” is not a way a hand can end."),
    "not_an_object": N_("%(field)s must be a JSON object."),
    "not_a_boolean": N_("“%(value)s” is neither yes nor no (%(field)s)."),
    "missing_field": N_("Missing field: %(field)s."),
    "invalid_value": N_("Invalid value for %(field)s."),
    "malformed_json": N_("Not a JSON object: %(detail)s"),
    "internal_error": N_("Internal error: the hand could not be scored."),
    # Hand results
    "winner_required": N_("A win must name the winner."),
    "winner_out_of_range": N_("The winner %(seat)s does not sit at this table."),
    "winner_not_allowed": N_("A drawn hand has no winner."),
    "discarder_required": N_("A win on a discard must name the discarder."),
    "discarder_out_of_range": N_("The discarder %(seat)s does not sit at this table."),
    "discarder_is_winner": N_("The winner cannot win on their own discard."),
    "discarder_not_allowed": N_("Only a win on a discard has a discarder."),
    "seat_out_of_range": N_("Seat %(seat)s does not sit at this table."),
    "flowers_out_of_range": N_(
        "%(flowers)s flowers: a hand holds between 0 and %(maximum)s."
    ),
    # Penalties
    "unknown_penalty": N_("“%(kind)s” is not a penalty of these rules."),
    "offender_out_of_range": N_("The penalised player %(seat)s is not at this table."),
    "penalty_points_required": N_("Enter how many points the penalty costs."),
    "penalty_not_positive": N_("A penalty must cost at least one point."),
    # Deals
    "invalid_hand_number": N_("Hand numbers start at 1, not %(number)s."),
    "invalid_seat_winds": N_(
        "“%(winds)s”: the four players must hold East, South, West and North."
    ),
    "invalid_wind": N_("“%(wind)s” is not a wind."),
    "invalid_counters": N_("The hand counters are not readable."),
    # Rule sets and tournament settings
    "unknown_ruleset": N_("“%(ruleset)s” is not a rule set this site knows."),
    "duplicate_ruleset": N_("Two rule sets use the code “%(taken)s”."),
    "not_a_ruleset": N_("%(ruleset)s is not a rule set: it must extend BaseRuleSet."),
    "no_hand_sheets": N_("%(ruleset)s: these rules do not score every player's hand."),
    "no_tile_calculator": N_("%(ruleset)s: these rules have no tile calculator."),
    "unknown_option": N_("“%(option)s” is not a setting of these rules."),
    "option_out_of_range": N_(
        "%(value)s is not allowed for “%(option)s”: choose between %(minimum)s "
        "and %(maximum)s."
    ),
    "unknown_tiebreak": N_("“%(tiebreak)s” is not a known tie-break."),
    "duplicate_tiebreak": N_("The tie-break “%(tiebreak)s” is listed twice."),
    "wrong_place_count": N_(
        "%(places)s place values were given for %(seats)s players."
    ),
    # Tiles (hand-format.md), read by every tile calculator
    "not_a_winning_hand": N_("Not a winning hand."),
    "too_many_copies": N_("%(count)s copies of %(tile)s in the hand (at most four)."),
    "malformed_tiles": N_("Malformed tiles: %(part)s"),
    "wrong_tile_count": N_(
        "The hand has %(count)s tiles; it needs %(expected)s (a kong counts as 3)."
    ),
    "invalid_meld": N_("The tiles of %(field)s do not form a %(kind)s."),
    "impossible_condition": N_(
        "The win condition %(condition)s is impossible with these tiles."
    ),
}


def error_text(code: str, own: Mapping[str, str] | None = None) -> str | None:
    """The words of ``code``: the rule set's ``own`` (its
    ``RuleSetWords.errors``) first, then the shared ones; ``None`` for a
    code nobody words (a test keeps that from happening)."""
    if own is not None and code in own:
        return own[code]
    return ENGINE_ERRORS.get(code)


def english(
    error: EngineError,
    own: Mapping[str, str] | None = None,
    *,
    name_field: bool = False,
) -> str:
    """``error`` as an English sentence for a command's answer, the field
    as its name; with ``name_field``, ``"field: sentence"`` whenever the
    error has a field, so the answer starts with what to fix. A code
    without words (or whose params do not fit) comes as itself.
    """
    template = error_text(error.code, own)
    text = error.code
    if template is not None:
        try:
            text = template % {**error.params, "field": error.field}
        except (KeyError, TypeError, ValueError):
            text = error.code
    if name_field and error.field:
        return f"{error.field}: {text}"
    return text
