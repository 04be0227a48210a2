"""The rating job: every session rated in play order, stored with its
uncertainty; queued again after a session (beat's refresh)."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.models import PlayerRating, RatingJob
from leagues.ratings import TableSession, rate_sessions
from leagues.services.ratings import load_sessions, refresh_ratings, request_ratings
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import Player

pytestmark = pytest.mark.django_db

T1 = "Ann A, Bob B, Cy C, Dee D"


def played(organiser):
    league = make_league(organiser, is_public=True)
    first = night(league, organiser, date(2026, 1, 8), [T1])
    play(tables_of(first)[0], winner=0, discarder=1)
    second = night(league, organiser, date(2026, 1, 15), ["Bob B, Ann A, Cy C, Dee D"])
    play(tables_of(second)[0], winner=0, discarder=1)
    return league


def ids(*last_names):
    return tuple(Player.objects.get(last_name=name).pk for name in last_names)


def test_sessions_load_in_play_order_with_their_ranks(organiser):
    played(organiser)
    assert load_sessions() == [
        TableSession(ids("A", "B", "C", "D"), (1, 4, 2, 2)),
        TableSession(ids("B", "A", "C", "D"), (1, 4, 2, 2)),
    ]


def test_the_job_stores_every_rating_as_the_pure_engine_gives_it(
    organiser, django_capture_on_commit_callbacks
):
    played(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        job = request_ratings(actor=organiser)
    job.refresh_from_db()
    assert (job.status, job.progress, job.sessions) == ("done", 100, 2)
    expected = rate_sessions(load_sessions())
    stored = {r.player_id: r for r in PlayerRating.objects.all()}
    assert stored.keys() == expected.keys()
    ann = ids("A")[0]
    assert stored[ann].mu == pytest.approx(expected[ann].mu)
    assert stored[ann].sigma == pytest.approx(expected[ann].sigma)
    assert stored[ann].sessions == 2


def test_refresh_queues_a_job_only_after_a_score_changed(
    organiser, django_capture_on_commit_callbacks
):
    league = played(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        assert refresh_ratings() is not None
    with django_capture_on_commit_callbacks(execute=True):
        assert refresh_ratings() is None  # nothing new
    third = night(league, organiser, date(2026, 1, 22), [T1])
    play(tables_of(third)[0], winner=2, discarder=3)
    with django_capture_on_commit_callbacks(execute=True):
        job = refresh_ratings()
    job.refresh_from_db()
    assert job.sessions == 3
    assert RatingJob.objects.filter(status="done").count() == 2


def test_a_second_request_returns_the_job_waiting(organiser):
    first = request_ratings(actor=organiser)  # not sent: no commit in the test
    assert request_ratings(actor=organiser) == first


def test_a_tournament_is_seeded_by_rating(
    organiser, django_capture_on_commit_callbacks
):
    """Eight players, four rated by two nights and four newcomers (rated at
    the prior): the two best rated sit at different tables."""
    from leagues.services.ratings import seed_first_round
    from tests.factories import RegistrationFactory, TournamentFactory
    from tournaments.models import Round

    played(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        request_ratings(actor=organiser)
    tournament = TournamentFactory()
    for player in Player.objects.all():
        RegistrationFactory(tournament=tournament, player=player)
    for _ in range(4):
        RegistrationFactory(tournament=tournament)
    round_ = seed_first_round(tournament_id=tournament.pk, actor=organiser)
    assert round_.status == Round.Status.SEATED
    tables = {
        seat.registration.player_id: seat.table.number
        for seat in round_.seats.select_related("table")
    }
    assert len(tables) == 8
    best = PlayerRating.objects.order_by("-ordinal")[:2]
    assert tables[best[0].player_id] != tables[best[1].player_id]


def test_a_job_the_queue_never_got_is_sent_again(
    organiser, django_capture_on_commit_callbacks
):
    """The queue was down: the job waits without a task; a later request
    (beat's refresh) sends it, and it runs."""
    from datetime import timedelta

    from django.utils import timezone

    played(organiser)
    job = request_ratings(actor=organiser)  # its send never happens here
    RatingJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(minutes=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        again = request_ratings(actor=organiser)
    assert again.pk == job.pk
    job.refresh_from_db()
    assert job.status == "done"


def test_a_job_whose_worker_died_is_replaced(organiser):
    from datetime import timedelta

    from django.utils import timezone

    dead = RatingJob.objects.create(
        status="running", heartbeat_at=timezone.now() - timedelta(hours=1)
    )
    job = request_ratings(actor=organiser)
    dead.refresh_from_db()
    assert (dead.status, dead.error) == ("failed", "job_lost")
    assert job.pk != dead.pk


def test_the_job_sweep_sends_a_lost_rating_job_again():
    """The tournaments' ``requeue_jobs`` knows the rating jobs (registered by
    LeaguesConfig.ready): one whose worker stopped beating goes back to
    pending and is sent again; one whose worker beats is left alone."""
    from datetime import timedelta

    from django.utils import timezone

    from leagues.services.ratings import RATING
    from tournaments.services import jobs

    now = timezone.now()
    old = now - jobs.RUNNING_LOST_AFTER - timedelta(seconds=1)
    dead = RatingJob.objects.create(status="running", heartbeat_at=old, progress=40)
    beating = RatingJob.objects.create(status="running", heartbeat_at=now)
    RatingJob.objects.filter(pk=dead.pk).update(created_at=now - timedelta(hours=1))
    assert RATING in jobs.all_kinds()
    sent = []
    result = jobs.requeue_jobs(send=lambda kind, pk: sent.append((kind, pk)) or True)
    assert result == (1, 0)
    assert sent == [(RATING, dead.pk)]
    dead.refresh_from_db()
    beating.refresh_from_db()
    assert (dead.status, dead.progress, dead.task_id) == ("pending", 0, "")
    assert beating.status == "running"
