"""/t/<slug>/stats/: the event's statistics (issue 29)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View

from tournaments.selectors.stats_pages import get_event_page
from tournaments.views.mixins import TournamentMixin


class StatsView(TournamentMixin, View):
    """The event's figures, leaders, biggest hands, fans or yaku, paces and
    every player's figures, from the closed tables: public where the
    standings are."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        page = get_event_page(self.tournament, players_page=request.GET.get("p"))
        context = {"tournament": self.tournament, **page}
        return render(request, "tournaments/public/stats.html", context)
