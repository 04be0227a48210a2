"""The league of the URL and who may see or change it."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from leagues.access import can_organise_league, can_view_league
from leagues.models import League
from tournaments.page_access import open_in_first_language
from tournaments.permissions import TournamentCreatorRequiredMixin


class LeagueMixin:
    """Resolve ``kwargs["slug"]``; ``access`` is "view" or "organise". A
    private league is a 404 to others, so its existence does not leak."""

    access = "view"
    request: HttpRequest
    kwargs: dict[str, Any]

    @cached_property
    def league(self) -> League:
        return get_object_or_404(League, slug=self.kwargs["slug"])

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if not can_view_league(request.user, self.league):
            raise Http404
        if self.access == "organise" and not can_organise_league(
            request.user, self.league
        ):
            raise PermissionDenied
        open_in_first_language(request, self.league.ruleset)
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]


class LeagueOrganiserMixin(TournamentCreatorRequiredMixin, LeagueMixin):
    """Organisers' league pages: signed in, with the organiser right (403
    without it, before the league is even looked up), and organising it."""

    access = "organise"
