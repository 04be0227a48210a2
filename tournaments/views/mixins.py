"""What every page view shares: the tournament of the URL and who may see it
(``tournaments.page_access``, which the leagues' pages use too), the tablet's
token, and the htmx partial.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from config.client_address import client_ip
from tournaments.models import Table

# Re-exported: the tournaments' pages import the access mixins from here.
from tournaments.page_access import OrganiserMixin as OrganiserMixin
from tournaments.page_access import TournamentMixin as TournamentMixin
from tournaments.page_access import open_in_first_language
from tournaments.views import tablet_answers


class TableTokenMixin:
    """Tablet pages: the secret token in the URL is the write permission."""

    request: HttpRequest
    kwargs: dict[str, Any]

    @cached_property
    def table(self) -> Table:
        return self.read_table()

    def read_table(self) -> Table:
        """The table of the link, with its round and tournament (404 if none)."""
        return get_object_or_404(
            Table.objects.select_related("round__tournament"),
            token=self.kwargs["token"],
        )

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        """A link no table has answers Muraille's own page (it may have been
        replaced); every answer says what it was (``tablet_answers``)."""
        try:
            table = self.table
        except Http404:
            return tablet_answers.link_gone(request)
        open_in_first_language(request, table.round.tournament.ruleset)
        response = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        return tablet_answers.label(request, response)

    def service_context(self) -> dict[str, Any]:
        """Who writes, for the audit trail of every service call."""
        return {
            "actor": self.request.user,
            "actor_label": f"tablet {self.table}",
            "ip_address": client_ip(self.request),
        }


def render_page(
    request: HttpRequest,
    template: str,
    partial: str,
    context: dict[str, Any],
    status: int = 200,
) -> HttpResponse:
    """The full page, or only its partial when htmx asked for it.

    htmx does not swap 4xx responses by default, so a partial carrying form
    errors is sent as 200; plain browsers and API-like clients get the status.
    """
    if getattr(request, "htmx", False):
        return render(request, partial, context)
    return render(request, template, context, status=status)
