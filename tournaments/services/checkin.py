"""Check-in on the day: who is in the hall (issue 30).

The organiser marks players present (or undoes it) from the door; a player
checks themselves in from the entrance QR code once self check-in opens.
Round 1 of an event that uses check-in seats the checked-in players only:
``withdraw_absent`` withdraws the others once the organiser confirmed it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.models import Registration, Tournament
from tournaments.selectors.checkin import absent_registrations
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows
from tournaments.services.setup import set_registration_status


def _locked_registration(tournament_id: int, registration_id: int) -> Registration:
    registration = (
        lock_rows(
            Registration.objects.filter(pk=registration_id, tournament_id=tournament_id)
        )
        .select_related("tournament", "player")
        .first()
    )
    if registration is None:
        raise ServiceError(
            "unknown_registration", field="registration", registration=registration_id
        )
    return registration


@transaction.atomic
def set_present(
    *,
    tournament_id: int,
    registration_id: int,
    present: bool,
    actor: Actor,
    actor_label: str = "",
    ip_address: str | None = None,
) -> Registration:
    """Mark a player present (``checkin.mark``) or not (``checkin.undo``).

    Idempotent: a second tap with the same answer changes nothing and records
    nothing (two organisers at the door may tap the same name).
    """
    registration = _locked_registration(tournament_id, registration_id)
    if present == (registration.checked_in_at is not None):
        return registration
    before = {"checked_in_at": _iso(registration.checked_in_at)}
    registration.checked_in_at = timezone.now() if present else None
    registration.save(update_fields=["checked_in_at"])
    # Literal actions: tests/integration/test_audit_actions.py reads them.
    audit = {"actor": actor, "before": before, "actor_label": actor_label}
    if present:
        _record(registration, action="checkin.mark", ip_address=ip_address, **audit)
    else:
        _record(registration, action="checkin.undo", ip_address=ip_address, **audit)
    return registration


def check_self_checkin_open(tournament: Tournament, now: datetime) -> None:
    """Refuse a self check-in the organiser has not opened yet."""
    opens = tournament.self_checkin_opens_at
    if not tournament.uses_checkin or opens is None:
        raise ServiceError("self_checkin_not_used")
    if now < opens:
        raise ServiceError(
            "self_checkin_not_open", opens=timezone.localtime(opens).strftime("%H:%M")
        )


@transaction.atomic
def self_check_in(
    *, tournament_id: int, registration_id: int, ip_address: str | None = None
) -> Registration:
    """A player checks themselves in at the entrance (no account).

    A withdrawn player is sent to the organiser: coming back is the
    organiser's decision (the substitute rules).
    """
    tournament = Tournament.objects.get(pk=tournament_id)
    check_self_checkin_open(tournament, timezone.now())
    registration = _locked_registration(tournament_id, registration_id)
    if registration.status == Registration.Status.WITHDRAWN:
        raise ServiceError("checkin_withdrawn", player=str(registration.player))
    return set_present(
        tournament_id=tournament_id,
        registration_id=registration_id,
        present=True,
        actor=None,
        actor_label="self check-in",
        ip_address=ip_address,
    )


def withdraw_absent(tournament: Tournament, actor: Actor) -> list[Registration]:
    """Withdraw the players who did not check in, before round 1 is seated
    (each through the registration status service, so each is audited).
    Precondition: inside the seating's transaction, the tournament locked."""
    absent = absent_registrations(tournament)
    for registration in absent:
        set_registration_status(
            registration=registration,
            status=Registration.Status.WITHDRAWN,
            actor=actor,
        )
    return absent


def check_round_one_checkin(
    tournament: Tournament, first_round: int, *, withdraw: bool, actor: Actor
) -> None:
    """Round 1 of an event that uses check-in seats the checked-in players
    only: absentees refuse the seating until the organiser confirms their
    withdrawal. Events without check-in are not touched."""
    if first_round != 1 or not tournament.uses_checkin:
        return
    if withdraw:
        withdraw_absent(tournament, actor)
        return
    absent = absent_registrations(tournament)
    if absent:
        raise ServiceError(
            "absent_players",
            field="withdraw_absent",
            count=len(absent),
            players=", ".join(str(r.player) for r in absent),
        )


def _record(
    registration: Registration,
    *,
    action: str,
    actor: Actor,
    before: dict[str, Any],
    actor_label: str,
    ip_address: str | None,
) -> None:
    record_event(
        tournament=registration.tournament,
        action=action,
        obj=registration,
        actor=actor,
        before=before,
        after={"checked_in_at": _iso(registration.checked_in_at)},
        actor_label=actor_label,
        ip_address=ip_address,
    )


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None
