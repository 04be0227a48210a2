"""Organiser pages of a round's tables: the self-refreshing table list, the
tablet links with their QR codes, a new link for a table, and the printable
slips and paper score sheets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views import View

from tournaments.clock import ClockReading
from tournaments.messages import error_message
from tournaments.models import Round, Table
from tournaments.selectors.clock import get_table_clock
from tournaments.selectors.rules import ruleset_for
from tournaments.selectors.table_state import seat_cells
from tournaments.selectors.tables import list_round_tables
from tournaments.services import seating
from tournaments.services.errors import ServiceError
from tournaments.venue.links import table_link
from tournaments.views.mixins import OrganiserMixin

POLL_SECONDS = 15
"""How often the round page refreshes its table list."""


def qr_svg(link: str, scale: int = 3) -> SafeString:
    """The link as an inline SVG QR code (no image file, crisp on paper)."""
    code = segno.make(link, error="m")
    # segno writes only the SVG elements, from a URL it encodes: no markup
    # of the visitor's reaches the page.
    return mark_safe(code.svg_inline(scale=scale, title=link, omitsize=True))


def hands_per_session(round_: Round) -> int | None:
    """The session's hand count when the rule set has a fixed one (MCR: 16)."""
    ruleset, options = ruleset_for(round_.tournament)
    return ruleset.hands_per_session(options)


@dataclass(frozen=True)
class TableRow:
    table: Table
    seats: list[dict[str, Any]]
    link: str
    hand_count: int
    clock: ClockReading | None = None
    """The table's time left, once the round's clock has started."""
    check_count: int = 0
    """Hands whose typed points the referee must check (their winds
    changed: ``Hand.needs_check``)."""

    @property
    def state(self) -> str:
        """ "closed", "playing" or "waiting" (no hand yet)."""
        if self.table.is_closed:
            return "closed"
        return "playing" if self.hand_count else "waiting"


def table_rows(request: HttpRequest, round_: Round) -> list[TableRow]:
    """The round's tables with their seats (East first), link and hand count."""
    tables = list_round_tables(round_).annotate(
        hand_count=Count("hands"),
        check_count=Count("hands", filter=Q(hands__needs_check=True)),
    )
    clock_started = round_.clock_started_at is not None or round_.clock_elapsed_s
    return [
        TableRow(
            table=table,
            seats=seat_cells(table),
            link=table_link(request, table.token),
            hand_count=table.hand_count,
            check_count=table.check_count,
            clock=get_table_clock(table) if clock_started else None,
        )
        for table in tables
    ]


def tables_context(request: HttpRequest, round_: Round) -> dict[str, Any]:
    """What the polled table list shows: rows and the playing/closed summary."""
    rows = table_rows(request, round_)
    states = [row.state for row in rows]
    return {
        "tournament": round_.tournament,
        "round": round_,
        "rows": rows,
        "closed_count": states.count("closed"),
        "playing_count": states.count("playing"),
        "waiting_count": states.count("waiting"),
        "hands_total": hands_per_session(round_),
        "poll_seconds": POLL_SECONDS,
    }


class RoundTablesView(OrganiserMixin, View):
    """The round page's table list alone, polled by htmx every 15 s."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        return render(
            request,
            "tournaments/staff/_round_tables.html",
            tables_context(request, self.get_round()),
        )


class RoundPrintView(OrganiserMixin, View):
    """One slip per table (players, QR code, link) and a paper score sheet per
    table, for the room and for tablets that fail."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        rows = table_rows(request, round_)
        context = {
            "tournament": self.tournament,
            "round": round_,
            "slips": [{"row": row, "qr": qr_svg(row.link, scale=4)} for row in rows],
            "hand_numbers": range(1, (hands_per_session(round_) or 16) + 1),
        }
        return render(request, "tournaments/staff/round_print.html", context)


class TableNewLinkView(OrganiserMixin, View):
    """Replace a table's secret link (the confirmation is on the round page)."""

    def post(
        self, request: HttpRequest, slug: str, number: int, table: int
    ) -> HttpResponse:
        table_row = get_object_or_404(Table, round=self.get_round(), number=table)
        try:
            seating.rotate_table_token(table_id=table_row.pk, actor=request.user)
        except ServiceError as error:
            messages.error(request, error_message(error))
        else:
            messages.success(
                request,
                _(
                    "Table %(table)s has a new link: the old one no longer works. "
                    "Open the new link on the table's tablet."
                )
                % {"table": table},
            )
        response = redirect("staff:round", slug=slug, number=number)
        response["Location"] += f"#table-{table}"
        return response
