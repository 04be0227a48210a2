"""Row locks in the terms of docs/locking.md, for every service that writes.

``lock_rows`` is the one way a service locks rows (its own app's or, for the
leagues, theirs); ``lock_tournament`` is the first level of the order, for a
service above tournaments that writes a tournament's rows (a league's teams).
The table-level steps (``lock_round``, ``lock_table``) stay in
``services.tables`` with the rest of a write at a table.
"""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Model, QuerySet

from tournaments.models import Tournament

M = TypeVar("M", bound=Model)


def lock_rows(rows: QuerySet[M]) -> QuerySet[M]:
    """``rows`` locked for writing when evaluated, in primary-key order.

    ``FOR NO KEY UPDATE``: no primary key ever changes, and the weaker lock
    lets inserts that reference the row (audit events, hands) through. ``OF
    self``: a ``select_related`` join reads its rows without locking them.
    Precondition: inside ``transaction.atomic``.
    """
    return rows.select_for_update(no_key=True, of=("self",)).order_by("pk")


def lock_tournament(tournament_id: int) -> Tournament:
    """The tournament row, locked (the first level of the lock order).
    Precondition: inside ``transaction.atomic``, nothing of the tournament
    locked yet."""
    return lock_rows(Tournament.objects.filter(pk=tournament_id)).get()
