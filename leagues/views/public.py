"""Everyone's league pages: standings, events, the workbook, the EMA
ranking, the ratings of the league's players and its statistics."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views import View

from leagues.selectors.exports import league_workbook_bytes
from leagues.selectors.ranking import get_league_ema_ranking, list_league_ratings
from leagues.selectors.standings import get_league_page, list_public_leagues
from leagues.selectors.stats_pages import get_league_stats_page
from leagues.selectors.visibility import audience_of
from leagues.views.mixins import LeagueMixin
from scoring.messages import ruleset_label

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
        return render(
            request,
            "leagues/public/league.html",
            {"league": self.league, "standings": standings, "events": events},
        )


class LeagueWorkbookView(LeagueMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        content = league_workbook_bytes(self.league, audience=audience_of(request.user))
        response = HttpResponse(content, content_type=XLSX)
        response["Content-Disposition"] = content_disposition_header(
            True, f"{self.league.slug}-league.xlsx"
        )
        return response


class LeagueEmaView(LeagueMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        on = timezone.localdate()
        ranking = get_league_ema_ranking(
            self.league, on=on, audience=audience_of(request.user)
        )
        ruleset = ruleset_label(self.league.ruleset)
        return render(
            request,
            "leagues/public/ema.html",
            {"league": self.league, "ranking": ranking, "on": on, "ruleset": ruleset},
        )


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
        page = get_league_stats_page(self.league, audience=audience_of(request.user))
        return render(
            request, "leagues/public/stats.html", {"league": self.league, **page}
        )
