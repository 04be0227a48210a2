"""Whose eyes read a league or a career: the one rule for which events count.

A public league may count a private tournament (its organiser added it):
its results are for its organisers, not for the league's readers. Every
selector that reads a league's events or a player's sessions takes an
``Audience`` and keeps only the tournaments it may see: the public ones,
those its account organises, or every one for a superuser (and for the
house's own jobs). The rule is the tournaments' own (``can_organise``),
without the referees: a referee's right is to a table, not to a career.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from tournaments.models import Tournament


@dataclass(frozen=True)
class Audience:
    """``everything``: every event (a superuser, or the house's own code);
    else the public events plus those ``organiser_id`` organises."""

    everything: bool = False
    organiser_id: int | None = None

    def tournaments(self, path: str = "") -> Q:
        """The visible tournaments, as a filter on a queryset whose
        tournament is reached by ``path`` ("" for ``Tournament`` itself,
        e.g. "round__tournament" for ``SeatResult``)."""
        if self.everything:
            return Q()
        prefix = f"{path}__" if path else ""
        visible = Q(**{f"{prefix}is_public": True})
        if self.organiser_id is not None:
            organised = Tournament.objects.filter(organisers=self.organiser_id)
            visible |= Q(**{f"{prefix}pk__in": organised.values("pk")})
        return visible

    @property
    def key(self) -> str:
        """A cache key part: two audiences that may see different events
        never share a cached page."""
        if self.everything:
            return "all"
        return "public" if self.organiser_id is None else f"u{self.organiser_id}"


PUBLIC = Audience()
EVERYTHING = Audience(everything=True)


def audience_of(user: Any) -> Audience:
    """The audience of a request's account (anonymous: the public)."""
    if not user or not user.is_authenticated:
        return PUBLIC
    if user.is_superuser:
        return EVERYTHING
    # An account that organises nothing reads what the public reads (and
    # shares its cached pages).
    if not Tournament.objects.filter(organisers=user).exists():
        return PUBLIC
    return Audience(organiser_id=user.pk)


def audience_from_key(key: str) -> Audience:
    """The audience whose ``key`` this is (a job stores the key of the
    readers it builds for)."""
    if key == "all":
        return EVERYTHING
    if key.startswith("u") and key[1:].isdigit():
        return Audience(organiser_id=int(key[1:]))
    return PUBLIC
