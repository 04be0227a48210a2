"""Resolve the objects named in a URL and check what the user may do."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from rest_framework.exceptions import NotFound, PermissionDenied

from tournaments.models import Round, Table, Tournament
from tournaments.permissions import can_organise, can_referee, can_view
from tournaments.selectors.seating import with_seating_plan


def get_tournament(request: Any, slug: str, *, write: bool = False) -> Tournament:
    """The tournament, readable by this user; organisers only when ``write``."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not can_view(request.user, tournament):
        raise NotFound()
    if write and not can_organise(request.user, tournament):
        raise PermissionDenied()
    return tournament


#: What ``RoundOutput`` reads from each table and seat: prefetched, a round
#: costs the same few queries whatever its number of tables.
ROUND_TABLES_PREFETCH = (
    "tables__seats__registration__player",
    "tables__seats__result",
)


def get_round(request: Any, slug: str, number: int, *, write: bool = False) -> Round:
    tournament = get_tournament(request, slug, write=write)
    rounds = Round.objects.prefetch_related(*ROUND_TABLES_PREFETCH)
    return with_seating_plan(
        get_object_or_404(rounds, tournament=tournament, number=number)
    )


def get_table(request: Any, table_id: int, *, write: bool = False) -> Table:
    """The table; writing needs an organiser or a referee of its tournament."""
    table = get_object_or_404(
        Table.objects.select_related("round__tournament"), pk=table_id
    )
    tournament = table.round.tournament
    if not can_view(request.user, tournament):
        raise NotFound()
    if write and not can_referee(request.user, tournament):
        raise PermissionDenied()
    return table
