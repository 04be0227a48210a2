"""The PostgreSQL pass runs only the tests whose answer may depend on the
database engine (``make test-postgres``: markers ``postgres`` and
``db_sensitive``). A test file that counts queries, races threads against
the database or checks column limits must say so, or PostgreSQL would
never see it."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
DATABASE_TESTS = [TESTS / "integration", TESTS / "api"]
#: What makes a test's answer depend on the engine.
ENGINE_SIGNS = re.compile(
    r"django_assert_num_queries|django_assert_max_num_queries|CaptureQueriesContext"
    r"|threading\.Thread|ThreadPoolExecutor|IntegrityError|max_length"
    r"|select_for_update"
)
#: Where the test says which pass it belongs to.
PASS_MARKERS = re.compile(
    r"pytest\.mark\.(db_sensitive|postgres|own_sqlite|celery_worker|faults)"
)


def test_every_engine_dependent_test_file_runs_on_postgresql():
    unmarked = [
        str(path.relative_to(TESTS))
        for folder in DATABASE_TESTS
        for path in sorted(folder.rglob("test_*.py"))
        if ENGINE_SIGNS.search(text := path.read_text())
        and not PASS_MARKERS.search(text)
    ]
    assert unmarked == []


def test_the_guard_sees_an_unmarked_query_count():
    text = "def test_x(django_assert_num_queries):\n    pass\n"
    assert ENGINE_SIGNS.search(text) and not PASS_MARKERS.search(text)
