"""An event at the door of round 1: registration full, a waiting list, and
the players present checked in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.integration.round_helpers import organised
from tests.integration.signups.helpers import open_registration, sign_up
from tournaments.models import Registration, Signup, Tournament
from tournaments.services import checkin, signups

PLACES = [
    "Anna Bell", "Bo Chen", "Carl Dunn", "Dora Eck",
    "Emil Falk", "Fay Gale", "Gus Hart", "Hana Ito",
]  # fmt: skip
WAITING = ["Ivo Jahn", "Jon Kurz", "Kim Lutz"]


@dataclass
class Door:
    tournament: Tournament
    registered: list[Registration]  # the eight places, confirmed
    waiting: list[Signup]  # in order of arrival

    @property
    def absent(self) -> list[Registration]:
        return [r for r in self.registered if r.checked_in_at is None]


def at_the_door(organiser: Any, *, present: int = 6) -> Door:
    """Eight places confirmed, three on the waiting list; the first
    ``present`` of the eight checked in."""
    tournament = organised(organiser, uses_checkin=True)
    open_registration(tournament, organiser, capacity=len(PLACES))
    holders = [sign_up(tournament, name) for name in PLACES]
    waiting = [sign_up(tournament, name) for name in WAITING]
    registered = []
    for signup in holders:
        # A second event of one test finds the first's players: the same.
        same = True if signup.likely_player else None
        signups.confirm_signup(signup_id=signup.pk, actor=organiser, same_player=same)
        signup.refresh_from_db()
        registered.append(signup.registration)
    for registration in registered[:present]:
        checkin.set_present(
            tournament_id=tournament.pk,
            registration_id=registration.pk,
            present=True,
            actor=organiser,
        )
    for registration in registered:
        registration.refresh_from_db()
    return Door(tournament, registered, waiting)
