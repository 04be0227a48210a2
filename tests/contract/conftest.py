"""The rule sets the contract tests run over: every registered one, and the
toy rule set of ``tests.contract.toy_ruleset``, registered (with its French
catalogue on ``LOCALE_PATHS``) only while a test uses it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.test import override_settings

from scoring.engine import rulesets
from scoring.engine.rulesets import list_rulesets
from tests.contract.toy_ruleset import LOCALE, TOY

#: Every code a contract test runs over.
CODES = [*list_rulesets(), TOY.code]


@contextmanager
def toy_registered() -> Iterator[None]:
    """The toy findable by its code, its French in the catalogue; both gone
    afterwards (the registry has no unregister: no rule set leaves a site)."""
    rulesets.register(TOY)
    try:
        locale_paths = [*settings.LOCALE_PATHS, str(LOCALE)]
        # A changed LOCALE_PATHS empties Django's translation caches, on the
        # way in and out (django.test.signals.language_changed).
        with override_settings(LOCALE_PATHS=locale_paths):
            yield
    finally:
        rulesets._registry.pop(TOY.code, None)


@pytest.fixture(params=CODES)
def ruleset_code(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each rule set's code in turn, the toy registered for its turn."""
    if request.param == TOY.code:
        with toy_registered():
            yield TOY.code
    else:
        yield request.param
