"""Reads for the organiser's round page whose cost does not grow with the
round: the summary of every table in one query, a page of tables, and the
versions its poll and its print page are cached by.

Each function runs a fixed number of queries, whatever the number of
tables (800 at 3,200 players).
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Count, Exists, F, Max, OuterRef, Q, Sum

from tournaments.models import Hand, Round, Seat

#: Tables per page of the round page (800 tables: 16 pages).
TABLES_PER_PAGE = 50


@dataclass(frozen=True)
class TablesSummary:
    """Every table of the round, counted by state, and a version that moves
    with anything the table list shows of them."""

    count: int
    closed: int
    playing: int
    version: str

    @property
    def waiting(self) -> int:
        return self.count - self.closed - self.playing


def tables_summary(round_: Round) -> TablesSummary:
    """Two aggregate queries, no table row loaded.

    The version: every write at a table bumps ``Table.version`` (hands,
    closing, reopening, corrections); a table's own extra minutes and a new
    table (a new seating) show in the sums; a swap moves registrations
    between seats (the sum of seat id times registration id moves with it).
    """
    has_hands = Exists(Hand.objects.filter(table=OuterRef("pk")))
    tables = round_.tables.annotate(has_hands=has_hands).aggregate(
        count=Count("id"),
        closed=Count("id", filter=Q(is_closed=True)),
        playing=Count("id", filter=Q(is_closed=False, has_hands=True)),
        versions=Sum("version"),
        extra=Sum("extra_minutes"),
        last=Max("id"),
    )
    seats = Seat.objects.filter(round=round_).aggregate(
        count=Count("id"), places=Sum(F("id") * F("registration_id"))
    )
    version = "-".join(
        str(part)
        for part in (
            tables["count"],
            tables["closed"],
            tables["versions"],
            tables["extra"],
            tables["last"],
            seats["count"],
            seats["places"],
        )
    )
    return TablesSummary(
        count=tables["count"],
        closed=tables["closed"],
        playing=tables["playing"],
        version=version,
    )


@dataclass(frozen=True)
class PageLink:
    number: int
    first_table: int
    last_table: int


@dataclass(frozen=True)
class TablesPage:
    """One page of the round's tables, by position in table-number order."""

    number: int
    pages: list[PageLink]
    positions: range
    wanted_table: int | None = None
    """The table asked for with "go to table", when the round has it."""

    @property
    def count(self) -> int:
        return len(self.pages)

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.count else None

    @classmethod
    def of(
        cls, query: Mapping[str, str], round_: Round, table_count: int
    ) -> TablesPage:
        """The page ``?page=`` names, or the one holding table ``?table=``
        (the nearest page when the round has no such table). One query (the
        table numbers) when the round needs more than one page."""
        if table_count <= TABLES_PER_PAGE:
            return cls(1, [], range(0, TABLES_PER_PAGE))
        numbers = list(
            round_.tables.order_by("number").values_list("number", flat=True)
        )
        pages = [
            PageLink(
                start // TABLES_PER_PAGE + 1,
                numbers[start],
                numbers[min(start + TABLES_PER_PAGE, len(numbers)) - 1],
            )
            for start in range(0, len(numbers), TABLES_PER_PAGE)
        ]
        wanted = _number(query.get("table"))
        if wanted is not None:
            position = min(bisect.bisect_left(numbers, wanted), len(numbers) - 1)
            number = position // TABLES_PER_PAGE + 1
            found = numbers[position] == wanted
            return cls(number, pages, _positions(number), wanted if found else None)
        number = min(max(_number(query.get("page")) or 1, 1), len(pages))
        return cls(number, pages, _positions(number))


def _positions(page: int) -> range:
    return range((page - 1) * TABLES_PER_PAGE, page * TABLES_PER_PAGE)


def _number(value: str | None) -> int | None:
    """A small positive whole number from the query string, else None."""
    if value is None or not (value.isascii() and value.isdigit()) or len(value) > 6:
        return None
    return int(value)


def seating_signature(round_: Round) -> str:
    """A digest of everything the print page shows of the round's tables:
    each seat's table, token, wind and player's name. One query."""
    rows = (
        Seat.objects.filter(round=round_)
        .order_by("table__number", "wind")
        .values_list(
            "table__number",
            "table__token",
            "wind",
            "registration__player__first_name",
            "registration__player__last_name",
        )
    )
    digest = hashlib.sha256()
    for row in rows:
        digest.update("\x1f".join(str(part) for part in row).encode())
        digest.update(b"\x1e")
    return digest.hexdigest()[:40]
