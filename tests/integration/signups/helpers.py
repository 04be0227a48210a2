"""A tournament with registration open, and sign-ups made through the service."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from tournaments.models import SignupOptions, Tournament
from tournaments.services import signups


def open_registration(
    tournament: Tournament, organiser: Any, capacity: int = 2, **options: Any
) -> SignupOptions:
    now = timezone.now()
    return signups.set_signup_options(
        tournament_id=tournament.pk,
        actor=organiser,
        opens_at=options.pop("opens_at", now - timedelta(days=1)),
        closes_at=options.pop("closes_at", now + timedelta(days=10)),
        capacity=capacity,
        **{
            "questions": [
                {"key": "meal", "label": "Vegetarian meal?", "kind": "yes_no"}
            ],
            **options,
        },
    )


def sign_up(tournament: Tournament, name: str, language: str = "en", **fields: Any):
    first, _, last = name.partition(" ")
    return signups.create_signup(
        tournament_id=tournament.pk,
        fields={
            "first_name": first,
            "last_name": last,
            "email": f"{first.lower()}@example.org",
            **fields,
        },
        language=language,
    )
