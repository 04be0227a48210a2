"""Public pages: the list of public tournaments, standings, a round's tables.

A private tournament is a 404 for anyone who may not view it. The standings
and round pages poll their content partial; ``LiveMixin`` answers 304 while
nothing changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.gzip import gzip_page

from scoring.messages import score_words
from tournaments.display import format_points
from tournaments.models import Round
from tournaments.selectors.room import get_live_standings, list_public_tournaments
from tournaments.selectors.row_pages import page_number
from tournaments.selectors.standings import StandingRow
from tournaments.selectors.standings_pages import (
    MAX_PAGES,
    clean_query,
    get_standings_page,
)
from tournaments.views.live import LiveMixin
from tournaments.views.mixins import TournamentMixin
from tournaments.views.round_cards import round_table_cards


@method_decorator(gzip_page, name="dispatch")
class HomeView(View):
    def get(self, request: HttpRequest) -> HttpResponse:
        return render(
            request,
            "tournaments/public/home.html",
            {"tournaments": list_public_tournaments()},
        )


def standing_rows(
    rows: Sequence[StandingRow],
    round_numbers: Sequence[int],
    playing: set[int] | frozenset[int] = frozenset(),
) -> list[dict[str, Any]]:
    """Rows with shared ranks marked "2=" and table points written exactly.

    ``playing`` holds the registrations whose current session is not counted
    yet (their table is still open).
    """
    return [
        {
            "rank": f"{row.rank}=" if row.shared else str(row.rank),
            "player": row.player,
            "number": row.registration.number,
            "playing": row.registration.pk in playing,
            "table_points": format_points(row.table_points),
            "score": row.score,
            "places": row.places,
            "rounds": [
                format_points(row.rounds[n].table_points) if n in row.rounds else ""
                for n in round_numbers
            ],
        }
        for row in rows
    ]


def standings_context(tournament: Any, version: str | None = None) -> dict[str, Any]:
    """Every ranked row, who is still playing, and the rounds for the links
    (the projector's board, which scrolls through the whole list).

    ``version`` is the standings' version when the caller has it already; the
    ranking comes from the cache while it does not change.
    """
    standings, playing = get_live_standings(tournament, version)
    rows = standing_rows(standings.rows, standings.round_numbers, playing)
    return {
        "tournament": tournament,
        "rows": rows,
        "playing_count": sum(1 for row in rows if row["playing"]),
        "round_numbers": standings.round_numbers,
        "rounds": tournament.rounds.order_by("number"),
        "score_words": score_words(tournament.ruleset),
    }


def standings_page_context(
    tournament: Any, version: str | None, page: str | None, query: str
) -> dict[str, Any]:
    """One page of the standings (or a search's rows): only the rows shown
    are read and rendered."""
    shown = get_standings_page(tournament, version=version, page=page, query=query)
    round_numbers = list(range(1, tournament.rounds_count + 1))
    return {
        "tournament": tournament,
        "page": shown,
        "rows": standing_rows(shown.rows, round_numbers, shown.playing),
        "playing_count": shown.playing_count,
        "round_numbers": round_numbers,
        "poll_query": _page_query(shown.number, shown.query),
        "score_words": score_words(tournament.ruleset),
    }


def _page_query(number: int, query: str) -> str:
    """The query string that asks for this page again (the poll's)."""
    if query:
        return "?" + urlencode({"q": query})
    return f"?page={number}" if number > 1 else ""


class StandingsView(TournamentMixin, LiveMixin, View):
    """A hundred rows a page, or the rows a search finds; polled by htmx
    every 30 seconds, the poll gets the table alone.

    The page embeds the table the polls share (``cached_partial``): 400
    phones opening it render the rows once. A search's rows are the
    searcher's own: rendered for them, not kept in the shared cache.
    """

    standings_only = True
    partial = "tournaments/public/_standings_table.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        if getattr(request, "htmx", False):
            return render(request, self.partial, self.table_context())
        if self.shares_partial():
            table = self.cached_partial(self.partial, self.table_context)
        else:
            table = render_to_string(self.partial, self.table_context(), request)
        context = {
            "tournament": self.tournament,
            "rounds": self.tournament.rounds.order_by("number"),
            "query": self.query,
            "standings_table": table,
        }
        return render(request, "tournaments/public/standings.html", context)

    @property
    def query(self) -> str:
        return clean_query(self.request.GET.get("q"))

    def live_variant(self) -> str:
        # Bounded: a page past the last is the last page's bytes, under one
        # of at most MAX_PAGES keys (not one per number a visitor types).
        page = page_number(self.request.GET.get("page"), MAX_PAGES)
        return f"page={page}|q={self.query}"

    def shares_partial(self) -> bool:
        return not self.query

    def table_context(self) -> dict[str, Any]:
        return {
            **standings_page_context(
                self.tournament,
                self.room_version,
                self.request.GET.get("page"),
                self.query,
            ),
            **self.live_context(),
        }


class RoundTablesView(TournamentMixin, LiveMixin, View):
    """A round's tables; polled like the standings.

    The page embeds the table list the polls share (``cached_partial``):
    the room opening "where do I sit" builds the list once per change, not
    once per phone; and a change redraws only the tables that changed
    (``round_table_cards``).
    """

    partial = "tournaments/public/_round_tables.html"

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        if getattr(request, "htmx", False):
            return render(request, self.partial, self.tables_context(round_))
        context = {
            "tournament": self.tournament,
            "round": round_,
            "round_tables": self.cached_partial(
                self.partial, lambda: self.tables_context(round_)
            ),
        }
        return render(request, "tournaments/public/round.html", context)

    def tables_context(self, round_: Round) -> dict[str, Any]:
        return {
            "tournament": self.tournament,
            "round": round_,
            "cards": round_table_cards(self.tournament, round_),
            **self.live_context(),
        }
