"""Keep the rule-set registry as the rest of the suite expects it.

The French and encyclopaedia packages register their rule sets on import,
but what a tournament may choose is ``rulesets.BUILTIN_MODULES`` (MCR and
riichi until the Django layer carries the others), and ``test_rulesets`` checks
that list. Test modules here import the packages at collection time, so the
conftests take the codes out again at once; ``registered`` puts them back
for the one test that looks them up.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import scoring.engine.encyclopaedia as encyclopaedia
import scoring.engine.french as french
from scoring.engine import rulesets

RULESETS = (french.FRENCH_SIMPLE, french.FRENCH_ADVANCED, encyclopaedia.ENCYCLOPAEDIA)


def unregister() -> None:
    for ruleset in RULESETS:
        rulesets._registry.pop(ruleset.code, None)


@contextmanager
def registered() -> Iterator[None]:
    for ruleset in RULESETS:
        rulesets.register(ruleset)
    try:
        yield
    finally:
        unregister()
