"""Long lists shown a hundred rows at a time: a standings, the players of a
statistics page, a league's ranking. Pure list work: the page ``?p=`` (or
``?page=``) asks for, clamped to the pages there are."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

ROWS_PER_PAGE = 100

Row = TypeVar("Row")


@dataclass(frozen=True)
class RowsPage(Generic[Row]):
    rows: Sequence[Row]
    number: int
    pages: int
    count: int
    """Rows in the whole list."""

    @property
    def numbers(self) -> range:
        """Every page's number, for the page links."""
        return range(1, self.pages + 1)


def page_count(count: int, per_page: int = ROWS_PER_PAGE) -> int:
    return max(1, -(-count // per_page))


def page_number(text: str | None, pages: int) -> int:
    """The page ``text`` asks for: 1 for anything but a page number, the
    last for a number past it."""
    number = int(text) if text and text.isdigit() and len(text) < 9 else 1
    return min(max(number, 1), pages)


def page_of(
    rows: Sequence[Row], text: str | None, per_page: int = ROWS_PER_PAGE
) -> RowsPage[Row]:
    """The page of ``rows`` that ``text`` asks for."""
    pages = page_count(len(rows), per_page)
    number = page_number(text, pages)
    start = (number - 1) * per_page
    return RowsPage(rows[start : start + per_page], number, pages, len(rows))
