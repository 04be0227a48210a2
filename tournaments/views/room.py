"""The room's pages: a page per player and the projector boards.

Like the standings, each page polls its content partial and gets a 304 while
nothing changed (``LiveMixin``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views import View

from scoring.messages import score_words
from tournaments.display import format_points
from tournaments.models import Registration
from tournaments.selectors.clock import get_current_round
from tournaments.selectors.room import (
    PlayerRecord,
    get_live_ranking,
    get_player_record,
    get_standings_version,
    list_round_sitters,
)
from tournaments.selectors.stats_pages import get_player_section
from tournaments.views.live import LiveMixin
from tournaments.views.mixins import TournamentMixin, render_page
from tournaments.views.public import standings_context


def player_rounds(record: PlayerRecord) -> list[dict[str, Any]]:
    """One row per session, table points written exactly once closed."""
    rows = []
    for entry in record.rounds:
        result = entry.result
        points = entry.table_points
        rows.append(
            {
                "round": entry.seat.round,
                "table": entry.seat.table,
                "seat": entry.seat,
                "opponents": entry.opponents,
                "is_closed": entry.is_closed,
                "is_playing": entry.is_playing,
                "score": result.score if result else None,
                "rank": result.rank if result and entry.is_closed else None,
                "table_points": format_points(points) if points is not None else "",
            }
        )
    return rows


def chart_data(record: PlayerRecord) -> dict[str, Any]:
    """Table points per closed session and their running total, for Chart.js.

    Numbers go to the chart as decimals (it draws, nothing is added up there);
    the exact values ride along as text for the tooltips.
    """
    labels, per_round, per_round_text, total, total_text = [], [], [], [], []
    running = Fraction(0)
    for entry in record.rounds:
        points = entry.table_points
        if points is None:
            continue
        running += points
        labels.append(gettext("Round %(number)d") % {"number": entry.seat.round.number})
        per_round.append(round(float(points), 3))
        per_round_text.append(format_points(points))
        total.append(round(float(running), 3))
        total_text.append(format_points(running))
    return {
        "labels": labels,
        "per_round": per_round,
        "per_round_text": per_round_text,
        "total": total,
        "total_text": total_text,
        "per_round_label": gettext("Table points of the round"),
        "total_label": gettext("Table points in total"),
    }


def _rank_text(standing: Any) -> str:
    """ "2=" for a shared rank, "" for a player who does not rank."""
    if standing is None:
        return ""
    return f"{standing.rank}=" if standing.shared else str(standing.rank)


class PlayerView(TournamentMixin, LiveMixin, View):
    """/t/<slug>/players/<number>/: one player's sessions, totals and chart."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        try:
            version = get_standings_version(self.tournament)
            ranking, _ = get_live_ranking(self.tournament, version)
            record = get_player_record(self.tournament, number, ranking)
        except Registration.DoesNotExist:
            raise Http404 from None
        # The statistics are the full page's only: the polled partial
        # refreshes the sessions, not them.
        statistics = None
        if not getattr(request, "htmx", False):
            statistics = get_player_section(
                self.tournament, record.registration.player_id, version
            )
        standing = record.standing
        context = {
            "tournament": self.tournament,
            "record": record,
            "player": record.registration.player,
            "rows": player_rounds(record),
            "rank": _rank_text(standing),
            "table_points": format_points(standing.table_points) if standing else "",
            "score": standing.score if standing else None,
            "chart": chart_data(record),
            "score_words": score_words(self.tournament.ruleset),
            "statistics": statistics,
            **self.live_context(),
        }
        return render_page(
            request,
            "tournaments/public/player.html",
            "tournaments/public/_player.html",
            context,
        )


def board_columns(count: int, wide_rows: bool = False) -> int:
    """Columns of rows on a 1080p projector, in large type.

    Seating rows (name, table, wind) need more width than standings rows:
    they stay in two columns longer so that names are not cut.
    """
    if count <= 12:
        return 1
    if count <= (120 if wide_rows else 36):
        return 2
    return 3


class ProjectorStandingsView(TournamentMixin, LiveMixin, View):
    """The standings in large type, in columns, scrolling by themselves."""

    standings_only = True

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        context = {
            **standings_context(self.tournament, self.room_version),
            **self.live_context(projector=True),
        }
        context["columns"] = board_columns(len(context["rows"]))
        context["column_range"] = range(context["columns"])
        context["seated_round"] = _latest_seated_round(context["rounds"])
        context["clock_round"] = get_current_round(self.tournament)
        return render_page(
            request,
            "tournaments/public/projector_standings.html",
            "tournaments/public/_projector_standings.html",
            context,
        )


def _latest_seated_round(rounds: Any) -> Any:
    """The round a "where do I sit?" link should show: the last one seated."""
    seated = [r for r in rounds if r.status != r.Status.PLANNED]
    return seated[-1] if seated else None


class ProjectorSeatingView(TournamentMixin, LiveMixin, View):
    """The "where do I sit?" board: players alphabetically, table and wind."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        sitters = list_round_sitters(round_)
        context = {
            "tournament": self.tournament,
            "round": round_,
            "sitters": sitters,
            "columns": board_columns(len(sitters), wide_rows=True),
            # The clock of the round being played, whichever round is seated.
            "clock_round": get_current_round(self.tournament),
            **self.live_context(projector=True),
        }
        return render_page(
            request,
            "tournaments/public/projector_seating.html",
            "tournaments/public/_projector_seating.html",
            context,
        )
