"""Riichi's own words (see ``scoring.engine.words``): English, marked for
translation; the web layer translates them."""

from __future__ import annotations

from scoring.engine.words import N_, RuleSetWords

HAN = N_("han")
YAKUMAN = N_("yakuman")

# Riichi's own error codes, and the shared codes it words its own way (the
# others are in ``error_words``).
ERRORS = {
    "han_required": N_("Enter the han of the winning hand (or its yakuman)."),
    "han_out_of_range": N_("%(value)s han: a win has 1 to %(maximum)s han."),
    "fu_required": N_(
        "Enter the fu: a hand of %(han)s han needs them in the full count."
    ),
    "fu_out_of_range": N_(
        "%(fu)s fu: fu are even, from %(minimum)s to %(maximum)s, or 25 for seven "
        "pairs."
    ),
    "seven_pairs_fu": N_("25 fu is seven pairs only, which has at least 2 han."),
    "yakuman_out_of_range": N_("%(value)s yakuman: from 0 to %(maximum)s."),
    "triple_ron": N_(
        "Three winners on one discard: under these rules the hand is an abortive draw."
    ),
    "riichi_not_tenpai": N_("%(seat)s declared riichi but is not tenpai."),
    "red_fives_off": N_("Red fives are not played in this tournament."),
    "no_yaku": N_("The hand has no yaku: it cannot win."),
    "invalid_choice": N_("“%(value)s” is not one of %(choices)s."),
    # Penalties and settings in hundreds or thousands of points.
    "option_not_multiple": N_("%(value)s is not a multiple of %(step)s."),
    "invalid_uma": N_(
        "The uma is four whole numbers by place, best first (or none), not %(value)s."
    ),
    "return_below_start": N_(
        "The return line (%(value)s) is below the starting points (%(start)s)."
    ),
    # A hand also ends in an abortive draw or a chombo (MCR's words list
    # three endings).
    "kind_required": N_(
        "Say how the hand ended: a win on a discard, a self-draw, an exhaustive "
        "draw, an abortive draw or a chombo."
    ),
    # Refused for any hand nobody won, a chombo included (not only a draw):
    # the winner, the han, fu and yakuman, and the further winners.
    "winner_not_allowed": N_(
        "Only a won hand has a winner, han, fu or yakuman: this one was not won."
    ),
    # The engine needs the running scores for dobon and the West round.
    "scores_required": N_(
        "The players' running scores are needed to tell whether the game ends."
    ),
}

WORDS = RuleSetWords(
    name=N_("Riichi (Japanese)"),
    hand_value=N_("Han"),
    units=(HAN, YAKUMAN),
    errors=ERRORS,
    results={
        "discard": N_("Win on a discard"),
        "self_draw": N_("Self-drawn win"),
        # The draw at the end of the wall is not MCR's washout.
        "draw": N_("Exhaustive draw (ryūkyoku)"),
        "abortive_draw": N_("Abortive draw"),
        "chombo": N_("Chombo"),
        "winner": N_("Winner"),
        "discarder": N_("Discarder"),
        "han": N_("Han"),
        "fu": N_("Fu"),
        "yakuman": N_("Yakuman"),
        "riichi": N_("Riichi declared by"),
        "tenpai": N_("Tenpai at the draw"),
        "offender": N_("Offender"),
        # More winners on one discard, in turn from the discarder.
        "winner_2": N_("Second winner (same discard)"),
        "han_2": N_("Han of the second winner"),
        "fu_2": N_("Fu of the second winner"),
        "yakuman_2": N_("Yakuman of the second winner"),
        "winner_3": N_("Third winner (same discard)"),
        "han_3": N_("Han of the third winner"),
        "fu_3": N_("Fu of the third winner"),
        "yakuman_3": N_("Yakuman of the third winner"),
    },
    options={
        "count": N_("Counting"),
        "count.full": N_("Full count (han and fu)"),
        "count.short": N_("Short count (han only)"),
        "fu_count": N_("Counting fu (full count)"),
        "fu_count.modern": N_("Modern count (EMA, Japanese leagues)"),
        "fu_count.classic": N_("Classic count of seed 004 (méthode classique)"),
        "start_points": N_("Starting points"),
        "return_points": N_("Return line (points)"),
        "uma": N_("Uma by final place, best first (empty: none)"),
        "limits": N_("Limit hands"),
        "limits.classic": N_("Classic (baiman 8–9 han, sanbaiman 10–12)"),
        "limits.modern": N_("Modern (baiman 8–10 han, sanbaiman 11–12)"),
        "kazoe": N_("13 or more counted han"),
        "kazoe.yakuman": N_("Yakuman (kazoe yakuman)"),
        "kazoe.sanbaiman": N_("Sanbaiman"),
        "multiple_yakuman": N_("Several yakuman add up"),
        "multiple_ron": N_("Several players win on one discard"),
        "multiple_ron.double": N_("Double ron (three callers: abortive draw)"),
        "multiple_ron.triple": N_("Double and triple ron"),
        "multiple_ron.head_bump": N_("Head bump (first in turn only)"),
        "tenpai_payment": N_("Tenpai payment at an exhaustive draw (0: none)"),
        "leftover_deposits": N_("Riichi sticks left at the end"),
        "leftover_deposits.top": N_("Go to the top player"),
        "leftover_deposits.lost": N_("Are lost"),
        "chombo": N_("Chombo"),
        "chombo.mangan": N_("Paid like a mangan tsumo"),
        "chombo.deduction": N_("Deducted from the final score"),
        "chombo_points": N_("Chombo deduction (points)"),
        "draw_dealership": N_("Dealership after an exhaustive draw"),
        "draw_dealership.tenpai": N_("The dealer stays when tenpai"),
        "draw_dealership.french": N_("French homologated rule"),
        "west_extension": N_("West round while nobody reached the return line"),
        "dobon": N_("Dobon: a player below zero ends the game"),
        "dobon_points": N_("Dobon penalty (points)"),
        "open_tanyao": N_("All simples counts in an open hand"),
        "red_fives": N_("Red fives"),
    },
    presets={
        "ema": N_("EMA riichi rules (2016)"),
        "modern": N_("Modern league rules (Pantheon, WRC style)"),
    },
    # The final score (rounded points minus the return line, plus uma) and
    # the balance of points won and lost at the tables.
    scores={
        "table_points": N_("Final score (uma included)"),
        "score": N_("Point balance"),
    },
    sheet={
        "round_table_points": N_("R%(round)s final score"),
        "round_score": N_("R%(round)s point balance"),
        "fans": N_("Yaku"),
        "chart_title": N_("Cumulative final scores of the top %(count)s players"),
        "chart_y_axis": N_("Final score"),
    },
    stats={
        "items": N_("Yaku"),
        "declaration_rate": N_("Riichi rate"),
        "declared_win_rate": N_("Win rate after riichi"),
        "dealer_retention": N_("Dealer retention"),
        "points_won_average": N_("Average points won (wins)"),
        "points_lost_average": N_("Average points lost (deal-ins)"),
        "busts": N_("Busts (below zero)"),
    },
    counters={
        "honba": N_("Honba"),
        "deposits": N_("Riichi sticks on the table"),
    },
)
