"""The table's tablet page: /table/<token>/ (the secret token grants writing).
A hand already on the sheet is corrected, deleted or confirmed through
``referee_hands``, on the same ``TableSheetView``.

Every POST parses a form, calls one service and shows the sheet again. With
htmx only the sheet is swapped (a hand entered on a current sheet: only
what it changed, ``HandCreateView.changes_only``); without it, success
redirects (so a reload does not post again) and a refusal renders the page
with the error next to the form and the service's HTTP status (400, or 409
for a conflict).

Every write carries the table version the page showed: a device whose sheet
is stale gets 409 and the sheet as it stands (htmx swaps it too: tablet.js
lets 409 through), never a duplicate hand. Every answer says what it was in
``X-Muraille-Answer`` (``tablet_answers``): a hand deleted on another device
is ``gone-hand`` (404, the sheet with a notice naming it), a replaced link
``gone-link`` (TableTokenMixin), a hand sent twice ``already-saved``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.views import View
from django_htmx.http import reswap, retarget

from config.rate_limits import table_form_limited, too_many_requests
from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset, penalty_kinds_of, takes_dora_count
from scoring.engine.types import ResultForm
from tournaments.forms import (
    CloseTableForm,
    HandForm,
    PenaltyForm,
    VersionForm,
)
from tournaments.messages import error_message
from tournaments.models import Hand, Penalty, Seat, Table, in_wind_order
from tournaments.selectors.confirmations import SeatAnswer, seat_answers
from tournaments.selectors.rules import has_tile_calculator
from tournaments.selectors.table_state import get_table_page, get_tiles_preview
from tournaments.services import confirmations, penalties
from tournaments.services import hands as services
from tournaments.services.errors import ConflictError, ServiceError
from tournaments.services.rules import hand_entry_of
from tournaments.views import tablet_answers
from tournaments.views.clock import table_clock_context
from tournaments.views.mixins import TableTokenMixin
from tournaments.views.tile_picker import blank_tile_picker

PAGE = "tournaments/referee/table.html"
SHEET = "tournaments/referee/_sheet.html"
PREVIEW = "tournaments/referee/_tiles_preview.html"
WATCH = "tournaments/referee/_watch.html"
ENTERED = "tournaments/referee/_hand_entered.html"
ERRORS = (ServiceError, EngineError)
RESULT_TEMPLATES = "tournaments/referee/results/{}.html"


def result_template(ruleset_code: str) -> str:
    """The template that says a hand's result in words: the rule set's own
    (``results/<code>.html``), else the generic one listing its inputs."""
    names = [RESULT_TEMPLATES.format(ruleset_code), RESULT_TEMPLATES.format("generic")]
    return select_template(names).template.name


def table_page_context(table: Table) -> dict[str, Any]:
    """The tablet page's sheet (``selectors.table_state``), the template that
    says its results and the clock beside it (is the round open?)."""
    template = result_template(table.round.tournament.ruleset)
    in_words = template == RESULT_TEMPLATES.format("generic")
    return {
        **get_table_page(table, in_words=in_words),
        "result_template": template,
        **table_clock_context(table),
    }


def add_service_error(form: forms.Form, error: Any) -> int:
    """Put the translated error next to its field; returns the HTTP status."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error_message(error))
    return getattr(error, "status_code", 400)


def render_sheet_page(
    request: HttpRequest, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    """The page, or its sheet for htmx. htmx swaps 2xx only, so form errors
    come as a 200 partial; a conflict keeps its 409 and a hand gone its 404
    (tablet.js swaps both) so the page's scripts know the write was not
    stored. The answer's word (``tablet_answers``) comes from the status
    asked for, before htmx's 200."""
    if getattr(request, "htmx", False):
        kept = status if status in (404, 409) else 200
        response = render(request, SHEET, context, status=kept)
    else:
        response = render(request, PAGE, context, status=status)
    if status in tablet_answers.BY_STATUS:
        tablet_answers.with_answer(response, tablet_answers.BY_STATUS[status])
    return response


def stale_message(table: Any, number: int | None) -> str:
    """What a stale device is told: the hand it was entering is there now."""
    if number and table.hands.filter(number=number).exists():
        return error_message(ConflictError("table_changed_hand", hand=number))
    return error_message(ConflictError("table_changed"))


def labelled_players(context: dict[str, Any]) -> list[tuple[int, str]]:
    """Player choices named with the wind each holds in the next hand."""
    return [
        (
            row.seat.registration.player_id,
            f"{row.next_wind_name} · {row.player.name}"
            if row.next_wind_name
            else row.player.name,
        )
        for row in context["seat_rows"]
    ]


class TableSheetView(TableTokenMixin, View):
    """Renders the sheet with whatever forms the request left behind."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST" and table_form_limited(request, kwargs["token"]):
            return tablet_answers.with_answer(too_many_requests(), tablet_answers.BUSY)
        return super().dispatch(request, *args, **kwargs)

    @cached_property
    def entry(self) -> ResultForm:
        """The inputs of a hand result, as the tournament's rule set gives them."""
        try:
            return hand_entry_of(self.table.round.tournament)
        except ServiceError as error:
            raise Http404("this rule set has no hand form") from error

    def hand_form(
        self, *args: Any, form_class: type[HandForm] = HandForm, **kwargs: Any
    ) -> HandForm:
        """The hand form of the tournament's rule set: its inputs, the
        table's players and its words."""
        return form_class(
            *args,
            players=self.player_choices,
            entry=self.entry,
            ruleset=self.table.round.tournament.ruleset,
            **kwargs,
        )

    @cached_property
    def penalty_kinds(self) -> tuple[str, ...] | None:
        """The penalties the tournament's rule set knows."""
        return penalty_kinds_of(get_ruleset(self.table.round.tournament.ruleset))

    def read_table(self) -> Table:
        """The table, its round and tournament, read with its seats
        (``seats``): one query, since every request of the sheet shows or
        checks the players; a table not seated yet takes a second."""
        seats = self.seats
        return seats[0].table if seats else super().read_table()

    @cached_property
    def seats(self) -> list[Seat]:
        """The table's seats, East first, with their players, and each with
        the table, its round and tournament (one instance for the four)."""
        seats = list(
            Seat.objects.select_related(
                "table__round__tournament", "registration__player"
            ).filter(table__token=self.kwargs["token"])
        )
        for seat in seats:
            seat.table = seats[0].table
        return in_wind_order(seats)

    @cached_property
    def player_choices(self) -> list[tuple[int, str]]:
        return [
            (seat.registration.player_id, seat.registration.player.name)
            for seat in self.seats
        ]

    def get(self, request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
        """POST-only addresses lead back to the sheet (the language switcher
        and the login link send the browser to the current address)."""
        return redirect("referee:table", token=token)

    def render_sheet(self, status: int = 200, **forms_: Any) -> HttpResponse:
        context = self.sheet_context(**forms_)
        return render_sheet_page(self.request, context, status=status)

    def sheet_context(self, **forms_: Any) -> dict[str, Any]:
        """The sheet's context, with the forms a request left behind."""
        context = table_page_context(self.table)
        players = self.player_choices
        version = {"table_version": self.table.version}
        hand_form = forms_.get("hand_form") or self.hand_form(
            initial={**version, "hand_number": context["next_hand_number"]},
        )
        for spec in self.entry.seat_fields():
            hand_form.fields[spec.name].choices = labelled_players(context)
        context["hand_form"] = hand_form
        # A refused hand comes back with every tile the referee picked.
        posted_tiles = hand_form.data.get("tiles") if hand_form.is_bound else ""
        context["kept_tiles"] = hand_form["tiles"].value() if posted_tiles else ""
        context["ruleset_has_calculator"] = has_tile_calculator(
            self.table.round.tournament
        )
        context["tiles_dora"] = takes_dora_count(
            get_ruleset(self.table.round.tournament.ruleset)
        )
        if context["ruleset_has_calculator"] and not context["kept_tiles"]:
            context["blank_tile_picker"] = blank_tile_picker(
                self.request, tiles_dora=context["tiles_dora"]
            )
        context["penalty_form"] = forms_.get("penalty_form") or PenaltyForm(
            players=players, initial=version, kinds=self.penalty_kinds
        )
        context["close_form"] = forms_.get("close_form") or CloseTableForm(
            initial=version
        )
        context["edit_form"] = forms_.get("edit_form")
        context["edit_hand"] = forms_.get("edit_hand")
        context["delete_error"] = forms_.get("delete_error")
        context["edit_error"] = forms_.get("edit_error")
        context["conflict"] = forms_.get("conflict")
        context["confirm_answers"] = confirm_answers(self.table)
        context["confirm_error"] = forms_.get("confirm_error")
        return context

    def stale(self, error: Any, number: int | None = None) -> HttpResponse | None:
        """The sheet as it stands (409) when ``error`` is a stale table version;
        None for any other error."""
        if getattr(error, "code", "") != "stale_version":
            return None
        self.table.refresh_from_db()
        return self.render_sheet(status=409, conflict=stale_message(self.table, number))

    def gone(self, message: str) -> HttpResponse:
        """The sheet as it stands (404, ``gone-hand``) when the hand or
        penalty a form was about no longer exists, ``message`` saying which."""
        self.table.refresh_from_db()
        return self.render_sheet(status=404, conflict=message)

    def shown_number(self) -> int | None:
        """The number of the hand the device showed (the forms and the
        "Correct" link send it), for a message about a hand now gone."""
        value = self.request.POST.get("shown_number") or self.request.GET.get("n")
        if value and value.isascii() and value.isdigit() and len(value) < 6:
            return int(value)
        return None

    def hand_gone(self, lost: str = "") -> HttpResponse:
        """The hand of this request was deleted (``lost``: what was not saved)."""
        return self.gone(tablet_answers.hand_gone_message(self.shown_number(), lost))

    def done(self, anchor: str = "", table: Table | None = None) -> HttpResponse:
        """After a successful write: the fresh sheet (htmx) or a redirect,
        to ``anchor`` (an element id) so that the browser shows it.

        ``table`` is the row the service locked and wrote, round and
        tournament read after the lock: it is the committed state, so the
        sheet needs no second read of it.
        """
        if getattr(self.request, "htmx", False):
            if table is not None:
                self.__dict__["table"] = table
            else:
                self.table.refresh_from_db()
            return self.render_sheet()
        url = reverse("referee:table", kwargs={"token": self.table.token})
        return redirect(f"{url}#{anchor}" if anchor else url)


class TableView(TableSheetView):
    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return self.render_sheet()


class HandCreateView(TableSheetView):
    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        form = self.hand_form(request.POST)
        if not form.is_valid():
            return self.render_sheet(status=400, hand_form=form)
        try:
            hand, created = services.record_hand(
                table_id=self.table.pk,
                result=form.result(),
                tiles=form.cleaned_data["tiles"],
                idempotency_key=form.cleaned_data["idempotency_key"] or None,
                expected_table_version=form.cleaned_data["table_version"],
                expected_hand_number=form.cleaned_data.get("hand_number"),
                seen_round_status=self.table.round.status,
                **self.service_context(),
            )
        except ERRORS as error:
            stale = self.stale(error, form.cleaned_data.get("hand_number"))
            if stale is not None:
                return stale
            status = add_service_error(form, error)
            return self.render_sheet(status=status, hand_form=form)
        if not created:
            # The tablet sent again a hand whose answer it never got.
            messages.success(
                request,
                _("Hand %(number)s is saved: it had already reached the server.")
                % {"number": hand.number},
            )
            response = self.done(anchor=f"hand-{hand.number}", table=hand.table)
            return tablet_answers.with_answer(response, tablet_answers.ALREADY_SAVED)
        if self.sheet_was_current(form):
            self.__dict__["table"] = hand.table
            answer = self.changes_only(hand)
            if answer is not None:
                return answer
        return self.done(anchor=f"hand-{hand.number}", table=hand.table)

    def sheet_was_current(self, form: HandForm) -> bool:
        """The device's sheet was the table as it stood before this hand: an
        htmx post carrying the table version the service accepted, from a
        sheet showing no notice or form the whole sheet would clear (the
        form then says ``partial``)."""
        return (
            bool(getattr(self.request, "htmx", False))
            and form.cleaned_data.get("table_version") is not None
            and self.request.POST.get("partial") == "1"
        )

    def changes_only(self, hand: Hand) -> HttpResponse | None:
        """What the new hand changed on a current sheet (ENTERED): the next
        hand's form swapped into #new-hand, the rest out of band. None when
        the whole sheet is the answer: the first hand (the list said "no
        hand yet") or the last of the session (the form gives way to the
        close notice)."""
        context = self.sheet_context()
        rows = context["hand_rows"]
        if context["next_deal"] is None or len(rows) < 2 or rows[-1].hand != hand:
            return None
        context["new_row"] = rows[-1]
        response = render(self.request, ENTERED, context)
        return reswap(retarget(response, "#new-hand"), "outerHTML")


class PenaltyCreateView(TableSheetView):
    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        form = PenaltyForm(
            request.POST, players=self.player_choices, kinds=self.penalty_kinds
        )
        if not form.is_valid():
            return self.render_sheet(status=400, penalty_form=form)
        data = form.cleaned_data
        try:
            penalties.add_penalty(
                table_id=self.table.pk,
                player_id=data["player"],
                kind=data["kind"],
                points=data["points"],
                reason=data["reason"],
                idempotency_key=data["idempotency_key"] or None,
                expected_table_version=data["table_version"],
                **self.service_context(),
            )
        except ERRORS as error:
            stale = self.stale(error)
            if stale is not None:
                return stale
            status = add_service_error(form, error)
            return self.render_sheet(status=status, penalty_form=form)
        return self.done()


class PenaltyDeleteView(TableSheetView):
    def post(self, request: HttpRequest, token: str, pk: int) -> HttpResponse:
        penalty = Penalty.objects.filter(table=self.table, pk=pk).first()
        if penalty is None:
            return self.gone(
                _("This penalty no longer exists: it was removed on another tablet.")
            )
        form = VersionForm(request.POST)
        form.is_valid()
        try:
            penalties.remove_penalty(
                penalty_id=penalty.pk,
                expected_table_version=form.cleaned_data.get("table_version"),
                **self.service_context(),
            )
        except ERRORS as error:
            stale = self.stale(error)
            if stale is not None:
                return stale
            status = getattr(error, "status_code", 400)
            return self.render_sheet(status=status, delete_error=error_message(error))
        return self.done()


class TableCloseView(TableSheetView):
    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        form = CloseTableForm(request.POST)
        form.is_valid()
        try:
            table = services.close_table(
                table_id=self.table.pk,
                time_called=form.cleaned_data.get("time_called", False),
                expected_table_version=form.cleaned_data.get("table_version"),
                **self.service_context(),
            )
        except ERRORS as error:
            stale = self.stale(error)
            if stale is not None:
                return stale
            status = add_service_error(form, error)
            return self.render_sheet(status=status, close_form=form)
        return self.done(table=table)


def confirm_answers(table: Table) -> list[SeatAnswer]:
    """The closed table's players with their answers, when the event asks
    its players to confirm their table's scores."""
    if not (table.is_closed and table.round.tournament.players_confirm_tables):
        return []
    return seat_answers(table)


class TableConfirmView(TableSheetView):
    """A player taps their name: confirm the closed table's final scores, or
    dispute them (the organiser's round page calls the referee)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        raw = request.POST.get("registration", "")
        registration_id = int(raw) if raw.isascii() and raw.isdigit() else 0
        try:
            confirmations.answer_table(
                table_id=self.table.pk,
                registration_id=min(registration_id, 2**31 - 1),
                kind=request.POST.get("kind", ""),
                **self.service_context(),
            )
        except ERRORS as error:
            status = getattr(error, "status_code", 400)
            return self.render_sheet(status=status, confirm_error=error_message(error))
        return self.done(anchor="confirm")


class TilesPreviewView(TableSheetView):
    """The fans and total of the tiles being picked, before recording: the
    calculator's breakdown in the deal of the hand being entered."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        form = self.hand_form(request.POST)
        form.is_valid()
        context = get_tiles_preview(self.table, form.cleaned_data)
        return render(request, PREVIEW, context)


class TableStateView(TableTokenMixin, View):
    """What the sheet's poller asks every few seconds: 304 while the table
    version is the one in If-None-Match, else a notice that the sheet changed."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        table = self.table
        etag = f'"table-{table.pk}-v{table.version}"'
        unchanged = get_conditional_response(request, etag=etag)
        if unchanged is not None:
            return unchanged
        # A closed table changes by its close, a reopening or a player's
        # answer, never by a new hand: the notice does not name one.
        last_hand = None if table.is_closed else table.hands.order_by("number").last()
        context = {"table": table, "last_hand": last_hand, "changed": True}
        response = render(request, WATCH, context)
        response["ETag"] = etag
        response["Cache-Control"] = "no-store"
        return response


def service_worker(request: HttpRequest) -> HttpResponse:
    """The tablet's service worker, served under /table/ so that its scope
    covers every table page (a worker's scope is its own folder)."""
    response = render(
        request,
        "tournaments/referee/sw.js",
        {"static_prefix": settings.STATIC_URL},
        content_type="text/javascript",
    )
    response["Cache-Control"] = "no-cache"
    return response
