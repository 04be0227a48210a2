"""Seeding a first round from ratings, pure: a ranked list in, tables out.

Players are cut into four bands by rating (the strongest quarter, the next,
...) and each table takes one player of each band, snaking so that the table
with the strongest of band one gets the weakest of band two: every table is
about as strong as the others, and the strongest players do not meet in the
first round. Each table lists its players strongest first (East first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .errors import LeagueError

P = TypeVar("P")


def balanced_tables(ranked: Sequence[P]) -> list[list[P]]:
    """``ranked`` (best first) as tables of four, one player of each band."""
    if not ranked or len(ranked) % 4:
        raise LeagueError("seeding_needs_fours", players=len(ranked))
    count = len(ranked) // 4
    tables: list[list[P]] = [[] for _ in range(count)]
    for band in range(4):
        members = ranked[band * count : (band + 1) * count]
        if band % 2:
            members = list(reversed(members))
        for table, player in zip(tables, members, strict=True):
            table.append(player)
    return tables
