"""Public pages: the list of public tournaments, standings, a round's tables.

A private tournament is a 404 for anyone who may not view it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View

from tournaments.selectors import (
    get_standings,
    list_public_tournaments,
    list_round_tables,
)
from tournaments.views.display import format_points
from tournaments.views.mixins import TournamentMixin, render_page
from tournaments.views.table_state import seat_cells


class HomeView(View):
    def get(self, request: HttpRequest) -> HttpResponse:
        return render(
            request,
            "tournaments/public/home.html",
            {"tournaments": list_public_tournaments()},
        )


def standing_rows(standings: Any) -> list[dict[str, Any]]:
    """Rows with shared ranks marked "2=" and table points written exactly."""
    return [
        {
            "rank": f"{row.rank}=" if row.shared else str(row.rank),
            "player": row.player,
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


class StandingsView(TournamentMixin, View):
    """Polled by htmx every 30 seconds; the poll gets the table alone."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        standings = get_standings(self.tournament)
        context = {
            "tournament": self.tournament,
            "rows": standing_rows(standings),
            "round_numbers": standings.round_numbers,
            "rounds": self.tournament.rounds.order_by("number"),
        }
        return render_page(
            request,
            "tournaments/public/standings.html",
            "tournaments/public/_standings_table.html",
            context,
        )


class RoundTablesView(TournamentMixin, View):
    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        tables = [
            {
                "table": table,
                "seats": seat_cells(table),
            }
            for table in list_round_tables(round_)
        ]
        return render(
            request,
            "tournaments/public/round.html",
            {"tournament": self.tournament, "round": round_, "tables": tables},
        )
