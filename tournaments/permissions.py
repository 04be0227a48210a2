"""Who may read and write a tournament; shared by pages and the API."""

from __future__ import annotations

from typing import Any

from tournaments.models import Tournament


def can_organise(user: Any, tournament: Tournament) -> bool:
    if not user or not user.is_authenticated:
        return False
    return user.is_superuser or tournament.organisers.filter(pk=user.pk).exists()


def can_referee(user: Any, tournament: Tournament) -> bool:
    """Organisers and the tournament's referees may write at any table."""
    if can_organise(user, tournament):
        return True
    return bool(
        user
        and user.is_authenticated
        and tournament.referees.filter(pk=user.pk).exists()
    )


def can_view(user: Any, tournament: Tournament) -> bool:
    return tournament.is_public or can_referee(user, tournament)
