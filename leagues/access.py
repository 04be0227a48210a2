"""Who may read and change a league, and merge players."""

from __future__ import annotations

from typing import Any

from leagues.models import League
from tournaments.models import Player, Tournament
from tournaments.permissions import can_create_tournament


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
