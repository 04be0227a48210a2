"""The league pages cache by data version (audit ids); a test's rolled-back
ids are handed out again in the next test, so every test starts with an
empty cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()
