"""Public pages: the list of public tournaments, standings, a round's tables.

A private tournament is a 404 for anyone who may not view it. The standings
and round pages poll their content partial; ``LiveMixin`` answers 304 while
nothing changed.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.gzip import gzip_page

from scoring.messages import score_words
from tournaments.display import format_points
from tournaments.models import Round
from tournaments.selectors.room import get_live_standings, list_public_tournaments
from tournaments.selectors.table_state import seat_cells
from tournaments.selectors.tables import list_round_tables
from tournaments.views.live import LiveMixin
from tournaments.views.mixins import TournamentMixin


@method_decorator(gzip_page, name="dispatch")
class HomeView(View):
    def get(self, request: HttpRequest) -> HttpResponse:
        return render(
            request,
            "tournaments/public/home.html",
            {"tournaments": list_public_tournaments()},
        )


def standing_rows(
    standings: Any, playing: set[int] | frozenset[int] = frozenset()
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
                for n in standings.round_numbers
            ],
        }
        for row in standings.rows
    ]


def standings_context(tournament: Any, version: str | None = None) -> dict[str, Any]:
    """The ranked rows, who is still playing, and the rounds for the links.

    ``version`` is the standings' version when the caller has it already; the
    standings come from the cache while it does not change.
    """
    standings, playing = get_live_standings(tournament, version)
    rows = standing_rows(standings, playing)
    return {
        "tournament": tournament,
        "rows": rows,
        "playing_count": sum(1 for row in rows if row["playing"]),
        "round_numbers": standings.round_numbers,
        "rounds": tournament.rounds.order_by("number"),
        "score_words": score_words(tournament.ruleset),
    }


class StandingsView(TournamentMixin, LiveMixin, View):
    """Polled by htmx every 30 seconds; the poll gets the table alone.

    The page embeds the table the polls share (``cached_partial``): 400
    phones opening it render the 400 rows once.
    """

    standings_only = True
    partial = "tournaments/public/_standings_table.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        if getattr(request, "htmx", False):
            return render(request, self.partial, self.table_context())
        context = {
            "tournament": self.tournament,
            "rounds": self.tournament.rounds.order_by("number"),
            "standings_table": self.cached_partial(self.partial, self.table_context),
        }
        return render(request, "tournaments/public/standings.html", context)

    def table_context(self) -> dict[str, Any]:
        return {
            **standings_context(self.tournament, self.room_version),
            **self.live_context(),
        }


class RoundTablesView(TournamentMixin, LiveMixin, View):
    """A round's tables; polled like the standings.

    The page embeds the table list the polls share (``cached_partial``):
    the room opening "where do I sit" renders the 800 tables once per
    change, not once per phone.
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
        tables = [
            {"table": table, "seats": seat_cells(table)}
            for table in list_round_tables(round_)
        ]
        return {
            "tournament": self.tournament,
            "round": round_,
            "tables": tables,
            **self.live_context(),
        }
