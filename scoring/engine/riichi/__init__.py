"""Japanese riichi rules (riichi.md). Importing the package registers nothing:
see ``scoring.engine.riichi.registered``."""

from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.riichi.results import RiichiResult
from scoring.engine.riichi.ruleset import RIICHI, RiichiRuleSet

__all__ = ["RIICHI", "RiichiOptions", "RiichiResult", "RiichiRuleSet"]
