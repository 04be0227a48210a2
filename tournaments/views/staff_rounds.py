"""Organiser pages of one round: seating with its progress bar, the tables and
their tablet links, finishing and reopening.

The table list, links and print page are in ``staff_links``; swaps in
``staff_swaps``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django_htmx.http import HttpResponseClientRefresh

from config.client_address import client_ip
from scoring.engine.errors import EngineError
from tournaments.forms import PlanSwapForm, SeatingStartForm
from tournaments.messages import error_message
from tournaments.models import (
    Registration,
    Round,
    SeatingPlan,
    Signup,
    Table,
    Tournament,
)
from tournaments.qr_codes import link_digest, page_qr_codes
from tournaments.seating import SeatingError
from tournaments.selectors.checkin import absent_registrations, door_waiting_list
from tournaments.selectors.confirmations import tables_not_confirmed
from tournaments.services import hands as hand_services
from tournaments.services import seating, seating_plans, setup
from tournaments.services.checkin import MAX_ADMISSIONS, Admission
from tournaments.services.errors import ServiceError
from tournaments.services.seating import SWAPPABLE
from tournaments.views.mixins import OrganiserMixin
from tournaments.views.staff_links import tables_context
from tournaments.views.staff_swaps import swap_form

ERRORS = (ServiceError, EngineError, SeatingError)
SEATING_BUSY = (Round.SeatingState.PENDING, Round.SeatingState.RUNNING)


class StoredError:
    """The shape ``error_message`` reads, for the code a failed job stored."""

    def __init__(self, code: str, params: dict[str, Any]) -> None:
        self.code, self.params, self.field = code, params, None


def seating_error(round_: Round) -> str:
    plan = round_.seating_plan
    if plan is None or not plan.error:
        return ""
    return error_message(StoredError(plan.error, plan.error_params or {}))


def rounds_with_tables(tournament: Tournament, numbers: Iterable[int]) -> list[int]:
    """Which of these rounds already have tables (seating them replaces them)."""
    rounds = tournament.rounds.filter(number__in=list(numbers), tables__isnull=False)
    return sorted(set(rounds.values_list("number", flat=True)))


def seated_rounds(round_: Round, *, every_later: bool) -> list[int]:
    """Numbers of the rounds a seating from ``round_`` would replace the tables
    of: this round, or this and every later one."""
    tournament = round_.tournament
    last = tournament.rounds_count if every_later else round_.number
    return rounds_with_tables(tournament, range(round_.number, last + 1))


def reseat_confirmed(request: HttpRequest, numbers: list[int]) -> bool:
    """True when no table would be replaced, or the organiser ticked the box
    saying the handed-out links stop working (a form field, not a script
    dialog: it works without JavaScript)."""
    if not numbers or request.POST.get("confirm_reseat"):
        return True
    messages.error(
        request,
        ngettext(
            "Round %(rounds)s is seated: tick the box to confirm that its tables "
            "are replaced and their links stop working.",
            "Rounds %(rounds)s are seated: tick the box to confirm that their "
            "tables are replaced and their links stop working.",
            len(numbers),
        )
        % {"rounds": ", ".join(str(n) for n in numbers)},
    )
    return False


class RoundDetailView(OrganiserMixin, View):
    template = "tournaments/staff/round.html"

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        tables = tables_context(request, round_)
        missing = absentees(round_)
        # A round of many pages swaps on a page of its own: its form lists
        # every player of the round (3,200 options twice at 800 tables).
        swap_elsewhere = tables["page"].count > 1
        context = {
            **tables,
            # The page's tables only, each QR code drawn once per link.
            "links": [
                {"row": row, "qr": qr, "digest": link_digest(row.link)}
                for row, qr in zip(
                    tables["rows"],
                    page_qr_codes([row.link for row in tables["rows"]]),
                    strict=True,
                )
            ],
            "seating_busy": round_.seating_state in SEATING_BUSY,
            "plan_ready": round_.seating_state == Round.SeatingState.READY,
            "seating_error": seating_error(round_),
            "can_seat": round_.status in (Round.Status.PLANNED, Round.Status.SEATED)
            and round_.seating_state not in SEATING_BUSY,
            "seating_form": SeatingStartForm(),
            "seated_rounds": seated_rounds(round_, every_later=True),
            # One no-repeat round at a time cannot plan for the later rounds.
            "whole_plan_first": round_.tournament.seating_mode
            == Tournament.SeatingMode.NO_REPEAT
            and round_.number < round_.tournament.rounds_count,
            # A Swiss round waits for the results of the one before it.
            "can_plan_ahead": round_.tournament.seating_mode
            != Tournament.SeatingMode.SWISS,
            "swap_form": None if swap_elsewhere else swap_form(request, round_),
            "swap_elsewhere": swap_elsewhere and round_.status in SWAPPABLE,
            "absentees": missing,
            # The no-shows' places are the only ones the door can give.
            "door_waiting": door_waiting(round_) if missing else [],
            "tables_waiting": tables_not_confirmed(round_),
            **plan_context(round_),
        }
        return render(request, self.template, context)


def absentees(round_: Round) -> list[Registration]:
    """Before round 1 of an event using check-in: who has not checked in (the
    seating form asks to confirm their withdrawal)."""
    if round_.number != 1 or not round_.tournament.uses_checkin:
        return []
    return absent_registrations(round_.tournament)


def door_waiting(round_: Round) -> list[Signup]:
    """Before round 1 of an event using check-in: the waiting list, for the
    organiser to tick who came to the door anyway."""
    if round_.number != 1 or not round_.tournament.uses_checkin:
        return []
    return door_waiting_list(round_.tournament)


def plan_context(round_: Round) -> dict[str, Any]:
    """A plan waiting for review: its rounds with player names, and a swap form."""
    plan = round_.seating_plan
    if plan is None or plan.status != SeatingPlan.Status.READY:
        return {}
    players = {
        r.pk: r.player for r in round_.tournament.registrations.select_related("player")
    }
    planned = [
        {
            "number": number,
            "tables": [[players[rid] for rid in table] for table in tables],
        }
        for number, tables in zip(plan.round_numbers, plan.rounds, strict=True)
    ]
    choices = sorted(((p.pk, p.name) for p in players.values()), key=lambda c: c[1])
    return {
        "plan": plan,
        "planned_rounds": planned,
        "plan_swap_form": PlanSwapForm(players=choices, rounds=plan.round_numbers),
        "plan_seated_rounds": plan_seated_rounds(plan),
    }


class SeatingProgressView(OrganiserMixin, View):
    """The progress bar, polled by htmx while the job runs; once the job is
    over the whole page reloads to show the tables (or the failure)."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        if round_.seating_state not in SEATING_BUSY and request.htmx:
            return HttpResponseClientRefresh()
        return render(
            request,
            "tournaments/staff/_seating_progress.html",
            {"tournament": self.tournament, "round": round_},
        )


class RoundActionView(OrganiserMixin, View):
    """POST-only: run one service on the round and go back to its page."""

    def run(self, round_: Round, request: HttpRequest) -> None:
        raise NotImplementedError

    def post(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        try:
            self.run(round_, request)
        except ERRORS as error:
            messages.error(request, error_message(error))
        return redirect("staff:round", slug=slug, number=number)


def posted_seed(request: HttpRequest) -> tuple[bool, int | None]:
    """(valid, seed) from the seating form; an invalid seed is reported."""
    form = SeatingStartForm(request.POST)
    if form.is_valid():
        return True, form.cleaned_data["seed"]
    for error in form.errors["seed"]:
        messages.error(request, _("Seed: %(error)s") % {"error": error})
    return False, None


def withdraw_confirmed(request: HttpRequest) -> bool:
    """The organiser ticked "withdraw the players who did not check in"."""
    return request.POST.get("withdraw_absent") == "1"


def posted_admissions(request: HttpRequest) -> list[Admission]:
    """The waiting-list players ticked at the door, each with the answer
    about their known look-alike ("same_player_<id>": yes / no). A value that
    is no id is no sign-up ticked; one more than the service takes lets it
    name the limit."""
    admissions = []
    for value in request.POST.getlist("admit_waiting")[: MAX_ADMISSIONS + 1]:
        if not (value.isascii() and value.isdigit()) or len(value) > 18:
            continue
        answer = request.POST.get(f"same_player_{value}", "")
        same = {"yes": True, "no": False}.get(answer)
        admissions.append(Admission(int(value), same))
    return admissions


class SeatingStartView(RoundActionView):
    def run(self, round_: Round, request: HttpRequest) -> None:
        valid, seed = posted_seed(request)
        replaced = seated_rounds(round_, every_later=False)
        if valid and reseat_confirmed(request, replaced):
            seating.generate_seating(
                round_id=round_.pk,
                actor=request.user,
                seed=seed,
                withdraw_absent=withdraw_confirmed(request),
                admit_waiting=posted_admissions(request),
            )


class SeatingReviewStartView(RoundActionView):
    """Plan this round and every later one at once.

    "publish" in the form publishes the plan as soon as it is found: one
    click re-plans the rest of a tournament after a withdrawal.
    """

    def run(self, round_: Round, request: HttpRequest) -> None:
        valid, seed = posted_seed(request)
        publish = "publish" in request.POST
        # A plan for review replaces nothing yet: its publication asks.
        replaced = seated_rounds(round_, every_later=True) if publish else []
        if valid and reseat_confirmed(request, replaced):
            seating_plans.start_seating(
                tournament_id=round_.tournament_id,
                first_round=round_.number,
                rounds=None,
                actor=request.user,
                seed=seed,
                publish=publish,
                withdraw_absent=withdraw_confirmed(request),
                admit_waiting=posted_admissions(request),
            )


class SeatingRequestView(OrganiserMixin, View):
    """What the round's latest seating job asked the engine, as a file for
    ``python -m tournaments.seating`` (which gives the same plan)."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        plan = self.get_round().seating_plan
        if plan is None or not plan.request:
            raise Http404(_("No seating job has run for this round yet."))
        response = JsonResponse(plan.request)
        name = f"{slug}-round-{number}-seed-{plan.seed}.json"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


class PlanSwapView(RoundActionView):
    """Swap two players in one round of the plan under review."""

    def run(self, round_: Round, request: HttpRequest) -> None:
        plan = round_.seating_plan
        players = [(r.player_id, "") for r in round_.tournament.registrations.all()]
        form = PlanSwapForm(
            request.POST, players=players, rounds=plan.round_numbers if plan else []
        )
        if plan is None or not form.is_valid():
            messages.error(request, _("Choose a round and two players."))
            return
        seating_plans.swap_in_plan(
            plan_id=plan.pk,
            round_number=form.cleaned_data["round"],
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
            actor=request.user,
        )


class PlanPublishView(RoundActionView):
    """Publish a plan that waits for review (one started with review, via the API)."""

    def run(self, round_: Round, request: HttpRequest) -> None:
        plan = round_.seating_plan
        if plan is not None and reseat_confirmed(request, plan_seated_rounds(plan)):
            seating_plans.publish_seating(plan_id=plan.pk, actor=request.user)


def plan_seated_rounds(plan: SeatingPlan) -> list[int]:
    """The plan's rounds that already have tables (publishing replaces them)."""
    return rounds_with_tables(plan.tournament, plan.round_numbers)


class PlanCancelView(RoundActionView):
    def run(self, round_: Round, request: HttpRequest) -> None:
        plan = round_.seating_plan
        if plan is not None:
            seating_plans.cancel_seating(plan_id=plan.pk, actor=request.user)


class RoundFinishView(RoundActionView):
    def run(self, round_: Round, request: HttpRequest) -> None:
        setup.finish_round(round_id=round_.pk, actor=request.user)


class RoundReopenView(RoundActionView):
    def run(self, round_: Round, request: HttpRequest) -> None:
        setup.reopen_round(round_id=round_.pk, actor=request.user)


class TableReopenView(OrganiserMixin, View):
    """Reopen a closed table for a late correction (organisers only: a tablet
    cannot reopen what it closed)."""

    def post(
        self, request: HttpRequest, slug: str, number: int, table: int
    ) -> HttpResponse:
        round_ = self.get_round()
        table_row = get_object_or_404(Table, round=round_, number=table)
        try:
            hand_services.reopen_table(
                table_id=table_row.pk, actor=request.user, ip_address=client_ip(request)
            )
        except ERRORS as error:
            messages.error(request, error_message(error))
        # Back to the page of the round that holds the table.
        response = redirect("staff:round", slug=slug, number=number)
        response["Location"] += f"?table={table}#table-row-{table}"
        return response
