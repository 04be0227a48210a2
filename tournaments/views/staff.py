"""Organiser pages: my tournaments, creating one, players and registrations.

The round pages (seating, tables, swaps, finishing) are in ``staff_rounds``.
Writes follow post/redirect/get, with the outcome in a flash message.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views import View

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset, option_form_of
from scoring.engine.standings import DEFAULT_TIEBREAKS
from scoring.messages import score_words
from tournaments.forms import (
    NewTournamentForm,
    PlayerListForm,
    RegistrationStatusForm,
    RulesForm,
    TournamentForm,
)
from tournaments.imports.players import parse_player_lines
from tournaments.messages import error_message
from tournaments.models import Registration, Tournament
from tournaments.permissions import TournamentCreatorRequiredMixin
from tournaments.services import imports, setup
from tournaments.services.errors import ServiceError
from tournaments.views.exports import preview_context
from tournaments.views.mixins import OrganiserMixin
from tournaments.views.staff_events import publish_context

ERRORS = (ServiceError, EngineError)


class DashboardView(LoginRequiredMixin, View):
    def get(self, request: HttpRequest) -> HttpResponse:
        if request.user.is_superuser:
            tournaments = Tournament.objects.all()
        else:
            tournaments = request.user.organised_tournaments.all()
        return render(
            request, "tournaments/staff/dashboard.html", {"tournaments": tournaments}
        )


FORM_TEMPLATE = "tournaments/staff/tournament_form.html"


class TournamentCreateView(TournamentCreatorRequiredMixin, View):
    template = FORM_TEMPLATE

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, self.template, {"form": NewTournamentForm()})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = NewTournamentForm(request.POST)
        if form.is_valid():
            fields = dict(form.cleaned_data)
            try:
                tournament = setup.create_tournament(
                    name=fields.pop("name"),
                    rounds_count=fields.pop("rounds_count"),
                    actor=request.user,
                    **fields,
                )
            except ERRORS as error:
                field = error.field if error.field in form.fields else None
                form.add_error(field, error_message(error))
            else:
                return redirect("staff:tournament", slug=tournament.slug)
        return render(request, self.template, {"form": form}, status=400)


class TournamentChangeView(OrganiserMixin, View):
    """A form of tournament changes: only what differs goes to
    ``update_tournament`` (audited); a refusal is named on the form."""

    template: str
    saved: str

    def form(self, data: Any = None) -> Any:
        raise NotImplementedError

    def changes(self, form: Any) -> dict[str, Any]:
        raise NotImplementedError

    def context(self, form: Any) -> dict[str, Any]:
        return {"form": form, "tournament": self.tournament}

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return render(request, self.template, self.context(self.form()))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = self.form(request.POST)
        if form.is_valid():
            changes = self.changes(form)
            try:
                if changes:
                    setup.update_tournament(
                        tournament_id=self.tournament.pk, actor=request.user, **changes
                    )
            except ERRORS as error:
                field = error.field if error.field in form.fields else None
                form.add_error(field, error_message(error))
            else:
                messages.success(request, self.saved)
                return redirect("staff:tournament", slug=slug)
        return render(request, self.template, self.context(form), status=400)


class TournamentSettingsView(TournamentChangeView):
    """Change the name, dates, rounds, seating mode, visibility or MERS
    weight; the service refuses what would lose data (rounds with tables)."""

    template = FORM_TEMPLATE
    saved = gettext_lazy("Settings saved.")

    def form(self, data: Any = None) -> TournamentForm:
        return TournamentForm(data, instance=self.tournament)

    def changes(self, form: TournamentForm) -> dict[str, Any]:
        return {field: form.cleaned_data[field] for field in form.changed_data}


class TournamentRulesView(TournamentChangeView):
    """The rule set's options (frozen once a hand is stored) and the
    tie-break order of the standings (free to change at any time)."""

    template = "tournaments/staff/tournament_rules.html"
    saved = gettext_lazy("Rules saved.")

    def in_force(self) -> tuple[dict[str, object], tuple[str, ...]]:
        """The options (defaults for those never set) and the tie-break order
        the tournament plays by now."""
        tournament = self.tournament
        options = dict(get_ruleset(tournament.ruleset).default_options())
        options.update(tournament.ruleset_options)
        return options, tuple(tournament.tiebreaks or DEFAULT_TIEBREAKS)

    def form(self, data: Any = None) -> RulesForm:
        options, order = self.in_force()
        code = self.tournament.ruleset
        return RulesForm(
            data,
            options=options,
            tiebreaks=order,
            specs=option_form_of(get_ruleset(code)),
            words=score_words(code),
            ruleset=code,
        )

    def changes(self, form: RulesForm) -> dict[str, Any]:
        """Only what differs from the rules in force: unchanged options must
        not trip the freeze once play has started."""
        options, order = self.in_force()
        changes: dict[str, Any] = {}
        if form.options() != options:
            changes["ruleset_options"] = form.options()
        if tuple(form.tiebreaks()) != order:
            changes["tiebreaks"] = form.tiebreaks()
        return changes

    def context(self, form: RulesForm) -> dict[str, Any]:
        frozen = setup.options_frozen(self.tournament)
        return {**super().context(form), "options_frozen": frozen}


def substitutes_needed(registrations: list[Registration]) -> int:
    """How many substitutes make the seated players a multiple of four."""
    seated = sum(r.status != Registration.Status.WITHDRAWN for r in registrations)
    return (-seated) % 4


class TournamentDetailView(OrganiserMixin, View):
    template = "tournaments/staff/tournament.html"

    def context(self, player_form: PlayerListForm | None = None) -> dict[str, Any]:
        registrations = list(
            self.tournament.registrations.select_related("player__club").order_by(
                "number"
            )
        )
        return {
            "tournament": self.tournament,
            "registrations": registrations,
            "active_count": sum(r.status == "active" for r in registrations),
            "substitutes_needed": substitutes_needed(registrations),
            "rounds": self.tournament.rounds.order_by("number"),
            "player_form": player_form or PlayerListForm(),
            "statuses": Registration.Status,
            **publish_context(self.tournament),
        }

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return render(request, self.template, self.context())


class PlayersAddView(TournamentDetailView):
    """The pasted list: a preview row by row (the file import's checks and
    matching), then "Register these players" stores the signed rows."""

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        if request.POST.get("token"):
            return self.register(request, slug)
        form = PlayerListForm(request.POST)
        if not form.is_valid():
            return render(request, self.template, self.context(form), status=400)
        preview = parse_player_lines(form.cleaned_data["players"])
        context = {
            **self.context(form),
            **preview_context(self.tournament, preview),
            "row_label": _("Line"),
        }
        return render(request, self.template, context)

    def register(self, request: HttpRequest, slug: str) -> HttpResponse:
        try:
            preview = imports.preview_from_token(self.tournament, request.POST["token"])
            result = imports.import_players(
                tournament=self.tournament, preview=preview, actor=request.user
            )
        except ServiceError as error:
            messages.error(request, error_message(error))
            return redirect("staff:tournament", slug=slug)
        count = len(result.registrations)
        messages.success(
            request,
            ngettext(
                "%(count)s player registered.", "%(count)s players registered.", count
            )
            % {"count": count},
        )
        return redirect("staff:tournament", slug=slug)


class TournamentVisibilityView(OrganiserMixin, View):
    """Publish the tournament or make it private again (audited through
    ``update_tournament``)."""

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        public = request.POST.get("is_public") == "1"
        setup.update_tournament(
            tournament_id=self.tournament.pk, actor=request.user, is_public=public
        )
        if public:
            messages.success(request, _("Published: everyone can see the tournament."))
        else:
            messages.success(request, _("Private: only organisers see it."))
        return redirect("staff:tournament", slug=slug)


class RegistrationStatusView(OrganiserMixin, View):
    """Withdraw, make substitute or reactivate one registration."""

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        registration = get_object_or_404(
            Registration.objects.select_related("tournament", "player"),
            tournament=self.tournament,
            pk=pk,
        )
        form = RegistrationStatusForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Unknown status."))
            return redirect("staff:tournament", slug=slug)
        try:
            setup.set_registration_status(
                registration=registration,
                status=form.cleaned_data["status"],
                actor=request.user,
            )
        except ERRORS as error:
            messages.error(request, error_message(error))
        return redirect("staff:tournament", slug=slug)
