"""Everyone's league pages: standings, events, the workbook, the EMA
ranking, the ratings of the league's players and its statistics."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.http import content_disposition_header
from django.views import View

from leagues.models import LeagueExport
from leagues.selectors.ranking import get_league_ema_ranking, list_league_ratings
from leagues.selectors.standings import get_league_page, list_public_leagues
from leagues.selectors.standings_pages import find_rows
from leagues.selectors.stats_pages import get_league_stats_page
from leagues.selectors.visibility import audience_of
from leagues.services import exports
from leagues.views.mixins import LeagueMixin
from scoring.messages import ruleset_label
from tournaments.selectors.row_pages import page_of
from tournaments.services.exports import supported_language

EVENTS_PER_PAGE = 30
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class LeagueListView(View):
    """Every public league, the current seasons first."""

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(
            request, "leagues/public/leagues.html", {"leagues": list_public_leagues()}
        )


class LeagueView(LeagueMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        standings = get_league_page(self.league, audience=audience_of(request.user))
        # The latest events first, a page at a time (a season of weekly
        # nights is dozens of rows; five seasons, hundreds).
        events = Paginator(standings.events[::-1], EVENTS_PER_PAGE).get_page(
            request.GET.get("page")
        )
        # A hundred rows at a time (a federation ranks thousands); a
        # player finds their own row by name, with the page it is on.
        query = request.GET.get("q", "").strip()[:80]
        context = {
            "league": self.league,
            "standings": standings,
            "rows": page_of(standings.rows, request.GET.get("p")),
            "query": query,
            "found": find_rows(standings.rows, query, lambda row: row.player.name),
            "events": events,
        }
        return render(request, "leagues/public/league.html", context)


class LeagueWorkbookView(LeagueMixin, View):
    """The last workbook built for the reader (a worker builds it, never
    this request), or a page that reloads itself until the first is."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        served = exports.serve_league_workbook(
            league=self.league,
            audience=audience_of(request.user),
            language=supported_language(translation.get_language()),
            actor=request.user,
        )
        if served.status == LeagueExport.Status.READY:
            response = HttpResponse(exports.read_content(served), content_type=XLSX)
            response["Content-Disposition"] = content_disposition_header(
                True, served.filename
            )
            return response
        context = {"league": self.league, "export": served}
        response = render(request, "leagues/public/workbook_wait.html", context)
        response.status_code = 202
        response["Retry-After"] = "5"
        return response


class LeagueEmaView(LeagueMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        on = timezone.localdate()
        ranking = get_league_ema_ranking(
            self.league, on=on, audience=audience_of(request.user)
        )
        ruleset = ruleset_label(self.league.ruleset)
        query = request.GET.get("q", "").strip()[:80]
        context = {
            "league": self.league,
            "ranking": page_of(ranking, request.GET.get("p")),
            "query": query,
            "found": find_rows(ranking, query, lambda line: line.player.name),
            "on": on,
            "ruleset": ruleset,
        }
        return render(request, "leagues/public/ema.html", context)


class LeagueRatingsView(LeagueMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return render(
            request,
            "leagues/public/ratings.html",
            {
                "league": self.league,
                "ratings": list_league_ratings(
                    self.league, audience=audience_of(request.user)
                ),
            },
        )


class LeagueStatsView(LeagueMixin, View):
    """The season's figures per rule set, leaders, biggest hands, fans or
    yaku, paces, placements and the leaders over the season (issue 29)."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        page = get_league_stats_page(
            self.league,
            audience=audience_of(request.user),
            players_page=request.GET.get("p"),
        )
        return render(
            request, "leagues/public/stats.html", {"league": self.league, **page}
        )
