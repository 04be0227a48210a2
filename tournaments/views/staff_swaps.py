"""Swapping two players of a seated round, in two steps: the confirmation
names who would meet again, then the swap says where each player now sits."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View

from tournaments.display import wind_letter
from tournaments.forms import SwapForm
from tournaments.messages import error_message
from tournaments.models import Round, Seat
from tournaments.services import seating
from tournaments.services.errors import ServiceError
from tournaments.views.mixins import OrganiserMixin
from tournaments.views.staff_links import TableRow, table_rows


def swap_choices(
    rows: list[TableRow], only_waiting: bool = False
) -> list[tuple[int, str]]:
    """(Player id, "3E · Anna Bell") per seat; ``only_waiting`` keeps the
    tables that have not started, the only ones a swap may change."""
    return [
        (
            cell["seat"].registration.player_id,
            f"{row.table.number}{wind_letter(cell['seat'].wind)} · "
            f"{cell['seat'].registration.player.name}",
        )
        for row in rows
        if not only_waiting or row.state == "waiting"
        for cell in row.seats
    ]


def swap_form(request: HttpRequest, round_: Round) -> SwapForm | None:
    """The round page's swap form, or None when no table can change."""
    if round_.status not in seating.SWAPPABLE:
        return None
    choices = swap_choices(table_rows(request, round_), only_waiting=True)
    return SwapForm(players=choices) if len(choices) > 1 else None


def where(seat: Seat) -> str:
    return _("table %(table)s %(wind)s") % {
        "table": seat.table.number,
        "wind": seat.get_wind_display(),
    }


class SwapView(OrganiserMixin, View):
    """GET: the swap form on a page of its own (a round of many pages shows
    a link to it); first POST: the confirmation page; POST with "confirm":
    the swap."""

    template = "tournaments/staff/swap_confirm.html"

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        context = {
            "tournament": self.tournament,
            "round": round_,
            "swap_form": swap_form(request, round_),
        }
        return render(request, "tournaments/staff/swap.html", context)

    def post(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        # Every player of the round is a valid choice here, so that a table
        # that started since the page was shown gets the service's named error.
        form = SwapForm(request.POST, players=swap_choices(table_rows(request, round_)))
        if not form.is_valid():
            messages.error(request, _("Choose two players of this round."))
            return redirect("staff:round", slug=slug, number=number)
        ids = {
            "round_id": round_.pk,
            "first": form.cleaned_data["first"],
            "second": form.cleaned_data["second"],
        }
        try:
            if "confirm" not in request.POST:
                return self.confirmation(request, round_, ids)
            first, second = seating.swap_players(
                **ids, actor=request.user, expected_seats=form.expected_seats()
            )
        except ServiceError as error:
            messages.error(request, error_message(error))
            return redirect("staff:round", slug=slug, number=number)
        messages.success(request, swapped_message(first, second))
        return redirect("staff:round", slug=slug, number=number)

    def confirmation(
        self, request: HttpRequest, round_: Round, ids: dict[str, int]
    ) -> HttpResponse:
        meetings = seating.list_swap_meetings(**ids)
        seats = {
            seat.registration.player_id: seat
            for seat in round_.seats.filter(
                registration__player__in=[ids["first"], ids["second"]]
            ).select_related("registration__player", "table")
        }
        context: dict[str, Any] = {
            "tournament": self.tournament,
            "round": round_,
            "first": seats[ids["first"]],
            "second": seats[ids["second"]],
            "meetings": meetings,
        }
        return render(request, self.template, context)


def swapped_message(first: Seat, second: Seat) -> str:
    """ "Anna Bell and Carl Dunn swapped: Anna Bell now sits at table 5 West,
    Carl Dunn at table 3 East." (seats with their players and tables)"""
    return _(
        "%(first)s and %(second)s swapped: %(first)s now sits at %(first_place)s, "
        "%(second)s at %(second_place)s."
    ) % {
        "first": first.registration.player.name,
        "second": second.registration.player.name,
        "first_place": where(first),
        "second_place": where(second),
    }
