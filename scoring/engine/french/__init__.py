"""French classic rules, simple and advanced systems (french-classic.md).

Importing the package registers "french_simple" and "french_advanced". The
hand builder for a page or the tablet is ``score_hand`` (see ``score``).
"""

from scoring.engine.french.hand import HandSets, parse_hand, read_hand
from scoring.engine.french.options import FrenchOptions
from scoring.engine.french.results import FrenchResult, System, score_sheets
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
    "parse_hand",
    "read_hand",
    "score_hand",
    "score_sheets",
]
