"""The round clock on the room's pages: the tablet, the projector, the clock page.

``templates/tournaments/_clock.html`` shows a clock from two context names:
``clock`` (a ``ClockReading``) and ``clock_url`` (where it polls to re-sync).
``table_clock_context`` and ``round_clock_context`` build them; a page that
has only ``round`` gets a clock that loads itself (with JavaScript).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views import View
from django_htmx.http import HttpResponseClientRefresh

from tournaments.messages import error_message
from tournaments.models import Round, Table
from tournaments.selectors.clock import get_round_clock, get_table_clock
from tournaments.services.errors import ServiceError
from tournaments.services.tables import check_round_open
from tournaments.views.mixins import TableTokenMixin, TournamentMixin

CLOCK = "tournaments/_clock.html"
LABELLED = "labelled"
"""The query parameter of a clock that names its round (the projector's)."""


def round_notice(round_: Round) -> str:
    """Why the round's tables take no hands ("not started yet", "finished")."""
    try:
        check_round_open(round_)
    except ServiceError as error:
        return error_message(error)
    return ""


def table_clock_context(table: Table) -> dict[str, Any]:
    """For the tablet: the table's clock, and whether its sheet takes writes.

    A round that is not open (a later round, a finished one) shows its notice
    and no clock; its sheet is read-only.
    """
    notice = round_notice(table.round)
    show_clock = not notice and not table.is_closed
    return {
        "clock": get_table_clock(table) if show_clock else None,
        "clock_url": reverse("referee:table-clock", kwargs={"token": table.token}),
        "round_notice": notice,
        "sheet_writable": not notice and not table.is_closed,
    }


def round_clock_context(round_: Round, labelled: bool = False) -> dict[str, Any]:
    """For the projector and the organiser: the clock every table shares.

    ``labelled`` names the round on the clock face ("Round 2"): the
    projector's boards show the round being played, which may not be the
    round of the board. Its polls keep the label (``?labelled=1``).
    """
    url = reverse(
        "public:round-clock",
        kwargs={"slug": round_.tournament.slug, "number": round_.number},
    )
    return {
        "clock": get_round_clock(round_),
        "clock_url": f"{url}?{LABELLED}=1" if labelled else url,
        "clock_round": round_ if labelled else None,
    }


def extended_tables(round_: Round) -> list[Table]:
    """The round's tables that were given extra time of their own."""
    return list(round_.tables.filter(extra_minutes__gt=0).order_by("number"))


class TableClockView(TableTokenMixin, View):
    """The tablet's clock, polled by htmx to correct the browser's count."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return render(request, CLOCK, table_clock_context(self.table))


class RoundClockPageView(TournamentMixin, View):
    """The clock for the room (a projector): the time left in huge type.

    Public as the tournament is; htmx polls get the clock alone.
    """

    template = "tournaments/public/clock.html"

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        labelled = request.GET.get(LABELLED) == "1"
        context = {
            "tournament": self.tournament,
            "round": round_,
            "extended_tables": extended_tables(round_),
            **round_clock_context(round_, labelled=labelled),
        }
        if getattr(request, "htmx", False):
            if round_.status == Round.Status.FINISHED:
                # The whole page then says the round is over.
                return HttpResponseClientRefresh()
            return render(request, CLOCK, context)
        return render(request, self.template, context)
