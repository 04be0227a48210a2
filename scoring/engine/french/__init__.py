"""French classic rules, simple and advanced systems (french-classic.md).

Importing the package registers "french_simple" and "french_advanced".

The hand builder, for a page that shows each player's "added points,
doubles, total" while the hand is entered::

    hand = read_hand({"sets": [...], "flowers": [1], "seasons": []})
    context = hand_context(deal, seat, options, ruleset.system,
                           dominant_wind=Wind.SOUTH, mahjong=False)
    score_hand(hand, context).to_dict()
    # {"additions": [{"code": "set", "points": 4, "set": {...}}, ...],
    #  "doublings": [{"code": "dominant_wind", "factor": 2, ...}, ...],
    #  "added": 28, "doubles": 1, "raw": 56, "points": 56, ...}

``read_hand`` accepts an unfinished hand; ``parse_hand`` and the rule set's
``parse_result`` check a finished one. ``score_sheets`` itemises the four
hands of a stored result.
"""

from scoring.engine.french.hand import HandSets, parse_hand, read_hand
from scoring.engine.french.options import FrenchOptions
from scoring.engine.french.results import (
    FrenchResult,
    System,
    hand_context,
    score_sheets,
)
from scoring.engine.french.ruleset import FrenchRuleSet, FrenchRuleSetT
from scoring.engine.french.score import HandContext, HandScore, score_hand
from scoring.engine.rulesets import register

FRENCH_SIMPLE: FrenchRuleSetT = register(FrenchRuleSet(System.SIMPLE))
FRENCH_ADVANCED: FrenchRuleSetT = register(FrenchRuleSet(System.ADVANCED))

__all__ = [
    "FRENCH_ADVANCED",
    "FRENCH_SIMPLE",
    "FrenchOptions",
    "FrenchResult",
    "FrenchRuleSet",
    "HandContext",
    "HandScore",
    "HandSets",
    "System",
    "hand_context",
    "parse_hand",
    "read_hand",
    "score_hand",
    "score_sheets",
]
