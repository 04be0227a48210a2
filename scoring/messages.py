"""Referee-friendly sentences for the error codes of the pure scoring core.

The core raises ``EngineError(code, field, **params)`` and never translates;
this module is the one place that turns a code into words. Placeholders are
``%(name)s`` so translators can move them. Seats arrive as indexes 0..3: the
caller passes how to show them (a player's name, a wind) as keyword
arguments to ``engine_error_message``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.engine.errors import EngineError

# Values are lazy translations; they become ``str`` in the active language.
MESSAGES: dict[str, str] = {
    # Input shape
    "not_an_integer": _("“%(value)s” is not a whole number."),
    "unknown_field": _("Unknown field “%(name)s”."),
    "kind_required": _("Say how the hand ended: discard, self-draw or draw."),
    "unknown_kind": _("“%(kind)s” is not a way a hand can end."),
    # Hand results
    "winner_required": _("A win must name the winner."),
    "winner_out_of_range": _("The winner %(seat)s does not sit at this table."),
    "winner_not_allowed": _("A drawn hand has no winner."),
    "discarder_required": _("A win on a discard must name the discarder."),
    "discarder_out_of_range": _("The discarder %(seat)s does not sit at this table."),
    "discarder_is_winner": _("The winner cannot win on their own discard."),
    "discarder_not_allowed": _("Only a win on a discard has a discarder."),
    "fan_total_required": _("Enter the points of the winning hand."),
    "fan_total_not_allowed": _("A drawn hand scores no points."),
    "flowers_not_allowed": _("Flowers only count for the winner of a hand."),
    "below_minimum": _(
        "%(points)s points without flowers: below the %(minimum)s-point minimum."
    ),
    "fan_total_too_high": _(
        "%(points)s points is more than any hand can score (at most "
        "%(maximum)s without flowers)."
    ),
    "flowers_out_of_range": _(
        "%(flowers)s flowers: a hand holds between 0 and %(maximum)s."
    ),
    # Penalties
    "unknown_penalty": _("“%(kind)s” is not a penalty of these rules."),
    "offender_out_of_range": _("The penalised player %(seat)s is not at this table."),
    "penalty_points_required": _("Enter how many points the penalty costs."),
    "penalty_not_positive": _("A penalty must cost at least one point."),
    "penalty_not_divisible": _(
        "A False Hu penalty of %(points)s points cannot be shared equally "
        "between three players."
    ),
    # Deals
    "invalid_hand_number": _("Hand numbers start at 1, not %(number)s."),
    "invalid_seat_winds": _(
        "“%(winds)s”: the four players must hold East, South, West and North."
    ),
    "invalid_wind": _("“%(wind)s” is not a wind."),
    "invalid_counters": _("The hand counters are not readable."),
    # Tournament settings
    "unknown_ruleset": _("“%(ruleset)s” is not a rule set this site knows."),
    "duplicate_ruleset": _("Two rule sets use the code “%(ruleset)s”."),
    "unknown_option": _("“%(option)s” is not a setting of these rules."),
    "option_out_of_range": _(
        "%(value)s is not allowed for “%(option)s”: choose between %(minimum)s "
        "and %(maximum)s."
    ),
    "unknown_tiebreak": _("“%(tiebreak)s” is not a known tie-break."),
    "duplicate_tiebreak": _("The tie-break “%(tiebreak)s” is listed twice."),
    "wrong_place_count": _("%(places)s place values were given for %(seats)s players."),
}


def engine_error_message(error: EngineError, **presented: object) -> str:
    """``error`` as a sentence in the active language.

    ``presented`` replaces raw parameters for display, e.g.
    ``engine_error_message(error, seat="Alice (East)")``. An unknown code
    comes back as the code itself, so nothing is ever silently dropped.
    """
    template = MESSAGES.get(error.code)
    if template is None:
        return error.code
    params = {**error.params, **presented}
    try:
        return str(template) % params
    except (KeyError, TypeError, ValueError):
        return str(template)
