"""Importing this module registers the riichi rule set.

Add ``"scoring.engine.riichi.registered"`` to ``rulesets.BUILTIN_MODULES``
once the Django side carries riichi; tests import ``RIICHI`` directly.
"""

from __future__ import annotations

from scoring.engine.riichi.ruleset import RIICHI
from scoring.engine.rulesets import register

register(RIICHI)

__all__ = ["RIICHI"]
