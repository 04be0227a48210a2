"""Jobs survive a job queue that is down: the row waits, the page says so, a
sweep sends it once the queue is back.

These tests publish for real (eager mode would hide the broker): the Celery
app is pointed at a closed port, then at the in-memory transport as the
queue that came back. ``test_jobs_worker.py`` does the same against Redis
with a real worker.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from kombu import pools

from config.celery import app
from tests.factories import RegistrationFactory
from tournaments.models import ExportFile, SeatingPlan
from tournaments.services import exports, jobs, seating_plans

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

CLOSED_PORT = "redis://127.0.0.1:6390/0"
NOTICE = "The job queue is unavailable: the job will start as soon as it is back."


def reset_connections() -> None:
    """Forget the app's cached broker pool and result store."""
    pools.reset()
    app._pool = None
    if "amqp" in app.__dict__:
        app.__dict__["amqp"]._producer_pool = None
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)


@contextmanager
def job_queue_at(url: str, backend: str | None = None):
    """Publish for real to ``url`` inside the block (eager mode off)."""
    keys = ("broker_url", "result_backend", "task_always_eager")
    saved = {key: app.conf[key] for key in keys}
    app.conf.update(
        broker_url=url, result_backend=backend or url, task_always_eager=False
    )
    reset_connections()
    try:
        yield
    finally:
        app.conf.update(saved)
        reset_connections()


@pytest.fixture
def queue_down():
    with job_queue_at(CLOSED_PORT):
        yield


@pytest.fixture
def sixteen(tournament):
    for _ in range(16):
        RegistrationFactory(tournament=tournament)
    return tournament


def queued_task_ids() -> list[str]:
    """The task ids waiting in the in-memory queue, oldest first."""
    ids = []
    with app.connection_for_read() as connection:
        queue = connection.SimpleQueue("celery")
        while queue.qsize():
            message = queue.get(timeout=1)
            ids.append(message.headers["id"])
            message.ack()
        queue.close()
    return ids


def seating_job(tournament, **fields) -> SeatingPlan:
    """A one-round random seating job row, as a test needs it."""
    return SeatingPlan.objects.create(
        tournament=tournament, first_round=1, rounds_count=1, mode="random", **fields
    )


def backdate(job, seconds: int) -> None:
    type(job).objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_seating_with_the_queue_down_waits_and_says_so(
    client, organiser, sixteen, queue_down, django_capture_on_commit_callbacks
):
    """The round page answers (no 500), the plan waits, the notice is shown."""
    client.force_login(organiser)
    url = reverse("staff:seating-start", args=[sixteen.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url)
    assert response.status_code == 302
    plan = SeatingPlan.objects.get()
    assert (plan.status, plan.task_id) == (SeatingPlan.Status.PENDING, "")
    page = client.get(reverse("staff:round", args=[sixteen.slug, 1]))
    text = page.content.decode()
    assert NOTICE in text
    since = timezone.localtime(plan.created_at).strftime("%H:%M")
    assert f"Waiting for a worker since {since}" in text


def test_a_waiting_plan_can_be_cancelled_and_started_again(
    client, organiser, sixteen, queue_down, django_capture_on_commit_callbacks
):
    """A job the queue never got does not hold the round: cancel, seat again."""
    client.force_login(organiser)
    start = reverse("staff:seating-start", args=[sixteen.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(start)
    client.post(reverse("staff:seating-cancel", args=[sixteen.slug, 1]))
    assert SeatingPlan.objects.get().status == SeatingPlan.Status.CANCELLED
    with django_capture_on_commit_callbacks(execute=True):
        client.post(start)
    assert SeatingPlan.objects.filter(status=SeatingPlan.Status.PENDING).count() == 1


def test_export_with_the_queue_down_waits_and_says_so(
    client, organiser, tournament, queue_down, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    url = reverse("exports:list", args=[tournament.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"kind": "xlsx"})
    assert response.status_code == 302
    export = ExportFile.objects.get()
    assert (export.status, export.task_id) == (ExportFile.Status.PENDING, "")
    assert NOTICE in client.get(url).content.decode()


def test_api_answers_202_with_the_notice(
    api, sixteen, queue_down, django_capture_on_commit_callbacks
):
    """The API accepts the job (202, pending) and says why it has not started."""
    with django_capture_on_commit_callbacks(execute=True):
        seating = api.post(f"/api/tournaments/{sixteen.slug}/rounds/1/seating/", {})
        export = api.post(f"/api/tournaments/{sixteen.slug}/exports/", {})
    for response in (seating, export):
        assert response.status_code == 202, response.content
        assert response.json()["status"] == "pending"
        assert response.json()["queue_notice"] == NOTICE


def test_requeue_sends_the_waiting_jobs_once_the_queue_is_back(
    organiser, sixteen, django_capture_on_commit_callbacks
):
    """Queue down: nothing sent and the sweep says so; back: both jobs sent."""
    with job_queue_at(CLOSED_PORT), django_capture_on_commit_callbacks(execute=True):
        plan = seating_plans.start_seating(
            tournament_id=sixteen.pk, first_round=1, actor=organiser
        )
        export = exports.request_export(
            tournament_id=sixteen.pk, kind="xlsx", language="en", actor=organiser
        )
    backdate(plan, 60)
    backdate(export, 60)
    with job_queue_at(CLOSED_PORT):
        assert jobs.requeue_jobs() == (0, 2)
    with job_queue_at("memory://", backend="cache+memory://"):
        assert jobs.requeue_jobs() == (2, 0)
        sent = queued_task_ids()
    plan.refresh_from_db()
    export.refresh_from_db()
    assert sent == [plan.task_id, export.task_id]
    assert plan.status == export.status == "pending"
    assert jobs.queue_notice(plan) is None


def test_requeue_leaves_fresh_and_running_jobs_alone(organiser, sixteen):
    """Only jobs never sent (a few seconds on) or pending for long are resent."""
    now = timezone.now()
    fresh = SeatingPlan.objects.create(
        tournament=sixteen, first_round=1, rounds_count=1, mode="random", seed=1
    )
    sent = ExportFile.objects.create(tournament=sixteen, kind="xlsx", task_id="t1")
    running = ExportFile.objects.create(
        tournament=sixteen, kind="csv", status="running"
    )
    for job in (fresh, sent, running):
        backdate(job, 3)
    assert not jobs.lost_jobs(jobs.SEATING, now=now).exists()
    assert not jobs.lost_jobs(jobs.EXPORT, now=now).exists()
    later = now + timedelta(seconds=10)
    assert list(jobs.lost_jobs(jobs.SEATING, now=later)) == [fresh]
    assert not jobs.lost_jobs(jobs.EXPORT, now=later).exists()
    much_later = now + jobs.REQUEUE_LOST_AFTER
    assert list(jobs.lost_jobs(jobs.EXPORT, now=much_later)) == [sent]


def test_a_job_whose_worker_died_is_sent_again(organiser, sixteen):
    """The issue: a job left "running" by a killed worker stayed so for good
    (the round said "seating already running"). Without a heartbeat for
    RUNNING_LOST_AFTER it goes back to pending and is sent again; a running
    job that beats is left alone."""
    now = timezone.now()
    old = now - jobs.RUNNING_LOST_AFTER - timedelta(seconds=1)
    dead = seating_job(sixteen, seed=1, status="running", heartbeat_at=old, progress=40)
    beating = ExportFile.objects.create(
        tournament=sixteen, kind="xlsx", status="running", heartbeat_at=now
    )
    backdate(dead, 3600)
    sent: list[tuple[str, int]] = []
    assert jobs.requeue_jobs(send=lambda kind, pk: sent.append((kind, pk)) or True) == (
        1,
        0,
    )
    assert sent == [(jobs.SEATING, dead.pk)]
    dead.refresh_from_db()
    beating.refresh_from_db()
    assert (dead.status, dead.progress) == ("pending", 0)
    assert beating.status == "running"


def test_a_dead_seating_job_does_not_block_a_new_one(organiser, sixteen):
    dead = seating_job(
        sixteen,
        seed=1,
        status="running",
        heartbeat_at=timezone.now() - timedelta(hours=1),
    )
    plan = seating_plans.start_seating(
        tournament_id=sixteen.pk, first_round=1, actor=organiser
    )
    dead.refresh_from_db()
    assert plan.pk != dead.pk
    assert (dead.status, dead.error) == ("failed", "job_lost")


def test_a_pending_job_is_sent_again_only_when_its_last_send_is_old(organiser, sixteen):
    """A busy worker's queue is not flooded: each sweep resends a pending job
    only when its last send is older than REQUEUE_LOST_AFTER."""
    now = timezone.now()
    job = ExportFile.objects.create(
        tournament=sixteen, kind="xlsx", task_id="t1", heartbeat_at=now
    )
    backdate(job, 3600)
    assert not jobs.lost_jobs(jobs.EXPORT, now=now).exists()
    later = now + jobs.REQUEUE_LOST_AFTER + timedelta(seconds=1)
    assert list(jobs.lost_jobs(jobs.EXPORT, now=later)) == [job]


def test_requeue_command_runs_a_waiting_job(
    organiser, sixteen, queue_down, django_capture_on_commit_callbacks
):
    """``manage.py requeue_jobs`` (eager once the queue is back) seats the round."""
    from django.core.management import call_command

    with django_capture_on_commit_callbacks(execute=True):
        plan = seating_plans.start_seating(
            tournament_id=sixteen.pk, first_round=1, actor=organiser, publish=True
        )
    backdate(plan, 60)
    with job_queue_at("memory://", backend="cache+memory://"):
        app.conf.task_always_eager = True
        call_command("requeue_jobs")
    plan.refresh_from_db()
    assert plan.status == SeatingPlan.Status.PUBLISHED
    assert sixteen.rounds.get(number=1).tables.count() == 4


def test_a_job_sent_twice_runs_once(organiser, sixteen):
    """A requeue of a task that was not lost after all: the second one returns."""
    plan = SeatingPlan.objects.create(
        tournament=sixteen, first_round=1, rounds_count=1, mode="random", seed=5
    )
    assert jobs.dispatch(jobs.SEATING, plan.pk)
    plan.refresh_from_db()
    first = (plan.status, plan.rounds, plan.progress)
    assert plan.status == SeatingPlan.Status.READY
    assert jobs.dispatch(jobs.SEATING, plan.pk)
    plan.refresh_from_db()
    assert (plan.status, plan.rounds, plan.progress) == first
    assert not jobs.claim(jobs.SEATING, plan.pk)


def test_worker_start_resends_every_pending_job(organiser, sixteen):
    """``worker_ready``: a pending job with a task id (maybe lost) runs too."""
    from config.celery import requeue_jobs_at_start

    plan = seating_job(sixteen, seed=5, task_id="lost-with-the-broker")
    backdate(plan, 60)
    requeue_jobs_at_start()
    plan.refresh_from_db()
    assert plan.status == SeatingPlan.Status.READY


def test_the_sweep_is_scheduled_and_registered():
    entry = settings.CELERY_BEAT_SCHEDULE["requeue-jobs"]
    assert entry["task"] in app.tasks
    assert entry["schedule"] <= 5 * 60


def test_the_broker_wait_is_bounded():
    """Connection and read timeouts and retry counts keep a request's wait to
    seconds (the defaults held it 19 s, and forever on a Redis that accepts
    connections but never answers)."""
    conf = app.conf
    assert conf.broker_connection_timeout <= 2
    assert conf.broker_transport_options["socket_connect_timeout"] <= 2
    assert 1 < conf.broker_transport_options["socket_timeout"] <= 3
    assert conf.redis_socket_connect_timeout <= 2
    assert conf.redis_socket_timeout <= 3
    assert conf.task_publish_retry_policy["max_retries"] <= 1
    policy = conf.result_backend_transport_options["retry_policy"]
    assert policy["max_retries"] == 0


def test_a_result_store_outage_does_not_kill_a_running_job():
    """Progress also lives in the job's row: a failed PROGRESS state is logged."""
    from types import SimpleNamespace

    from kombu.exceptions import OperationalError

    from tournaments.tasks.progress import progress_reporter

    calls = []

    def update_state(**kwargs):
        calls.append(kwargs)
        raise OperationalError("Error 111 connecting to 127.0.0.1:6390.")

    task = SimpleNamespace(
        request=SimpleNamespace(is_eager=False, id="t1"), update_state=update_state
    )
    progress_reporter(task)(40)
    assert calls == [{"state": "PROGRESS", "meta": {"percent": 40}}]


def test_a_large_events_workbook_page_says_the_queue_is_down(
    client,
    organiser,
    tournament,
    queue_down,
    monkeypatch,
    django_capture_on_commit_callbacks,
):
    """The "preparing the workbook" page (202) carries the notice too."""
    monkeypatch.setattr(exports, "DIRECT_EXPORT_MAX_PLAYERS", -1)
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.get(f"/t/{tournament.slug}/standings.xlsx")
    assert response.status_code == 202
    assert NOTICE in response.content.decode()
    assert ExportFile.objects.get().status == ExportFile.Status.PENDING
