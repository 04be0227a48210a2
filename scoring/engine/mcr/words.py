"""MCR's own words (see ``scoring.engine.words``): English, marked for
translation; the web layer translates them."""

from __future__ import annotations

from scoring.engine.words import N_, RuleSetWords

POINTS = N_("points")

WORDS = RuleSetWords(
    name=N_("Mahjong Competition Rules (MCR)"),
    hand_value=N_("Fan total"),
    units=(POINTS,),
    results={
        "discard": N_("Win on a discard"),
        "self_draw": N_("Self-drawn win"),
        "draw": N_("Washout"),
        "winner": N_("Winner"),
        "discarder": N_("Discarder"),
        "fan_total": N_("Points (without flowers)"),
        "flowers": N_("Flowers"),
    },
    options={
        "minimum_points": N_("Minimum points for a win (flowers not counted)"),
        "hands_per_session": N_("Hands in a session"),
        "false_hu_penalty": N_("False Hu penalty (points, divisible by 3)"),
    },
)
