"""Organisers' league pages: my leagues, a league's settings and events, a
club night's tables. Writes follow post/redirect/get with a flash message."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View

from config.url_numbers import number_or_404
from leagues.access import can_create_league, managed_event
from leagues.forms import (
    AddTournamentForm,
    LeagueForm,
    NightForm,
    NightNamesForm,
    NightTablesForm,
)
from leagues.messages import error_message
from leagues.models import League, LeagueEvent, RatingJob
from leagues.selectors.standings import list_events
from leagues.selectors.visibility import audience_of
from leagues.services import exports, nights, ratings
from leagues.services import leagues as league_services
from leagues.views.mixins import LeagueOrganiserMixin
from scoring.engine.errors import EngineError
from tournaments.models import Tournament
from tournaments.permissions import (
    TournamentCreatorRequiredMixin,
    organiser_required_response,
)
from tournaments.services.errors import ServiceError

ERRORS = (ServiceError, EngineError)


def _league_errors(form: Any, error: Any) -> None:
    field = error.field if getattr(error, "field", None) in form.fields else None
    form.add_error(field, error_message(error))


class LeagueListView(TournamentCreatorRequiredMixin, View):
    """An organiser's leagues; an account without the organiser right is
    refused (403) as the tournaments' creation pages refuse it."""

    def get(self, request: HttpRequest) -> HttpResponse:
        return self._page(request, LeagueForm())

    def _page(self, request: HttpRequest, form: LeagueForm, status=200):
        user = request.user
        leagues = (
            League.objects.all() if user.is_superuser else user.organised_leagues.all()
        )
        return render(
            request,
            "leagues/staff/leagues.html",
            {"leagues": leagues, "form": form, "can_create": can_create_league(user)},
            status=status,
        )

    def post(self, request: HttpRequest) -> HttpResponse:
        if not can_create_league(request.user):
            return organiser_required_response(request)
        form = LeagueForm(request.POST)
        if form.is_valid():
            fields = dict(form.cleaned_data)
            try:
                league = league_services.create_league(
                    name=fields.pop("name"),
                    slug=fields.pop("slug") or "",
                    actor=request.user,
                    **fields,
                )
            except ERRORS as error:
                _league_errors(form, error)
            else:
                return redirect("leagues-staff:league", slug=league.slug)
        return self._page(request, form, status=400)


def _available_tournaments(request: HttpRequest, league: League) -> Any:
    user = request.user
    tournaments = (
        Tournament.objects.all()
        if user.is_superuser
        else user.organised_tournaments.all()
    )
    return tournaments.exclude(league_events__league=league).order_by("-start_date")


class LeagueStaffView(LeagueOrganiserMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self._page(request)

    def _page(self, request: HttpRequest, status: int = 200, **forms: Any):
        league = self.league
        context = {
            "league": league,
            "events": list_events(league, audience=audience_of(request.user)),
            "settings_form": forms.get("settings_form") or LeagueForm(instance=league),
            "night_form": forms.get("night_form") or NightForm(league=league),
            "add_form": forms.get("add_form")
            or AddTournamentForm(queryset=_available_tournaments(request, league)),
            "rating_job": RatingJob.objects.first(),
            "workbook": league.exports.defer("content").first(),
        }
        return render(request, "leagues/staff/league.html", context, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        handlers = {
            "settings": self._settings,
            "night": self._night,
            "add": self._add,
            "ratings": self._ratings,
            "workbook": self._workbook,
            "seed": self._seed,
        }
        if action not in handlers:
            raise Http404
        return handlers[action](request)

    def _settings(self, request: HttpRequest) -> HttpResponse:
        form = LeagueForm(request.POST, instance=self.league)
        if form.is_valid():
            try:
                league_services.update_league(
                    league_id=self.league.pk, actor=request.user, **form.cleaned_data
                )
            except ERRORS as error:
                _league_errors(form, error)
            else:
                messages.success(request, _("The league's settings are saved."))
                return redirect("leagues-staff:league", slug=self.league.slug)
        self.league.refresh_from_db()
        return self._page(request, status=400, settings_form=form)

    def _night(self, request: HttpRequest) -> HttpResponse:
        form = NightForm(request.POST, league=self.league)
        if form.is_valid():
            try:
                event = nights.create_club_night(
                    league=self.league, actor=request.user, **form.night_arguments()
                )
            except ERRORS as error:
                _league_errors(form, error)
            else:
                return redirect(
                    "leagues-staff:night", slug=self.league.slug, event=event.pk
                )
        return self._page(request, status=400, night_form=form)

    def _add(self, request: HttpRequest) -> HttpResponse:
        queryset = _available_tournaments(request, self.league)
        form = AddTournamentForm(request.POST, queryset=queryset)
        if form.is_valid():
            try:
                league_services.add_event(
                    league=self.league,
                    tournament=form.cleaned_data["tournament"],
                    actor=request.user,
                )
            except ERRORS as error:
                _league_errors(form, error)
            else:
                messages.success(request, _("The tournament now counts in the league."))
                return redirect("leagues-staff:league", slug=self.league.slug)
        return self._page(request, status=400, add_form=form)

    def _ratings(self, request: HttpRequest) -> HttpResponse:
        ratings.request_ratings(actor=request.user, full=True)
        messages.success(request, _("The ratings are being computed again."))
        return redirect("leagues-staff:league", slug=self.league.slug)

    def _workbook(self, request: HttpRequest) -> HttpResponse:
        exports.request_public_workbooks(league=self.league, actor=request.user)
        messages.success(request, _("The league's workbook is being built again."))
        return redirect("leagues-staff:league", slug=self.league.slug)

    def _seed(self, request: HttpRequest) -> HttpResponse:
        event = managed_event(
            request.user,
            self.league,
            number_or_404(request.POST.get("event", "")),
            LeagueEvent.Kind.TOURNAMENT,
        )
        try:
            ratings.seed_first_round(
                tournament_id=event.tournament_id, actor=request.user
            )
        except ERRORS as error:
            messages.error(request, error_message(error))
        else:
            messages.success(request, _("Round 1 is seated by rating."))
        return redirect("leagues-staff:league", slug=self.league.slug)


class NightView(LeagueOrganiserMixin, View):
    """A club night: each session's tables, typed or left to the engine."""

    def event(self) -> LeagueEvent:
        return managed_event(self.request.user, self.league, self.kwargs["event"])

    def get(self, request: HttpRequest, slug: str, event: int) -> HttpResponse:
        return self._page(request, self.event())

    def _page(self, request, event, status=200, **forms: Any) -> HttpResponse:
        tournament = event.tournament
        rounds = tournament.rounds.prefetch_related(
            "tables__seats__registration__player"
        )
        known = (
            tournament.registrations.model.objects.filter(
                tournament__league_events__league=self.league
            )
            .values_list("player__first_name", "player__last_name")
            .distinct()
        )
        context = {
            "league": self.league,
            "event": event,
            "tournament": tournament,
            "rounds": rounds,
            "tables_form": forms.get("tables_form") or NightTablesForm(),
            "names_form": forms.get("names_form") or NightNamesForm(),
            "blank_tables_form": NightTablesForm(),
            "blank_names_form": NightNamesForm(),
            "known_names": sorted(f"{first} {last}".strip() for first, last in known),
            "form_round": forms.get("round_number"),
        }
        return render(request, "leagues/staff/night.html", context, status=status)

    def post(self, request: HttpRequest, slug: str, event: int) -> HttpResponse:
        night = self.event()
        action = request.POST.get("action")
        number = number_or_404(request.POST.get("round", ""), default=1)
        try:
            if action == "tables":
                form = NightTablesForm(request.POST)
                if not form.is_valid():
                    return self._page(request, night, 400, tables_form=form)
                tables = nights.parse_tables(form.cleaned_data["tables"])
                nights.seat_night_tables(
                    event=night, tables=tables, actor=request.user, round_number=number
                )
                messages.success(request, _("The tables are set: open the tablets."))
            elif action == "engine":
                form = NightNamesForm(request.POST)
                if not form.is_valid():
                    return self._page(request, night, 400, names_form=form)
                names = [n.strip() for n in form.cleaned_data["names"].splitlines()]
                nights.seat_night_by_engine(
                    event=night,
                    names=[n for n in names if n],
                    actor=request.user,
                    round_number=number,
                )
                messages.success(
                    request, _("The seating engine set the tables: open the tablets.")
                )
            elif action == "session":
                nights.add_night_session(event=night, actor=request.user)
                messages.success(request, _("A session was added to the night."))
            else:
                raise Http404
        except ERRORS as error:
            messages.error(request, error_message(error))
            forms = {"round_number": number}
            if action == "tables":
                forms["tables_form"] = NightTablesForm(request.POST)
            if action == "engine":
                forms["names_form"] = NightNamesForm(request.POST)
            return self._page(request, night, 400, **forms)
        return redirect("leagues-staff:night", slug=self.league.slug, event=night.pk)
