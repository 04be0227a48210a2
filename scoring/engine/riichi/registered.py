"""Importing this module registers the riichi rule set.

It is in ``rulesets.BUILTIN_MODULES``: the registry imports it on the first
lookup, so a tournament may choose riichi.
"""

from __future__ import annotations

from scoring.engine.riichi.ruleset import RIICHI
from scoring.engine.rulesets import register

register(RIICHI)

__all__ = ["RIICHI"]
