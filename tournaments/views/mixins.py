"""What every page view shares: the tournament of the URL and who may see it.

``TournamentMixin`` resolves the ``slug`` URL argument and checks access once,
in ``dispatch``, as Tabbycat's ``tournaments/mixins.py`` does. A tournament the
user may not view is a 404, so a private event's existence does not leak.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.conf import settings
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import translation

from config.client_address import client_ip
from tournaments.models import Round, Table, Tournament
from tournaments.permissions import can_organise, can_view
from tournaments.selectors.seating import with_seating_plan
from tournaments.services.rules import first_language
from tournaments.views import tablet_answers


def number_or_404(value: str, default: int | None = None) -> int:
    """A row number or id that a page's own form sends (a round, an event).

    Anything else was not sent by the page: 404, not a crash on ``int()``
    (which also reads "²" or "٣" as digits) or on a number past the
    database's integers. ``default`` stands for an empty value."""
    if not value and default is not None:
        return default
    if not (value.isascii() and value.isdigit()) or len(value) > 9:
        raise Http404
    return int(value)


def open_in_first_language(request: HttpRequest, ruleset: str) -> None:
    """Show the page in the rule set's first language (French classic and
    the encyclopaedia scoring: French) unless the visitor chose a language
    in the menu (its cookie). A browser's Accept-Language is not a choice:
    a French club's tablet opens in French whatever the device says."""
    if settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
        return
    language = first_language(ruleset)
    if language is not None:
        translation.activate(language)
        request.LANGUAGE_CODE = language


class TournamentMixin:
    """Resolve ``kwargs["slug"]``; ``access`` is "view" or "organise"."""

    access = "view"
    request: HttpRequest
    kwargs: dict[str, Any]

    @cached_property
    def tournament(self) -> Tournament:
        return get_object_or_404(Tournament, slug=self.kwargs["slug"])

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if not can_view(request.user, self.tournament):
            raise Http404
        if self.access == "organise" and not can_organise(
            request.user, self.tournament
        ):
            raise PermissionDenied
        open_in_first_language(request, self.tournament.ruleset)
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]

    def get_round(self) -> Round:
        round_ = get_object_or_404(
            Round.objects.select_related("tournament"),
            tournament=self.tournament,
            number=self.kwargs["number"],
        )
        return with_seating_plan(round_)


class OrganiserMixin(LoginRequiredMixin, TournamentMixin):
    """Staff pages: a signed-in organiser of the tournament (or a superuser)."""

    access = "organise"


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
