"""Check-in on the day: who is in the hall (issue 30).

The organiser marks players present (or undoes it) from the door; a player
checks themselves in from the entrance QR code once self check-in opens.
Round 1 of an event that uses check-in seats the checked-in players only:
``withdraw_absent`` withdraws the others once the organiser confirmed it, and
``admit_from_waiting_list`` lets in, in the same step, the players of the
waiting list who came to the door anyway (registered, checked in, told).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.models import Registration, Signup, SignupOptions, Tournament
from tournaments.selectors.checkin import absent_registrations
from tournaments.selectors.seating import seated_registrations
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows
from tournaments.services.setup import set_registration_status
from tournaments.services.signups import register_signup

#: At most this many players come in from the waiting list in one step (a
#: bound on the rows one request locks and creates).
MAX_ADMISSIONS = 200


@dataclass(frozen=True, slots=True)
class Admission:
    """A waiting-list player the organiser lets in at the door. When a known
    player looks like them, ``same_player`` says whether it is that player
    (as when a sign-up is confirmed: never merged alone)."""

    signup_id: int
    same_player: bool | None = None


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

    A no-show's sign-up no longer holds a place (``signup.no_show``): the
    place is the door's to give (``admit_from_waiting_list``), so the
    waiting list is not promoted here, and nobody is e-mailed.
    Precondition: inside the seating's transaction, the tournament locked.
    """
    absent = absent_registrations(tournament)
    for registration in absent:
        set_registration_status(
            registration=registration,
            status=Registration.Status.WITHDRAWN,
            actor=actor,
        )
    holding = lock_rows(
        Signup.objects.filter(registration__in=absent, status__in=Signup.HOLDS_A_PLACE)
    )
    for signup in holding:
        before = {"status": signup.status}
        signup.status = Signup.Status.CANCELLED
        signup.save(update_fields=["status"])
        record_event(
            tournament=tournament,
            action="signup.no_show",
            obj=signup,
            actor=actor,
            before=before,
            after={"status": signup.status},
        )
    return absent


def admit_from_waiting_list(
    tournament: Tournament, admissions: Sequence[Admission], actor: Actor
) -> list[Registration]:
    """Register and check in the waiting-list players who came to the door
    (``checkin.admit``), each as a confirmed sign-up is registered, and told
    by e-mail.

    Refused, before anything is written, for a sign-up that is not on this
    event's waiting list, a known look-alike not answered for, or more
    players than the places the no-shows leave.
    Precondition: inside the seating's transaction, the tournament locked
    (the sign-ups are locked here, after it).
    """
    wanted = {a.signup_id: a for a in admissions}
    signups = _waiting_signups(tournament, wanted)
    _check_places(tournament, len(wanted))
    admitted = []
    for signup in sorted(signups.values(), key=lambda s: (s.created_at, s.pk)):
        registration = register_signup(
            tournament, signup, wanted[signup.pk].same_player
        )
        registration.checked_in_at = timezone.now()
        registration.save(update_fields=["checked_in_at"])
        record_event(
            tournament=tournament,
            action="checkin.admit",
            obj=registration,
            actor=actor,
            after={
                "signup": signup.pk,
                "player": registration.player_id,
                "checked_in_at": _iso(registration.checked_in_at),
            },
        )
        admitted.append(registration)
    return admitted


def _waiting_signups(
    tournament: Tournament, wanted: dict[int, Admission]
) -> dict[int, Signup]:
    """The sign-ups let in, locked, each checked: on this event's waiting
    list, its known look-alike answered for."""
    if len(wanted) > MAX_ADMISSIONS:
        raise ServiceError(
            "too_many_admissions", field="admit_waiting", max=MAX_ADMISSIONS
        )
    signups = {
        s.pk: s
        for s in lock_rows(
            Signup.objects.filter(tournament=tournament, pk__in=list(wanted))
        ).select_related("likely_player")
    }
    for admission in wanted.values():
        signup = signups.get(admission.signup_id)
        if signup is None or signup.status != Signup.Status.WAITING:
            raise ServiceError(
                "not_on_waiting_list",
                field="admit_waiting",
                name=str(signup) if signup else str(admission.signup_id),
            )
        if signup.likely_player is not None and admission.same_player is None:
            raise ServiceError(
                "door_same_player_unanswered",
                field="admit_waiting",
                name=str(signup),
                player=signup.likely_player.name,
            )
    return signups


def _check_places(tournament: Tournament, count: int) -> None:
    """The door lets in no more players than the places the no-shows free
    (the registration's capacity holds on the day too)."""
    options = SignupOptions.objects.filter(tournament=tournament).first()
    holders = tournament.signups.filter(status__in=Signup.HOLDS_A_PLACE)
    no_shows = holders.filter(registration__in=absent_registrations(tournament)).count()
    free = (options.capacity if options else 0) - holders.count() + no_shows
    if count > free:
        raise ServiceError(
            "waiting_list_over_capacity",
            field="admit_waiting",
            free=max(free, 0),
            count=count,
        )


def check_round_one_checkin(
    tournament: Tournament,
    first_round: int,
    *,
    withdraw: bool,
    actor: Actor,
    admit: Sequence[Admission] = (),
) -> None:
    """Round 1 of an event that uses check-in seats the checked-in players
    only: absentees refuse the seating until the organiser confirms their
    withdrawal, and the waiting-list players the organiser lets in at the
    door (``admit``) are registered and checked in in the same step. Events
    without check-in are not touched (and let nobody in at the door)."""
    if first_round != 1 or not tournament.uses_checkin:
        if admit:
            raise ServiceError("waiting_list_round_one_only", field="admit_waiting")
        return
    absent = absent_registrations(tournament)
    if absent and not withdraw:
        raise ServiceError(
            "absent_players",
            field="withdraw_absent",
            count=len(absent),
            players=", ".join(str(r.player) for r in absent),
        )
    admitted = admit_from_waiting_list(tournament, admit, actor) if admit else []
    if withdraw:
        withdraw_absent(tournament, actor)
    count = len(seated_registrations(tournament))
    if admitted and count % 4:
        # Named here rather than by the seating's count check: the
        # organiser's choice of the waiting list is what to change.
        raise ServiceError(
            "door_count_not_multiple_of_four",
            field="admit_waiting",
            count=count,
            admitted=len(admitted),
            more=(-count) % 4,
            fewer=count % 4,
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
