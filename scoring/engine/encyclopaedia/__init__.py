"""Encyclopaedia family scoring (encyclopaedia.md).

Importing the package registers "encyclopaedia". The hand builder is
``score_hand`` (see ``score``).
"""

from scoring.engine.encyclopaedia.results import FamilyResult
from scoring.engine.encyclopaedia.ruleset import (
    FamilyOptions,
    FamilyRuleSet,
    FamilyRuleSetT,
)
from scoring.engine.encyclopaedia.score import (
    FamilyHand,
    FamilyScore,
    parse_hand,
    read_hand,
    score_hand,
)
from scoring.engine.rulesets import register

ENCYCLOPAEDIA: FamilyRuleSetT = register(FamilyRuleSet())

__all__ = [
    "ENCYCLOPAEDIA",
    "FamilyHand",
    "FamilyOptions",
    "FamilyResult",
    "FamilyRuleSet",
    "FamilyScore",
    "parse_hand",
    "read_hand",
    "score_hand",
]
