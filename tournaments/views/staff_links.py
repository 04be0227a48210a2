"""Organiser pages of a round's tables: the self-refreshing table list, the
tablet links with their QR codes, a new link for a table, and the printable
slips and paper score sheets.

What they cost does not grow with the event (issue 31: 800 tables cost
4.8 s and 3.4 MB a view, 82% of it drawing 800 QR codes on every view):

- the tables come ``TABLES_PER_PAGE`` at a time, with a "go to table" field;
  the summary counts every table in one aggregate query;
- a QR code is drawn once per link (both sizes at once) and kept in the
  cache: it changes only when the link does (a new token, another host).
  It stays an inline SVG, so the page needs nothing but the server that
  sent it (the venue's laptop, without internet) and prints as it shows;
- the table list's poll carries an ETag of what it shows and answers 304
  when nothing changed; the time left counts down in the browser;
- the slips and score sheets of the print page are rendered once per
  seating (and language and host) and kept in the cache.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
)
from django.utils.http import quote_etag
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View

from tournaments.clock import ClockReading
from tournaments.messages import error_message
from tournaments.models import Round, Table
from tournaments.qr_codes import (
    QR_CACHE_SECONDS,
    link_digest,
    page_qr_codes,
    qr_svg,
)
from tournaments.selectors.clock import get_round_clock, get_table_clock
from tournaments.selectors.round_page import (
    TablesPage,
    TablesSummary,
    seating_signature,
    tables_summary,
)
from tournaments.selectors.rules import ruleset_for
from tournaments.selectors.single_flight import cached_once
from tournaments.selectors.table_state import seat_cells
from tournaments.selectors.tables import list_round_tables
from tournaments.services import seating
from tournaments.services.errors import ServiceError
from tournaments.venue.links import table_link
from tournaments.views.mixins import OrganiserMixin

POLL_SECONDS = 15
"""How often the round page refreshes its table list."""

#: Seconds the print page's slips and sheets stay in the cache (their key
#: names the seating, so a new seating or a new link makes a new key).
PRINT_CACHE_SECONDS = 24 * 3600


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


def table_rows(
    request: HttpRequest, round_: Round, positions: range | None = None
) -> list[TableRow]:
    """The round's tables with their seats (East first), link and hand
    count; only those at ``positions`` (a page of them) when given."""
    tables = list_round_tables(round_).annotate(
        hand_count=Count("hands"),
        check_count=Count("hands", filter=Q(hands__needs_check=True)),
    )
    if positions is not None:
        tables = tables[positions.start : positions.stop]
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


def tables_etag(
    request: HttpRequest, round_: Round, summary: TablesSummary, page: TablesPage
) -> str:
    """The ETag of the table list's poll: what the page of tables shows.

    The tables' version and the round's status and clock; the time left
    counts down in the browser, so a running clock changes the list only
    once the round's time is up, when a table's "time is up" may show: then
    once a minute (a table's extension is whole minutes)."""
    clock = get_round_clock(round_)
    minutes_over = -clock.seconds_left // 60 + 1 if clock.is_over else 0
    user = getattr(request, "user", None)
    parts = [
        str(round_.pk),
        summary.version,
        round_.status,
        str(round_.clock_started_at),
        str(round_.clock_elapsed_s),
        str(round_.clock_extra_minutes),
        str(round_.tournament.session_minutes),
        str(minutes_over if clock.running else ""),
        str(page.number),
        get_language() or "",
        str(user.pk if user is not None and user.is_authenticated else ""),
    ]
    return quote_etag(hashlib.sha256("|".join(parts).encode()).hexdigest()[:32])


def tables_context(
    request: HttpRequest,
    round_: Round,
    summary: TablesSummary | None = None,
    page: TablesPage | None = None,
) -> dict[str, Any]:
    """What the polled table list shows: a page of rows, the summary of
    every table, the pages, and the ETag of the poll."""
    summary = summary or tables_summary(round_)
    page = page or TablesPage.of(request.GET, round_, summary.count)
    return {
        "tournament": round_.tournament,
        "round": round_,
        "rows": table_rows(request, round_, page.positions),
        "page": page,
        "closed_count": summary.closed,
        "playing_count": summary.playing,
        "waiting_count": summary.waiting,
        "hands_total": hands_per_session(round_),
        "poll_seconds": POLL_SECONDS,
        "tables_etag": tables_etag(request, round_, summary, page),
    }


class RoundTablesView(OrganiserMixin, View):
    """The round page's table list alone, polled by htmx every 15 s: 304
    while nothing it shows changed (no table row is read then)."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        summary = tables_summary(round_)
        page = TablesPage.of(request.GET, round_, summary.count)
        etag = tables_etag(request, round_, summary, page)
        response = get_conditional_response(request, etag=etag)
        if response is None:
            response = render(
                request,
                "tournaments/staff/_round_tables.html",
                tables_context(request, round_, summary, page),
            )
        response.headers["ETag"] = etag
        # Revalidate every time: the organiser must never see old tables.
        patch_cache_control(response, no_cache=True, private=True)
        patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
        return response


class RoundPrintView(OrganiserMixin, View):
    """One slip per table (players, QR code, link) and a paper score sheet per
    table, for the room and for tablets that fail."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = self.get_round()
        context = {
            "tournament": self.tournament,
            "round": round_,
            "printed": printed_tables(request, round_),
        }
        return render(request, "tournaments/staff/round_print.html", context)


def printed_tables(request: HttpRequest, round_: Round) -> SafeString:
    """The slips and score sheets, rendered once per seating: the key names
    the round's tables and seats (a new seating, swap or link is a new key),
    the host the links carry and the language.

    A fresh seating's codes not drawn yet (beyond ``QR_DRAWN_PER_VIEW``)
    come as images, drawn by their own requests (800 codes in one request
    took 5-7 s); that version is not kept, and the next view, every code
    drawn by then, is the one kept."""
    parts = [
        str(round_.pk),
        seating_signature(round_),
        table_link(request, "0"),  # where the links point: scheme, host, port
        get_language() or "",
    ]
    digest = hashlib.sha256("|".join(parts).encode()).hexdigest()[:40]

    def render_tables() -> tuple[str, bool]:
        rows = table_rows(request, round_)
        codes = page_qr_codes([row.link for row in rows], scale=4)
        context = {
            "tournament": round_.tournament,
            "round": round_,
            "slips": [
                {"row": row, "qr": qr, "digest": link_digest(row.link)}
                for row, qr in zip(rows, codes, strict=True)
            ],
            "hand_numbers": range(1, (hands_per_session(round_) or 16) + 1),
        }
        html = render_to_string(
            "tournaments/staff/_round_print_tables.html", context, request
        )
        return html, None not in codes

    html, _complete = cached_once(
        f"round-print:{digest}",
        render_tables,
        PRINT_CACHE_SECONDS,
        keep=lambda rendered: rendered[1],
    )
    # The template's own output, escaped when it was rendered.
    return mark_safe(html)


class TableQrView(OrganiserMixin, View):
    """A table's QR code as an SVG image, for the round page's codes not
    drawn yet. ``?v=`` names the link (a digest, not the secret): a new
    link is a new URL, so the browser keeps each one as long as it likes."""

    def get(
        self, request: HttpRequest, slug: str, number: int, table: int
    ) -> HttpResponse:
        table_row = get_object_or_404(Table, round=self.get_round(), number=table)
        link = table_link(request, table_row.token)
        svg = str(qr_svg(link)).replace("<svg ", f'<svg xmlns="{SVG_NS}" ', 1)
        response = HttpResponse(svg, content_type="image/svg+xml")
        response.headers["ETag"] = quote_etag(link_digest(link))
        if request.GET.get("v") == link_digest(link):
            patch_cache_control(response, private=True, max_age=QR_CACHE_SECONDS)
        else:
            patch_cache_control(response, private=True, no_cache=True)
        return response


SVG_NS = "http://www.w3.org/2000/svg"


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
        response["Location"] += f"?table={table}#table-{table}"
        return response
