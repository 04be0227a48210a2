"""Chinese Official rules (MCR). Importing the package registers "mcr"."""

from scoring.engine.mcr.ruleset import MCR, McrRuleSet

__all__ = ["MCR", "McrRuleSet"]
