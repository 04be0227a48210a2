"""A table's rows come in their default order without joining the round and
the tournament: ordering by a relation would pull in the related model's own
ordering (round, then tournament), and the room reads these rows with every
hand entered."""

from __future__ import annotations

import pytest

from tournaments.models import Hand, Penalty, Seat, Table


@pytest.mark.parametrize("model", [Seat, Hand, Penalty])
def test_a_tables_rows_are_read_without_a_join(model):
    sql = str(model.objects.filter(table_id=1).query)
    assert "JOIN" not in sql
    assert 'ORDER BY "tournaments_' in sql


def test_a_rounds_tables_are_read_without_a_join():
    sql = str(Table.objects.filter(round_id=1).query)
    assert "JOIN" not in sql
    assert "tournaments_tournament" not in sql
