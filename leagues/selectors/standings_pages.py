"""A page of a league's standings, and a player's row found by name.

A federation's league ranks thousands of players: its page and its API
show a hundred rows at a time. Whoever looks for their own row types
their name and gets the rows that match, each with the page it sits on.
Pure list work over the cached standings (``get_league_page``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from tournaments.imports.names import name_key

ROWS_PER_PAGE = 100
FOUND_AT_MOST = 20
"""Rows shown for a name search (a common first name matches many)."""

Row = TypeVar("Row")


@dataclass(frozen=True)
class RowsPage(Generic[Row]):
    rows: Sequence[Row]
    number: int
    pages: int
    count: int

    @property
    def numbers(self) -> range:
        """Every page's number, for the page links."""
        return range(1, self.pages + 1)


def page_count(count: int, per_page: int = ROWS_PER_PAGE) -> int:
    return max(1, -(-count // per_page))


def page_of(
    rows: Sequence[Row], text: str | None, per_page: int = ROWS_PER_PAGE
) -> RowsPage[Row]:
    """The page ``text`` asks for (1 for anything but a page number, the
    last for a number past it)."""
    pages = page_count(len(rows), per_page)
    number = int(text) if text and text.isdigit() else 1
    number = min(max(number, 1), pages)
    start = (number - 1) * per_page
    return RowsPage(rows[start : start + per_page], number, pages, len(rows))


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
