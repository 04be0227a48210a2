"""A page of a league's standings, and a player's row found by name.

A federation's league ranks thousands of players: its page and its API
show a hundred rows at a time. Whoever looks for their own row types
their name and gets the rows that match, each with the page it sits on.
Pure list work over the cached standings (``get_league_page``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic

from tournaments.imports.names import name_key
from tournaments.selectors.row_pages import ROWS_PER_PAGE, Row

FOUND_AT_MOST = 20
"""Rows shown for a name search (a common first name matches many)."""


@dataclass(frozen=True)
class FoundRow(Generic[Row]):
    row: Row
    page: int


def find_rows(
    rows: Sequence[Row],
    query: str,
    name_of,
    per_page: int = ROWS_PER_PAGE,
    at_most: int = FOUND_AT_MOST,
) -> list[FoundRow[Row]]:
    """The rows whose name holds ``query`` (without case, accents or
    spacing differences), each with its page, best ranked first."""
    needle = name_key(query)
    if not needle:
        return []
    found = []
    for index, row in enumerate(rows):
        if needle in name_key(name_of(row)):
            found.append(FoundRow(row, index // per_page + 1))
            if len(found) == at_most:
                break
    return found
