"""The words of the rule sets where every player's hand scores (French
classic, encyclopaedia; see ``scoring.engine.words``): English, marked for
translation; the web layer translates them."""

from __future__ import annotations

from scoring.engine.words import N_, RuleSetWords

POINTS = N_("points")
HAND_VALUE = N_("Winner's hand score")

# The workbook where every player's hand scores: every player's hand score,
# in the words of the rule documents; the hand's wind is the round wind
# ("vent du tour"), the dominant wind being chosen for each hand.
EVERY_HAND_SHEET = {
    "prevalent_wind": N_("Round wind"),
    "fans": N_("Each player's hand score"),
}
# The simple system and the family scoring: each adds their own score.
OWN_SCORE_SHEET = {**EVERY_HAND_SHEET, "payment_points": N_("Points %(seat)s")}

KINDS = {
    "discard": N_("Win on a discard"),
    "self_draw": N_("Self-drawn win"),
    "draw": N_("Washout"),
}

SESSION_OPTIONS = {
    "hands_per_session": N_("Hands in a session"),
    "table_points": N_("Table points 4/2/1/0 per session"),
}

FRENCH_RESULTS = {
    **KINDS,
    "winner": N_("Winner"),
    "discarder": N_("Discarder"),
    "dominant_wind": N_("Dominant wind"),
    "scores": N_("Each player's score"),
    "hands": N_("Each player's sets"),
}

FRENCH_OPTIONS = {
    **SESSION_OPTIONS,
    "round_wind": N_("Round wind doubles its pungs (16-hand game)"),
    "grand_jeu_value": N_("Value of a Grand Jeu"),
    "own_flower_season": N_("Own flower and own season double"),
    "draw_rotates": N_("The winds rotate after a hand nobody won"),
    "draw_scores": N_("A hand nobody won still scores"),
}


def french_words(name: str, sheet: dict[str, str]) -> RuleSetWords:
    """The words of a French classic system called ``name``."""
    return RuleSetWords(
        name=name,
        hand_value=HAND_VALUE,
        units=(POINTS,),
        results=FRENCH_RESULTS,
        options=FRENCH_OPTIONS,
        sheet=sheet,
    )


SIMPLE = french_words(N_("French classic rules, simple system"), OWN_SCORE_SHEET)
ADVANCED = french_words(
    N_("French classic rules, advanced system (payments)"), EVERY_HAND_SHEET
)

FAMILY = RuleSetWords(
    name=N_("Family scoring of the encyclopaedias"),
    hand_value=HAND_VALUE,
    units=(POINTS,),
    sheet=OWN_SCORE_SHEET,
    results={
        **KINDS,
        "finish": N_("Finishing place (1st to 4th)"),
        "scores": N_("Each player's score"),
        "hands": N_("Each player's sets"),
    },
    options=SESSION_OPTIONS,
)
