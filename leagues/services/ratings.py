"""Ratings: a job row recomputes every player's openskill rating.

The whole history is rated again each time (``leagues.ratings``, pure): a
corrected hand months ago changes everything after it, and five years of a
club rate in a few seconds (``bench/ratings.py``). The job follows the
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
from leagues.ratings import SkillRating, TableSession, rate_sessions, seeding_order
from leagues.seeding import balanced_tables
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


@transaction.atomic
def request_ratings(*, actor: Actor) -> RatingJob:
    """Queue a rating job, or return the one already waiting or running.

    A running job whose worker died is marked failed and replaced."""
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
        created_by=actor if actor is not None and actor.is_authenticated else None
    )
    jobs.enqueue(RATING, job.pk)
    return job


def refresh_ratings() -> RatingJob | None:
    """Queue a job when a score changed since the last finished one."""
    last = RatingJob.objects.filter(status=RatingJob.Status.DONE).first()
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


def load_sessions() -> list[TableSession]:
    """Every session of a closed table, in play order (one query)."""
    rows = (
        SeatResult.objects.filter(seat__table__is_closed=True)
        .order_by(
            "round__tournament__start_date",
            "round__tournament_id",
            "round__number",
            "seat__table__number",
            "seat__table_id",
        )
        .values_list("seat__table_id", "registration__player_id", "rank")
    )
    sessions: list[TableSession] = []
    current, players, ranks = None, [], []
    for table_id, player, rank in rows.iterator(chunk_size=4000):
        if table_id != current and players:
            sessions.append(TableSession(tuple(players), tuple(ranks)))
            players, ranks = [], []
        current = table_id
        players.append(player)
        ranks.append(rank)
    if players:
        sessions.append(TableSession(tuple(players), tuple(ranks)))
    return sessions


def run_rating_job(*, job_id: int, on_progress: Callable[[int], None]) -> RatingJob:
    """The job's body: rate every session, store every rating."""
    if not jobs.claim(RATING, job_id):
        return RatingJob.objects.get(pk=job_id)
    fingerprint = latest_change()
    sessions = load_sessions()
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
        RatingJob.objects.filter(pk=job_id).update(
            status=RatingJob.Status.FAILED, error=error.code
        )
        return RatingJob.objects.get(pk=job_id)
    with transaction.atomic():
        # Written in place, in player order: two jobs finishing together (two
        # tables closed at once each queue one) wait for each other's rows
        # instead of inserting the same player twice.
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
        RatingJob.objects.filter(pk=job_id).update(
            status=RatingJob.Status.DONE,
            progress=100,
            sessions=len(sessions),
            fingerprint=fingerprint,
            finished_at=timezone.now(),
        )
    return RatingJob.objects.get(pk=job_id)


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
