"""Check-in reads: the door's list, its counts, who is absent."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from tournaments.models import Registration, Signup, Tournament


@dataclass(frozen=True, slots=True)
class CheckinCounts:
    present: int
    expected: int


def expected_registrations(tournament: Tournament) -> QuerySet[Registration]:
    """Who is expected in the hall: everyone not withdrawn."""
    return tournament.registrations.exclude(status=Registration.Status.WITHDRAWN)


def checkin_counts(tournament: Tournament) -> CheckinCounts:
    expected = expected_registrations(tournament)
    return CheckinCounts(
        present=expected.filter(checked_in_at__isnull=False).count(),
        expected=expected.count(),
    )


def absent_registrations(tournament: Tournament) -> list[Registration]:
    """The expected players who have not checked in, by number."""
    return list(
        expected_registrations(tournament)
        .filter(checked_in_at__isnull=True)
        .select_related("player")
        .order_by("number")
    )


def door_waiting_list(tournament: Tournament) -> list[Signup]:
    """The waiting list in order of arrival, each with the known player who
    may be them: who may come in at the door of round 1."""
    return list(
        tournament.signups.filter(status=Signup.Status.WAITING)
        .select_related("likely_player")
        .order_by("created_at", "pk")
    )


MAX_QUERY = 80
"""Characters of a name search kept (the door's page and the API)."""


def clean_query(text: str) -> str:
    """A typed search as the list reads it: no NUL (PostgreSQL refuses one),
    trimmed, at most ``MAX_QUERY`` characters."""
    return text.replace("\x00", "").strip()[:MAX_QUERY]


def checkin_list(tournament: Tournament, query: str = "") -> list[Registration]:
    """Every registration (withdrawn ones too: a late arrival), by number,
    those whose name or club contains each word of ``query``."""
    rows = tournament.registrations.select_related("player__club").order_by("number")
    for word in query.split()[:5]:
        rows = rows.filter(
            Q(player__first_name__icontains=word)
            | Q(player__last_name__icontains=word)
            | Q(player__club__name__icontains=word)
        )
    return list(rows)
