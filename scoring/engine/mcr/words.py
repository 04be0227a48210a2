"""MCR's own words (see ``scoring.engine.words``): English, marked for
translation; the web layer translates them."""

from __future__ import annotations

from scoring.engine.words import N_, RuleSetWords

POINTS = N_("points")

# MCR's own error codes (the shared ones are in ``error_words``).
ERRORS = {
    "kind_required": N_("Say how the hand ended: discard, self-draw or draw."),
    "fan_total_required": N_("Enter the points of the winning hand."),
    "fan_total_not_allowed": N_("A drawn hand scores no points."),
    "flowers_not_allowed": N_("Flowers only count for the winner of a hand."),
    "below_minimum": N_(
        "%(points)s points without flowers: below the %(minimum)s-point minimum."
    ),
    "fan_total_too_high": N_(
        "%(points)s points is more than any hand can score (at most "
        "%(maximum)s without flowers)."
    ),
    "penalty_not_divisible": N_(
        "A False Hu penalty of %(points)s points cannot be shared equally "
        "between three players."
    ),
}

WORDS = RuleSetWords(
    name=N_("Mahjong Competition Rules (MCR)"),
    hand_value=N_("Fan total"),
    units=(POINTS,),
    errors=ERRORS,
    results={
        "discard": N_("Win on a discard"),
        "self_draw": N_("Self-drawn win"),
        "draw": N_("Washout"),
        "winner": N_("Winner"),
        "discarder": N_("Discarder"),
        "fan_total": N_("Points (without flowers)"),
        "flowers": N_("Flowers"),
    },
    # The statistics' words: the breakdown's lines are fans, and the average
    # fan total rests on the hands entered with their tiles.
    stats={
        "items": N_("Fans"),
        "item_total_average": N_("Average fan total (hands entered with tiles)"),
    },
    options={
        "minimum_points": N_("Minimum points for a win (flowers not counted)"),
        "hands_per_session": N_("Hands in a session"),
        "false_hu_penalty": N_("False Hu penalty (points, divisible by 3)"),
    },
)
