"""Resolve the league, night or tournament named in a URL and check what
the user may do: 404 to those who may not see it (a private league or
event does not leak its existence), 403 to those who see it but may not
change it."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import NotFound, PermissionDenied

from leagues.access import can_organise_league, can_view_league, managed_event
from leagues.models import League, LeagueEvent
from tournaments.models import Tournament
from tournaments.permissions import can_organise, can_view


def get_league(request: Any, slug: str, *, organise: bool = False) -> League:
    """The league, readable by this user; its organisers only when
    ``organise``."""
    league = League.objects.filter(slug=slug).first()
    if league is None or not can_view_league(request.user, league):
        raise NotFound()
    if organise and not can_organise_league(request.user, league):
        raise PermissionDenied()
    return league


def get_night(request: Any, slug: str, event: int) -> LeagueEvent:
    """A club night of the league, for the league's organisers."""
    league = get_league(request, slug, organise=True)
    return managed_event(request.user, league, event, LeagueEvent.Kind.NIGHT)


def get_tournament(request: Any, slug: str, *, write: bool = False) -> Tournament:
    """The tournament, readable by this user; its organisers only when
    ``write``."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not can_view(request.user, tournament):
        raise NotFound()
    if write and not can_organise(request.user, tournament):
        raise PermissionDenied()
    return tournament
