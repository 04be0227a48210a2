"""Public registration: the organiser opens it, players sign up, a waiting
list takes the arrivals once the places are taken.

Every write that can change who holds a place locks the tournament row
first (docs/locking.md): two sign-ups for the last place are counted one
after the other, so one gets it and the other waits, never over capacity.
A freed place (a cancellation, a refusal, a deletion, more places) goes to
the first of the waiting list at once, in the same transaction.

The registrant acts through their private link (the token), without an
account; the organiser's actions are audited. The e-mails each step owes
are recorded (``SignupEmail``) and sent after the commit by a Celery task
(``signup_emails``), once each.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from importlib import import_module
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from tournaments.imports.names import full_name_key
from tournaments.limits import FIRST_NAME_MAX_LENGTH, LAST_NAME_MAX_LENGTH
from tournaments.models import (
    Club,
    Player,
    Registration,
    Signup,
    SignupEmail,
    SignupOptions,
    Tournament,
)
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ConflictError, ServiceError
from tournaments.services.locks import lock_rows, lock_tournament
from tournaments.services.player_batches import clean_ema_number, find_known_player

logger = logging.getLogger(__name__)

QUESTION_KINDS = ("yes_no", "text")
MAX_QUESTIONS = 10
QUESTION_LABEL_MAX_LENGTH = 200
ANSWER_MAX_LENGTH = 200
CLUB_MAX_LENGTH = 120
MAX_CAPACITY = 10_000
MAX_RETENTION_DAYS = 3650
#: Registration opens and closes within these years (an ancient date's
#: local-time offset is not even a whole minute).
EARLIEST_YEAR, LATEST_YEAR = 2000, 2999
#: The statuses a registrant may still change or cancel.
OPEN_STATUSES = (Signup.Status.PENDING, Signup.Status.CONFIRMED, Signup.Status.WAITING)


# --- The organiser's side ------------------------------------------------


def clean_questions(questions: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """The questions as stored: a label, a kind, and a key the answers use
    (kept from the input when given, so that answers survive an edit)."""
    if len(questions) > MAX_QUESTIONS:
        raise ServiceError("too_many_questions", field="questions", max=MAX_QUESTIONS)
    cleaned = []
    keys: set[str] = set()
    # Kept keys first, so that a new question never takes a kept one's key
    # (nor its answers).
    given = {str(q.get("key"))[:40] for q in questions if q.get("key")}
    fresh = (f"q{n}" for n in range(1, 2 * MAX_QUESTIONS + 2) if f"q{n}" not in given)
    for number, question in enumerate(questions, start=1):
        label = str(question.get("label") or "").strip()
        kind = question.get("kind") or "yes_no"
        if not label or len(label) > QUESTION_LABEL_MAX_LENGTH:
            raise ServiceError(
                "bad_question_label",
                field="questions",
                row=number,
                max=QUESTION_LABEL_MAX_LENGTH,
            )
        if kind not in QUESTION_KINDS:
            raise ServiceError("bad_question_kind", field="questions", row=number)
        key = str(question.get("key") or "")[:40] or next(fresh)
        if key in keys:
            raise ServiceError("bad_question_key", field="questions", row=number)
        keys.add(key)
        cleaned.append({"key": key, "label": label, "kind": kind})
    return cleaned


@transaction.atomic
def set_signup_options(
    *,
    tournament_id: int,
    actor: Actor,
    opens_at: datetime,
    closes_at: datetime,
    capacity: int,
    questions: Sequence[Mapping[str, Any]] = (),
    message: str = "",
    retention_days: int = 30,
) -> SignupOptions:
    """Open (or change) registration; more places promote the waiting list."""
    for field, moment in (("opens_at", opens_at), ("closes_at", closes_at)):
        if not EARLIEST_YEAR <= moment.year <= LATEST_YEAR:
            raise ServiceError(
                "signup_date_out_of_range",
                field=field,
                earliest=EARLIEST_YEAR,
                latest=LATEST_YEAR,
            )
    if closes_at <= opens_at:
        raise ServiceError("signup_dates_reversed", field="closes_at")
    if not 1 <= capacity <= MAX_CAPACITY:
        raise ServiceError("bad_capacity", field="capacity", max=MAX_CAPACITY)
    if not 0 <= retention_days <= MAX_RETENTION_DAYS:
        raise ServiceError(
            "bad_retention_days", field="retention_days", max=MAX_RETENTION_DAYS
        )
    tournament = lock_tournament(tournament_id)
    fields = {
        "opens_at": opens_at,
        "closes_at": closes_at,
        "capacity": capacity,
        "questions": clean_questions(questions),
        "message": message.strip(),
        "retention_days": retention_days,
    }
    options, _created = SignupOptions.objects.update_or_create(
        tournament=tournament, defaults=fields
    )
    record_event(
        tournament=tournament,
        action="signup.options",
        obj=options,
        actor=actor,
        after={**fields, "opens_at": str(opens_at), "closes_at": str(closes_at)},
    )
    _promote_waiting(tournament, options)
    return options


@transaction.atomic
def confirm_signup(
    *, signup_id: int, actor: Actor, same_player: bool | None = None
) -> Signup:
    """Give the registrant their place in the event's player list.

    When a known player looks like the registrant, the organiser says
    whether it is them (``same_player``): a player is never merged alone.
    """
    tournament, signup = _lock_signup(signup_id)
    if signup.status != Signup.Status.PENDING:
        raise ConflictError("signup_not_pending", status=signup.status)
    registration = register_signup(tournament, signup, same_player)
    record_event(
        tournament=tournament,
        action="signup.confirm",
        obj=signup,
        actor=actor,
        after={"player": registration.player_id, "registration": registration.pk},
    )
    return signup


def register_signup(
    tournament: Tournament, signup: Signup, same_player: bool | None
) -> Registration:
    """The sign-up's player in the event's list (a known player the
    organiser recognised, else a new one), the sign-up confirmed and the
    registrant told. Shared by the organiser's confirmation and the door's
    waiting list (``checkin``); each records its own audit event.

    Precondition: the tournament row, then the sign-up, locked.
    """
    player = _player_of(signup, same_player)
    registration = tournament.registrations.filter(player=player).first()
    if registration is None:
        number = (tournament.registrations.aggregate(m=Max("number"))["m"] or 0) + 1
        registration = Registration.objects.create(
            tournament=tournament, player=player, number=number
        )
    elif registration.status != Registration.Status.ACTIVE:
        registration.status = Registration.Status.ACTIVE
        registration.save(update_fields=["status"])
    signup.status = Signup.Status.CONFIRMED
    signup.registration = registration
    signup.save(update_fields=["status", "registration"])
    _owe_email(signup, SignupEmail.Kind.CONFIRMED)
    return registration


@transaction.atomic
def refuse_signup(*, signup_id: int, actor: Actor) -> Signup:
    """Refuse a registrant; their place, if they held one, goes to the next."""
    tournament, signup = _lock_signup(signup_id)
    if signup.status not in OPEN_STATUSES:
        raise ConflictError("signup_closed", status=signup.status)
    before = {"status": signup.status}
    _leave(tournament, signup, Signup.Status.REFUSED)
    record_event(
        tournament=tournament,
        action="signup.refuse",
        obj=signup,
        actor=actor,
        before=before,
        after={"status": signup.status},
    )
    _owe_email(signup, SignupEmail.Kind.REFUSED)
    return signup


@transaction.atomic
def set_signup_paid(*, signup_id: int, actor: Actor, paid: bool) -> Signup:
    tournament, signup = _lock_signup(signup_id)
    before = {"paid": signup.paid}
    signup.paid = paid
    signup.save(update_fields=["paid"])
    record_event(
        tournament=tournament,
        action="signup.paid",
        obj=signup,
        actor=actor,
        before=before,
        after={"paid": paid},
    )
    return signup


# --- The registrant's side -------------------------------------------------


def registration_state(options: SignupOptions | None, now: datetime) -> str:
    """ "open", "not_open" (not yet, or never opened) or "closed"."""
    if options is None or now < options.opens_at:
        return "not_open"
    if now >= options.closes_at:
        return "closed"
    return "open"


@transaction.atomic
def create_signup(
    *,
    tournament_id: int,
    fields: Mapping[str, Any],
    language: str = "",
    now: datetime | None = None,
) -> Signup:
    """A player's sign-up: a place while there is one, else the waiting
    list. ``fields``: first_name, last_name, club, country, ema_number,
    email, answers."""
    tournament = lock_tournament(tournament_id)
    options = SignupOptions.objects.filter(tournament=tournament).first()
    state = registration_state(options, now or timezone.now())
    if options is None or state == "not_open":
        raise ConflictError("signups_not_open")
    if state == "closed":
        raise ConflictError("signups_closed")
    cleaned = _clean_fields(fields, options)
    _refuse_duplicate(tournament, cleaned)
    holders = tournament.signups.filter(status__in=Signup.HOLDS_A_PLACE).count()
    full = holders >= options.capacity
    signup = Signup.objects.create(
        tournament=tournament,
        status=Signup.Status.WAITING if full else Signup.Status.PENDING,
        language=language[:10],
        likely_player=_likely_player(cleaned),
        **cleaned,
    )
    _owe_email(signup, SignupEmail.Kind.WAITING if full else SignupEmail.Kind.RECEIVED)
    return signup


@transaction.atomic
def update_signup(*, token: str, fields: Mapping[str, Any]) -> Signup:
    """The registrant's own changes, through their private link."""
    tournament, signup = _lock_by_token(token)
    if signup.status not in OPEN_STATUSES:
        raise ConflictError("signup_closed", status=signup.status)
    options = SignupOptions.objects.filter(tournament=tournament).first()
    cleaned = _clean_fields(fields, options)
    _refuse_duplicate(tournament, cleaned, but=signup)
    for name, value in cleaned.items():
        setattr(signup, name, value)
    signup.likely_player = _likely_player(cleaned)
    signup.save()
    return signup


@transaction.atomic
def cancel_signup(*, token: str) -> Signup:
    """The registrant withdraws; their place goes to the next waiting."""
    tournament, signup = _lock_by_token(token)
    if signup.status not in OPEN_STATUSES:
        raise ConflictError("signup_closed", status=signup.status)
    _leave(tournament, signup, Signup.Status.CANCELLED)
    _owe_email(signup, SignupEmail.Kind.CANCELLED)
    return signup


@transaction.atomic
def delete_signup(*, token: str, today: date | None = None) -> None:
    """The registrant's right to be forgotten, before the event: the sign-up
    and everything it holds are deleted (after the event the results stay,
    and the retention job erases the e-mail and answers)."""
    tournament, signup = _lock_by_token(token)
    if event_started(tournament, today or timezone.localdate()):
        raise ConflictError("event_started")
    registration = signup.registration
    if signup.status in OPEN_STATUSES:
        _leave(tournament, signup, Signup.Status.CANCELLED)
    signup.delete()
    if registration is not None and not registration.seats.exists():
        registration.delete()


def event_started(tournament: Tournament, today: date) -> bool:
    if tournament.status != Tournament.Status.DRAFT:
        return True
    return tournament.start_date is not None and tournament.start_date <= today


# --- Privacy ---------------------------------------------------------------


def erase_expired_signups(*, today: date | None = None) -> int:
    """Erase the e-mail and answers of every sign-up whose event ended more
    than its retention ago; the names stay with the results (the
    federation's rule). Returns how many were erased."""
    today = today or timezone.localdate()
    erased = 0
    for options in SignupOptions.objects.select_related("tournament"):
        tournament = options.tournament
        ended = tournament.end_date or tournament.start_date
        if ended is None or ended + timedelta(days=options.retention_days) >= today:
            continue
        erased += tournament.signups.filter(erased_at__isnull=True).update(
            email="", answers={}, erased_at=timezone.now()
        )
    return erased


# --- Inside ------------------------------------------------------------------


def _lock_signup(signup_id: int) -> tuple[Tournament, Signup]:
    """The tournament locked, then the sign-up read under the lock."""
    tournament_id = (
        Signup.objects.filter(pk=signup_id)
        .values_list("tournament_id", flat=True)
        .first()
    )
    if tournament_id is None:
        raise ServiceError("unknown_signup")
    tournament = lock_tournament(tournament_id)
    signup = lock_rows(Signup.objects.filter(pk=signup_id)).first()
    if signup is None:
        raise ServiceError("unknown_signup")
    return tournament, signup


def _lock_by_token(token: str) -> tuple[Tournament, Signup]:
    signup_id = Signup.objects.filter(token=token).values_list("pk", flat=True).first()
    if signup_id is None:
        raise ServiceError("unknown_signup")
    return _lock_signup(signup_id)


def _leave(tournament: Tournament, signup: Signup, status: str) -> None:
    """The sign-up leaves (cancelled or refused): the event's registration
    it made is withdrawn, its place goes to the waiting list."""
    held = signup.status in Signup.HOLDS_A_PLACE
    signup.status = status
    signup.save(update_fields=["status"])
    if signup.registration is not None:
        Registration.objects.filter(pk=signup.registration_id).update(
            status=Registration.Status.WITHDRAWN
        )
    if held:
        options = SignupOptions.objects.filter(tournament=tournament).first()
        if options is not None:
            _promote_waiting(tournament, options)


def _promote_waiting(tournament: Tournament, options: SignupOptions) -> None:
    """The first of the waiting list take the free places, in order of
    arrival; each is told. Precondition: the tournament row is locked."""
    holders = tournament.signups.filter(status__in=Signup.HOLDS_A_PLACE).count()
    free = options.capacity - holders
    if free <= 0:
        return
    waiting = tournament.signups.filter(status=Signup.Status.WAITING).order_by(
        "created_at", "pk"
    )
    for signup in waiting[:free]:
        signup.status = Signup.Status.PENDING
        signup.save(update_fields=["status"])
        _owe_email(signup, SignupEmail.Kind.PROMOTED)


def _clean_fields(
    fields: Mapping[str, Any], options: SignupOptions | None
) -> dict[str, Any]:
    first_name = str(fields.get("first_name") or "").strip()
    last_name = str(fields.get("last_name") or "").strip()
    if not last_name:
        raise ServiceError("missing_name", field="last_name")
    for field, value, limit, code in (
        ("first_name", first_name, FIRST_NAME_MAX_LENGTH, "first_name_too_long"),
        ("last_name", last_name, LAST_NAME_MAX_LENGTH, "last_name_too_long"),
    ):
        if len(value) > limit:
            raise ServiceError(code, field=field, max=limit)
    club = str(fields.get("club") or "").strip()
    if len(club) > CLUB_MAX_LENGTH:
        raise ServiceError("club_too_long", field="club", max=CLUB_MAX_LENGTH)
    email = str(fields.get("email") or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError("malformed_email", field="email") from None
    return {
        "first_name": first_name,
        "last_name": last_name,
        "club": club,
        "country": str(fields.get("country") or "").strip().upper()[:3],
        "ema_number": clean_ema_number(str(fields.get("ema_number") or "")),
        "email": email,
        "answers": _clean_answers(fields.get("answers") or {}, options),
    }


def _clean_answers(answers: Any, options: SignupOptions | None) -> dict[str, Any]:
    """Each answer of the form's questions, of the question's kind; an
    unknown question is refused (it is not on the form)."""
    if not isinstance(answers, Mapping):
        raise ServiceError("malformed_answers", field="answers")
    questions = {q["key"]: q for q in (options.questions if options else [])}
    cleaned: dict[str, Any] = {}
    for key, value in answers.items():
        question = questions.get(key)
        if question is None:
            raise ServiceError("unknown_question", field="answers", key=str(key)[:40])
        if question["kind"] == "yes_no":
            if not isinstance(value, bool):
                raise ServiceError("answer_not_yes_no", field="answers", key=key)
        elif not isinstance(value, str) or len(value) > ANSWER_MAX_LENGTH:
            raise ServiceError(
                "bad_answer_text", field="answers", key=key, max=ANSWER_MAX_LENGTH
            )
        else:
            value = value.strip()
        cleaned[key] = value
    return cleaned


def _refuse_duplicate(
    tournament: Tournament, cleaned: Mapping[str, Any], but: Signup | None = None
) -> None:
    """The same person (name and e-mail) signed up twice: the second is a
    resent form, not a second place."""
    key = full_name_key(cleaned["first_name"], cleaned["last_name"])
    same_email = tournament.signups.filter(
        status__in=OPEN_STATUSES, email__iexact=cleaned["email"]
    )
    if but is not None:
        same_email = same_email.filter(~Q(pk=but.pk))
    for other in same_email:
        if full_name_key(other.first_name, other.last_name) == key:
            raise ConflictError("already_signed_up", field="email")


def _likely_player(cleaned: Mapping[str, Any]) -> Player | None:
    return find_known_player(
        cleaned["first_name"],
        cleaned["last_name"],
        cleaned["ema_number"],
        cleaned["club"],
    )


def _player_of(signup: Signup, same_player: bool | None) -> Player:
    """The known player the organiser recognised, or a new one."""
    known = signup.likely_player
    if known is not None and same_player is None:
        raise ServiceError(
            "likely_player_unanswered", field="same_player", player=known.name
        )
    if known is not None and same_player:
        return known
    if (
        signup.ema_number
        and Player.objects.filter(ema_number=signup.ema_number).exists()
    ):
        # Not the same person, yet the number is a known player's.
        raise ServiceError(
            "ema_number_taken", field="ema_number", ema_number=signup.ema_number
        )
    club = None
    if signup.club:
        club, _created = Club.objects.get_or_create(name=signup.club)
    return Player.objects.create(
        first_name=signup.first_name,
        last_name=signup.last_name,
        club=club,
        country=signup.country,
        ema_number=signup.ema_number,
    )


def _owe_email(signup: Signup, kind: str) -> None:
    """Record the e-mail owed and send it once the transaction commits."""
    email, created = SignupEmail.objects.get_or_create(signup=signup, kind=kind)
    if created:
        transaction.on_commit(lambda: dispatch_email(email.pk))


def dispatch_email(email_id: int) -> None:
    """Hand the e-mail to Celery. A queue that is down leaves it owed: the
    periodic sweep (``send_owed_emails``) sends it later."""
    # Imported on use: the tasks import the services.
    task = import_module("tournaments.tasks.signups").send_signup_email_task
    try:
        task.delay(email_id)
    except Exception:  # the broker or, eager, the mail server: owed still
        logger.exception("sign-up e-mail %s not sent yet", email_id)
