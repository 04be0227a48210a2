"""Ratings: a job row updates every player's openskill rating.

A job rates the sessions closed since the last one, from the stored
ratings (``leagues.selectors.rated_sessions`` says which, and when they
cannot be: a corrected, reopened or merged session already rated, a start
date moved, a new session placed before a rated one of the same player);
then, and when asked (``recompute_ratings``, the organisers' button), it
rates the whole history again (``leagues.ratings``, pure), in the same
canonical order, so both give the same ratings. The job follows the
house's job machinery (``tournaments.services.jobs``: a row first, sent
after commit, claimed once, beating with its progress). It is asked for
after each session: a closed table calls ``rate_after_session`` once it
commits (the tournaments' ``register_table_closed``), ``refresh_ratings``
also runs from Celery beat and queues a job when a score changed since the
last one (any score write is audited, so the newest ``AuditEvent`` id says
so), and organisers may ask for one.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from leagues.errors import LeagueError
from leagues.models import PlayerRating, RatingJob
from leagues.ratings import SkillRating, rate_sessions, seeding_order
from leagues.seeding import balanced_tables
from leagues.selectors.rated_sessions import (
    NewSessions,
    list_new_sessions,
    load_sessions,  # noqa: F401 - where the ratings' callers found it
    load_sessions_seen,
)
from tournaments.models import AuditEvent, Round, SeatResult, Tournament
from tournaments.selectors.seating import seated_registrations
from tournaments.services import hand_seating, jobs
from tournaments.services.audit import Actor
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows

RATING = jobs.JobKind(RatingJob, "leagues.tasks.recompute_ratings_task")
ACTIVE = (RatingJob.Status.PENDING, RatingJob.Status.RUNNING)
UNSENT_AFTER = jobs.REQUEUE_UNSENT_AFTER


def latest_change() -> int:
    """The id of the newest audited score write (0 before any)."""
    return AuditEvent.objects.aggregate(m=Max("pk"))["m"] or 0


def latest_done() -> RatingJob | None:
    """The job whose ratings are stored: the last to finish (each job
    writes its ratings and finishes in one transaction)."""
    return (
        RatingJob.objects.filter(status=RatingJob.Status.DONE)
        .order_by("-finished_at", "-pk")
        .first()
    )


@transaction.atomic
def request_ratings(*, actor: Actor, full: bool = False) -> RatingJob:
    """Queue a rating job, or return the one already waiting or running.

    ``full``: rate every session again (else only the new ones when
    possible). A running job whose worker died is marked failed and
    replaced."""
    active = list(lock_rows(RatingJob.objects.filter(status__in=ACTIVE)))
    for job in active:
        if jobs.is_dead(job):
            RatingJob.objects.filter(pk=job.pk).update(
                status=RatingJob.Status.FAILED, error="job_lost"
            )
            continue
        # The tournaments' sweep (``requeue_jobs``, this kind registered by
        # ``LeaguesConfig.ready``) sends a lost job again; a request also
        # does, not to wait for it. Sent twice, it runs once.
        if jobs.is_unsent(job) and job.created_at < timezone.now() - UNSENT_AFTER:
            jobs.enqueue(RATING, job.pk)
        return job
    job = RatingJob.objects.create(
        created_by=actor if actor is not None and actor.is_authenticated else None,
        mode=RatingJob.Mode.FULL if full else RatingJob.Mode.AUTO,
    )
    jobs.enqueue(RATING, job.pk)
    return job


def refresh_ratings() -> RatingJob | None:
    """Queue a job when a score changed since the last finished one."""
    last = latest_done()
    if last is not None and last.fingerprint >= latest_change():
        return None
    if last is None and not SeatResult.objects.exists():
        return None
    return request_ratings(actor=None)


def rate_after_session(table_id: int) -> None:
    """A table's session closed (and committed): queue the rating job, or
    join the one waiting. Beat's ``refresh_ratings`` stays the safety net
    for the changes that close no table (a hand corrected, a merge)."""
    refresh_ratings()


def _store(ratings: dict, *, replace: bool) -> None:
    """Write the ratings in place, in player order: two jobs finishing
    together wait for each other's rows instead of inserting the same player
    twice. ``replace``: the players without a session lose theirs."""
    if replace:
        PlayerRating.objects.exclude(player_id__in=list(ratings)).delete()
    PlayerRating.objects.bulk_create(
        [
            PlayerRating(
                player_id=r.player,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.ordinal,
                sessions=r.sessions,
            )
            for _player, r in sorted(ratings.items())
        ],
        update_conflicts=True,
        unique_fields=["player"],
        update_fields=["mu", "sigma", "ordinal", "sessions", "updated_at"],
    )


def _lock_stored() -> RatingJob | None:
    """Inside a transaction: the job whose ratings are stored, its row
    locked, so that a job reading the stored ratings and one writing them
    take turns (``None`` before any job)."""
    base = latest_done()
    if base is not None:
        lock_rows(RatingJob.objects.filter(pk=base.pk)).get()
    return base


def _finish(job_id: int, **fields: object) -> RatingJob:
    RatingJob.objects.filter(pk=job_id).update(
        status=RatingJob.Status.DONE,
        progress=100,
        finished_at=timezone.now(),
        **fields,
    )
    return RatingJob.objects.get(pk=job_id)


def _rate_new(job_id: int) -> RatingJob | str:
    """Rate the sessions closed since the stored ratings, from them; or
    the reason every session must be rated again."""
    with transaction.atomic():
        base = _lock_stored()
        if base is None:
            return "first"
        if latest_done() != base:
            # Another job stored its ratings while this one waited for the
            # lock: they are the ones to start from, so start again.
            return "concurrent"
        found = list_new_sessions(base.fingerprint, base.sessions)
        if not isinstance(found, NewSessions):
            return found
        prior = {
            r.player_id: SkillRating(r.player_id, r.mu, r.sigma, r.ordinal, r.sessions)
            for r in PlayerRating.objects.filter(player_id__in=found.players)
        }
        ratings = rate_sessions(found.sessions, prior=prior)
        _store(ratings, replace=False)
        return _finish(
            job_id,
            mode=RatingJob.Mode.INCREMENTAL,
            sessions=base.sessions + len(found.sessions),
            fingerprint=found.fingerprint,
        )


def run_rating_job(*, job_id: int, on_progress: Callable[[int], None]) -> RatingJob:
    """The job's body: rate the new sessions, or every session when asked
    or when the new ones cannot simply be rated after the others."""
    if not jobs.claim(RATING, job_id):
        return RatingJob.objects.get(pk=job_id)
    job = RatingJob.objects.get(pk=job_id)
    reason = "asked"
    if job.mode != RatingJob.Mode.FULL:
        for _attempt in range(3):
            try:
                done = _rate_new(job_id)
            except LeagueError as error:
                return _fail(job_id, error)
            if isinstance(done, RatingJob):
                on_progress(100)
                return done
            reason = done
            if reason != "concurrent":
                break
    return _rate_all(job_id, reason, on_progress)


def _fail(job_id: int, error: LeagueError) -> RatingJob:
    RatingJob.objects.filter(pk=job_id).update(
        status=RatingJob.Status.FAILED, error=error.code
    )
    return RatingJob.objects.get(pk=job_id)


def _rate_all(
    job_id: int, reason: str, on_progress: Callable[[int], None]
) -> RatingJob:
    """Rate every session again and store every rating."""
    fingerprint, sessions = load_sessions_seen()
    last = {"percent": -1}

    def progress(fraction: float) -> None:
        percent = max(0, min(99, int(fraction * 100)))
        if percent != last["percent"]:
            last["percent"] = percent
            jobs.beat(RATING, job_id, progress=percent)
            on_progress(percent)

    try:
        ratings = rate_sessions(sessions, on_progress=progress)
    except LeagueError as error:
        return _fail(job_id, error)
    with transaction.atomic():
        _lock_stored()
        _store(ratings, replace=True)
        return _finish(
            job_id,
            mode=RatingJob.Mode.FULL,
            reason=reason,
            sessions=len(sessions),
            fingerprint=fingerprint,
        )


def seed_first_round(*, tournament_id: int, actor: Actor) -> Round:
    """Seat round 1 of a tournament from the players' ratings (optional).

    Active players and substitutes, ordered by rating (a newcomer counts as
    openskill's prior), in balanced tables (``leagues.seeding``), written by
    ``tournaments.services.hand_seating``: the round page, swaps and tablets
    work as after any seating.
    """
    tournament = Tournament.objects.get(pk=tournament_id)
    registrations = seated_registrations(tournament)
    stored = {
        r.player_id: SkillRating(r.player_id, r.mu, r.sigma, r.ordinal, r.sessions)
        for r in PlayerRating.objects.filter(
            player_id__in=[r.player_id for r in registrations]
        )
    }
    by_player = {r.player_id: r.pk for r in registrations}
    order = seeding_order([r.player_id for r in registrations], stored)
    try:
        tables = balanced_tables([by_player[player] for player in order])
    except LeagueError as error:
        raise ServiceError(error.code, field="players", **error.params) from None
    first = tournament.rounds.get(number=1)
    return hand_seating.seat_round_by_hand(
        round_id=first.pk, tables=tables, actor=actor
    )
