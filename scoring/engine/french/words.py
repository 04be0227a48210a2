"""The words of the rule sets where every player's hand scores (French
classic, encyclopaedia; see ``scoring.engine.words``): English, marked for
translation; the web layer translates them."""

from __future__ import annotations

from scoring.engine.mcr.words import ERRORS as MCR_ERRORS
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

# The error codes of the hands scored set by set (French classic and the
# family scoring share the sets, the flowers and the command). Both price a
# referee's penalty with MCR's payments (``french.session``), whose module
# also holds MCR's codes: they come along, MCR's words first.
SET_ERRORS = {
    **MCR_ERRORS,
    "unknown_system": N_("“%(system)s” is not a scoring system: simple or advanced."),
    "settle_advanced_only": N_(
        "Only the advanced system settles (not “%(system)s”): in the simple "
        "system nobody pays anybody."
    ),
    "unknown_set_kind": N_(
        "“%(kind)s” is not a set: a pair, a chow, a pung or a kong."
    ),
    "invalid_set": N_("The tiles of %(field)s do not form a %(kind)s."),
    "invalid_sets": N_("The sets of %(field)s must be a list."),
    "not_a_mahjong_hand": N_(
        "A Mah-Jong hand is four sets and a pair; this one has %(sets)s sets and "
        "%(pairs)s pairs."
    ),
    "too_many_tiles": N_(
        "%(count)s tiles in %(field)s: a hand holds at most 13 (a kong counts as 3)."
    ),
    "invalid_bonus_tiles": N_(
        "Flowers and seasons are given as a list of numbers from 1 to 4."
    ),
    "bonus_number_out_of_range": N_(
        "Flowers and seasons are numbered 1 to 4, not %(number)s."
    ),
    "bonus_number_repeated": N_("A flower or season number is given twice."),
    "bonus_tile_twice": N_("Flower or season %(number)s is held by two players."),
    "mahjong_only": N_("Only the Mah-Jong player's hand can be %(condition)s."),
    "conflicting_conditions": N_("A hand cannot be both %(first)s and %(second)s."),
    "condition_needs": N_("A hand %(condition)s must also be %(needed)s."),
    "four_hands_required": N_("Give the hands of all four players."),
    "invalid_hand": N_("The hand of %(field)s is not readable."),
    "scores_required": N_("Give the scores of East, South, West and North."),
    "score_out_of_range": N_("The score %(score)s is out of range."),
    "settlement_not_zero_sum": N_(
        "The payments do not add up to zero (%(total)s): the hand is not stored."
    ),
}

# The family scoring's players finish in order.
FAMILY_ERRORS = {
    **SET_ERRORS,
    "finish_out_of_range": N_(
        "Players finish 1st to 4th (or not at all), not %(finish)s."
    ),
    "finishing_order_broken": N_(
        "The finishing places %(places)s skip a place: they run 1, 2, 3, 4 in order."
    ),
    "kind_does_not_match_finish": N_("A hand is a draw exactly when nobody finished."),
}

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


#: The statistics' words of the rule sets where every hand scores: a win is
#: a Mah-Jong, and each player's own hand points are averaged.
STATS = {
    "wins": N_("Mah-Jongs"),
    "win_rate": N_("Mah-Jong rate"),
    "winning_hand_points": N_("Average points of a Mah-Jong hand"),
    "other_hand_points": N_("Average points of the other hands"),
}


def french_words(name: str, sheet: dict[str, str]) -> RuleSetWords:
    """The words of a French classic system called ``name``."""
    return RuleSetWords(
        name=name,
        hand_value=HAND_VALUE,
        units=(POINTS,),
        errors=SET_ERRORS,
        results=FRENCH_RESULTS,
        options=FRENCH_OPTIONS,
        sheet=sheet,
        stats=STATS,
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
    errors=FAMILY_ERRORS,
    results={
        **KINDS,
        "finish": N_("Finishing place (1st to 4th)"),
        "scores": N_("Each player's score"),
        "hands": N_("Each player's sets"),
    },
    options=SESSION_OPTIONS,
    stats=STATS,
)
