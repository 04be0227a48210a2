"""Tournament.uid's migrations give every existing event its own identity
(a plain AddField with a default would give them all the same one)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.db_sensitive

BEFORE = [("tournaments", "0009_orderings_without_joins")]
AFTER = [("tournaments", "0012_tournament_uid_unique")]


@pytest.mark.django_db(transaction=True)
def test_existing_events_get_distinct_uids():
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        tournament = old.get_model("tournaments", "Tournament")
        for number in range(3):
            tournament.objects.create(slug=f"old-{number}", name=f"Old {number}")
        executor.loader.build_graph()
        executor.migrate(AFTER)
        new = executor.loader.project_state(AFTER).apps
        uids = list(
            new.get_model("tournaments", "Tournament").objects.values_list(
                "uid", flat=True
            )
        )
        assert len(uids) == 3 and None not in uids
        assert len(set(uids)) == 3
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
