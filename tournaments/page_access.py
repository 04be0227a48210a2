"""Who may open a tournament's pages, and in which language.

``TournamentMixin`` resolves the ``slug`` URL argument and checks access once,
in ``dispatch``, as Tabbycat's ``tournaments/mixins.py`` does. A tournament the
user may not view is a 404, so a private event's existence does not leak.

Part of the tournaments' public surface: the apps that add pages to a
tournament (the leagues' team pages) use these mixins, as the tournaments'
own pages do (through ``tournaments.views.mixins``).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.conf import settings
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import translation

from tournaments.models import Round, Tournament
from tournaments.permissions import can_organise, can_view
from tournaments.selectors.rules import first_language
from tournaments.selectors.seating import with_seating_plan


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
