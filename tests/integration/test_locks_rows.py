"""Each lock takes only the rows it means (PostgreSQL): while one request
holds a table, its round, its tournament and the other tables stay free."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.db import DatabaseError, connection, transaction

from tests.factories import player_ids, seated_table
from tests.integration.race_helpers import (
    SAFETY_BOUND_S,
    postgres_only,  # noqa: F401 - fixture
)
from tournaments.models import Round, Table, Tournament
from tournaments.services import hands
from tournaments.services.tables import lock_table

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("postgres_only"),
]


@contextmanager
def held(take_locks: Callable[[], object]) -> Iterator[None]:
    """Another connection runs ``take_locks`` in a transaction and keeps it
    open until the block ends."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                take_locks()
                locked.set()
                release.wait(SAFETY_BOUND_S)
        finally:
            connection.close()

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert locked.wait(SAFETY_BOUND_S)
        yield
    finally:
        release.set()
        thread.join(SAFETY_BOUND_S)


def free(model, pk: int) -> bool:
    """Whether the row can be locked at once (NOWAIT: no waiting, no timing)."""
    try:
        with transaction.atomic():
            model.objects.select_for_update(nowait=True).get(pk=pk)
    except DatabaseError:
        return False
    return True


def test_a_table_lock_leaves_round_tournament_and_other_tables_free(tournament):
    """lock_table locks the table row only."""
    table = seated_table(tournament)
    other = seated_table(tournament)
    with held(lambda: lock_table(table.pk)):
        assert not free(Table, table.pk)
        assert free(Table, other.pk)
        assert free(Round, table.round_id)
        assert free(Tournament, tournament.pk)


def test_a_hand_is_stored_while_another_table_is_held(tournament, organiser):
    """A hand at one table goes through while another table's write is in
    progress in the same (playing) round."""
    table = seated_table(tournament)
    other = seated_table(tournament)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    a, b, _c, _d = player_ids(other)
    result = {"kind": "discard", "winner": a, "discarder": b, "fan_total": 8}
    with held(lambda: lock_table(table.pk)), transaction.atomic():
        with connection.cursor() as cursor:
            # Waiting for the held table would fail, not hang: the holder
            # keeps its lock until this block ends, however long it takes.
            cursor.execute("SET LOCAL lock_timeout = '5s'")
        hand, created = hands.record_hand(
            table_id=other.pk, result=result, actor=organiser
        )
    assert created
    assert hand.number == 1
