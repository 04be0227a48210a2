"""Team events: the organiser's team page and everyone's team tab."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from config.url_numbers import number_or_404
from leagues.messages import error_message
from leagues.models import TeamSetup
from leagues.selectors.exports import team_workbook_bytes
from leagues.selectors.teams import get_team_standings
from leagues.services import teams as team_services
from leagues.views.public import XLSX
from scoring.engine.errors import EngineError
from tournaments.page_access import OrganiserMixin, TournamentMixin
from tournaments.services.errors import ServiceError


class TeamsForm(forms.Form):
    team_size = forms.IntegerField(
        label=gettext_lazy("Players a team"), min_value=2, max_value=8, initial=4
    )
    teams = forms.CharField(
        label=gettext_lazy("Teams"),
        widget=forms.Textarea(attrs={"rows": 10}),
        help_text=gettext_lazy(
            "One team a line: Team name: First Last, First Last, ... (names as "
            "registered)."
        ),
    )


class TeamStaffView(OrganiserMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self._page(request, self._initial_form())

    def _initial_form(self) -> TeamsForm:
        setup = TeamSetup.objects.filter(tournament=self.tournament).first()
        lines = [
            f"{team.name}: "
            + ", ".join(m.registration.player.name for m in team.members.all())
            for team in self.tournament.teams.prefetch_related(
                "members__registration__player"
            )
        ]
        return TeamsForm(
            initial={
                "team_size": setup.team_size if setup else 4,
                "teams": "\n".join(lines),
            }
        )

    def _page(self, request, form, status=200) -> HttpResponse:
        context = {
            "tournament": self.tournament,
            "form": form,
            "teams": get_team_standings(self.tournament),
            "rounds": self.tournament.rounds.filter(
                status__in=["planned", "seated"]
            ).order_by("number"),
        }
        return render(request, "leagues/staff/teams.html", context, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        if action == "teams":
            form = TeamsForm(request.POST)
            if not form.is_valid():
                return self._page(request, form, status=400)
            try:
                team_services.set_teams(
                    tournament=self.tournament,
                    teams=team_services.parse_teams(form.cleaned_data["teams"]),
                    team_size=form.cleaned_data["team_size"],
                    actor=request.user,
                )
            except (ServiceError, EngineError) as error:
                form.add_error(None, error_message(error))
                return self._page(request, form, status=400)
            messages.success(request, _("The teams are saved."))
        elif action == "seat":
            round_ = self.tournament.rounds.filter(
                number=number_or_404(request.POST.get("round", ""))
            ).first()
            if round_ is None:
                raise Http404
            try:
                team_services.seat_round_with_teams(
                    round_id=round_.pk, actor=request.user
                )
            except (ServiceError, EngineError) as error:
                messages.error(request, error_message(error))
            else:
                messages.success(
                    request, _("The round is seated with teammates kept apart.")
                )
        else:
            raise Http404
        return redirect("teams-staff:teams", slug=self.tournament.slug)


class TeamStandingsView(TournamentMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return render(
            request,
            "leagues/public/teams.html",
            {
                "tournament": self.tournament,
                "teams": get_team_standings(self.tournament),
            },
        )


class TeamWorkbookView(TournamentMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        response = HttpResponse(team_workbook_bytes(self.tournament), content_type=XLSX)
        response["Content-Disposition"] = content_disposition_header(
            True, f"{self.tournament.slug}-teams.xlsx"
        )
        return response
