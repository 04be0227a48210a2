"""Who may read and change a league, and merge players."""

from __future__ import annotations

from typing import Any

from django.http import Http404

from leagues.models import League, LeagueEvent
from leagues.selectors.stats import league_tournaments
from leagues.selectors.visibility import audience_of
from tournaments.models import Player, Tournament
from tournaments.permissions import can_create_tournament, can_organise


def can_organise_league(user: Any, league: League) -> bool:
    if not user or not user.is_authenticated:
        return False
    return user.is_superuser or league.organisers.filter(pk=user.pk).exists()


def can_view_league(user: Any, league: League) -> bool:
    return league.is_public or can_organise_league(user, league)


def can_create_league(user: Any) -> bool:
    """The organiser permission that creates tournaments creates leagues."""
    return can_create_tournament(user)


def can_merge_players(user: Any) -> bool:
    """A merge touches every event of both players: organisers only."""
    return can_create_tournament(user)


def can_merge(user: Any, keep: Player, drop: Player) -> bool:
    """A merge rewrites every event of both players: an organiser of each
    of them (any other organiser's event, public or not, is theirs to
    correct), or the admin."""
    if not can_merge_players(user):
        return False
    if user.is_superuser:
        return True
    events = Tournament.objects.filter(registrations__player__in=[keep, drop])
    return not events.exclude(organisers=user).exists()


def managed_event(
    user: Any, league: League, event_id: int, kind: str | None = None
) -> LeagueEvent:
    """The league's event ``event_id`` for a page or call that changes it:
    only for an organiser of its tournament (a league's co-organiser does
    not run another organiser's tournament counted in it). 404 otherwise,
    so a private event's existence does not leak."""
    events = LeagueEvent.objects.select_related("tournament").filter(
        league=league, pk=event_id
    )
    if kind is not None:
        events = events.filter(kind=kind)
    event = events.first()
    if event is None or not can_organise(user, event.tournament):
        raise Http404
    return event


def league_scope(slug: str, user: Any) -> Any:
    """The tournaments of league ``slug`` that ``user`` may see, for the
    ``league=<slug>`` filter of a player's statistics
    (``tournaments.extensions.register_scope``); ``None`` for a league
    unknown or hidden from ``user`` (the API answers 404)."""
    league = League.objects.filter(slug=slug).first()
    if league is None or not can_view_league(user, league):
        return None
    return league_tournaments(league, audience_of(user))
