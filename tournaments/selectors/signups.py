"""Registration's reads: the counts an organiser sees, the waiting order."""

from __future__ import annotations

from django.db.models import Count, Q

from tournaments.models import Signup, SignupOptions, Tournament


def waiting_positions(tournament: Tournament) -> dict[int, int]:
    """Each waiting sign-up's place in the queue (1 is next), by id."""
    waiting = tournament.signups.filter(status=Signup.Status.WAITING).order_by(
        "created_at", "pk"
    )
    return {pk: n for n, pk in enumerate(waiting.values_list("pk", flat=True), 1)}


def signup_counts(tournament: Tournament) -> dict[str, int]:
    """How many sign-ups of each status, how many paid, how many places free."""
    options = SignupOptions.objects.filter(tournament=tournament).first()
    capacity = options.capacity if options else 0
    by_status = {
        status: Count("pk", filter=Q(status=status)) for status in Signup.Status.values
    }
    counts = tournament.signups.aggregate(
        **by_status, paid=Count("pk", filter=Q(paid=True))
    )
    holding = sum(counts[status] for status in Signup.HOLDS_A_PLACE)
    return {
        "capacity": capacity,
        **counts,
        "free_places": max(capacity - holding, 0),
    }
