"""The standings workbook reads in as many queries at 24 players as at 8
(issue 31, item 4): every sheet is one query or a few, whatever the number
of players, tables and hands."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.integration.room_data import room_event
from tournaments.services.exports import build_export

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def queries(tournament) -> int:
    with CaptureQueriesContext(connection) as captured:
        build_export(tournament=tournament, kind="xlsx", language="en")
    return len(captured)


def test_the_query_count_does_not_grow_with_the_event():
    cache.clear()
    small, _ = room_event(8)
    large, _ = room_event(24)
    cold = queries(small), queries(large)
    warm = queries(small), queries(large)
    assert cold[0] == cold[1]
    assert warm[0] == warm[1]
    # The second build reads the statistics back from the cache.
    assert warm[0] < cold[0]
