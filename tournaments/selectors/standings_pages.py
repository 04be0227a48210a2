"""A page of a tournament's standings, or the players a search finds.

At 3,200 players the whole table was 1.6 MB of HTML and 1.3 s of CPU to
build and render after each closed table. The page shows a hundred rows at
a time; the ranking behind it is the cached one (``get_live_ranking``:
ids and numbers), and only the rows shown are read with their player,
club and sessions (two queries whatever the event's size).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.imports.names import full_name_key, name_key
from tournaments.models import Tournament
from tournaments.selectors.room import get_live_ranking
from tournaments.selectors.row_pages import ROWS_PER_PAGE, page_count, page_number
from tournaments.selectors.standings import RankedEntry, StandingRow, standing_rows

FOUND_AT_MOST = ROWS_PER_PAGE
"""Rows shown for a search (a common first name matches many)."""
QUERY_MAX_LENGTH = 80
MAX_PAGES = 1000
"""Pages any event may have (100,000 players): bounds the page numbers the
shared cache keeps a table for."""


@dataclass(frozen=True)
class StandingsPage:
    """The rows of one page (or of a search), and where they sit."""

    rows: list[StandingRow]
    number: int
    pages: int
    count: int
    """Players ranked in the whole event."""
    query: str
    found: int
    """Players the search matched (shown: at most ``FOUND_AT_MOST``)."""
    playing: frozenset[int]
    playing_count: int
    per_page: int

    @property
    def numbers(self) -> range:
        """Every page's number, for the page links."""
        return range(1, self.pages + 1)

    @property
    def first_position(self) -> int:
        """The position in the ranking of the page's first row (from 1)."""
        return (self.number - 1) * self.per_page + 1


def clean_query(text: str | None) -> str:
    return (text or "").strip()[:QUERY_MAX_LENGTH]


def get_standings_page(
    tournament: Tournament,
    *,
    version: str | None = None,
    page: str | None = None,
    query: str = "",
    per_page: int | None = None,
) -> StandingsPage:
    """Page ``page`` of the standings, or the rows ``query`` finds (a
    player's number, or part of a name without case or accents).

    Queries: the ranking's (none when cached), a search's one, and two for
    the rows shown.
    """
    per_page = per_page or ROWS_PER_PAGE
    ranking, playing = get_live_ranking(tournament, version)
    entries: Sequence[RankedEntry] = ranking.entries
    pages = page_count(len(entries), per_page)
    number = page_number(page, pages)
    query = clean_query(query)
    found = 0
    if query:
        matches = find_registrations(tournament, query)
        entries = [entry for entry in entries if entry.registration_id in matches]
        found = len(entries)
        entries = entries[:FOUND_AT_MOST]
        number = 1
    else:
        start = (number - 1) * per_page
        entries = entries[start : start + per_page]
    ranked_playing = [pk for pk in playing if ranking.entry_of(pk) is not None]
    return StandingsPage(
        rows=standing_rows(tournament, entries),
        number=number,
        pages=pages,
        count=len(ranking),
        query=query,
        found=found,
        playing=playing,
        playing_count=len(ranked_playing),
        per_page=per_page,
    )


def find_registrations(tournament: Tournament, query: str) -> set[int]:
    """The registration numbered ``query`` (digits), or those whose name
    holds it (without case, accents or spacing differences). One query: the
    accents are compared in Python, as on the league's page, the same on
    SQLite and PostgreSQL."""
    registrations = tournament.registrations.order_by()
    if query.isdigit():
        if len(query) > 9:
            return set()
        return set(registrations.filter(number=int(query)).values_list("pk", flat=True))
    needle = name_key(query)
    if not needle:
        return set()
    names = registrations.values_list("pk", "player__first_name", "player__last_name")
    return {pk for pk, first, last in names if needle in full_name_key(first, last)}
