"""The start-up check of the rule-set registry (a Django system check).

Every registered rule set is checked against ``BaseRuleSet``: what it lacks
(its code, its words for an input, a setting, a preset...) is named, one
error per rule set, so a rule set never reaches a page half-described.
"""

from __future__ import annotations

from typing import Any

from django.core.checks import Error, register

from scoring.engine.rulesets import get_ruleset, list_rulesets, ruleset_problems


@register()
def check_rulesets(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    """One error per incomplete rule set, naming what is missing."""
    errors = []
    for code in list_rulesets():
        problems = ruleset_problems(get_ruleset(code))
        if problems:
            errors.append(
                Error(
                    f"The rule set {code!r} is incomplete: {'; '.join(problems)}.",
                    hint="See BaseRuleSet and RuleSetWords in scoring/engine.",
                    id="scoring.E001",
                )
            )
    return errors
