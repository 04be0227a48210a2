"""The job queue goes down, then comes back: the waiting job runs in a real
worker through Redis.

Run like ``make test-worker`` (PostgreSQL + Redis, TEST_CELERY_BROKER_URL):
the web side publishes to a closed port while "down", then to Redis again.
"""

from __future__ import annotations

import pytest
import redis
from django.conf import settings
from django.core.management import call_command

from tests.factories import RegistrationFactory, TournamentFactory, UserFactory
from tests.integration.test_celery_worker import wait_for
from tests.integration.test_celery_worker import worker as worker
from tests.integration.test_jobs_dispatch import CLOSED_PORT, backdate, job_queue_at
from tournaments.models import Round, SeatingPlan
from tournaments.services import seating_plans

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

OVER = (SeatingPlan.Status.PUBLISHED, SeatingPlan.Status.FAILED)


@pytest.fixture
def clean_queue():
    """Redis without the messages of an earlier run (before a worker binds)."""
    redis.Redis.from_url(settings.CELERY_BROKER_URL).flushdb()


@pytest.fixture
def waiting_plan(clean_queue):
    """A seating job asked for while the queue was down, a minute ago."""
    tournament = TournamentFactory()
    for _ in range(16):
        RegistrationFactory(tournament=tournament)
    with job_queue_at(CLOSED_PORT):
        plan = seating_plans.start_seating(
            tournament_id=tournament.pk,
            first_round=1,
            actor=UserFactory(),
            publish=True,
        )
    plan.refresh_from_db()
    assert (plan.status, plan.task_id) == (SeatingPlan.Status.PENDING, "")
    backdate(plan, 60)
    return plan


def seated(worker, plan) -> Round:
    plan = wait_for(
        worker,
        lambda: SeatingPlan.objects.get(pk=plan.pk),
        lambda p: p.status in OVER,
    )
    assert plan.status == SeatingPlan.Status.PUBLISHED, plan.error
    assert plan.task_id
    return plan.tournament.rounds.get(number=1)


def wait_for_the_start_sweep(worker) -> None:
    """Read the worker's log until the sweep sent at its start has run."""
    for line in worker.stdout:
        if "requeue_jobs_task" in line and "succeeded" in line:
            return
    pytest.fail("The worker stopped before its start sweep ran.")


def test_requeue_command_sends_the_job_to_the_worker(clean_queue, worker, request):
    """The queue is back: ``requeue_jobs`` sends the job and the worker seats."""
    wait_for_the_start_sweep(worker)
    waiting_plan = request.getfixturevalue("waiting_plan")
    call_command("requeue_jobs")
    assert seated(worker, waiting_plan).tables.count() == 4


def test_a_starting_worker_picks_up_the_waiting_job(waiting_plan, worker):
    """No sweep, no command: the worker's start (worker_ready) resends it."""
    assert seated(worker, waiting_plan).tables.count() == 4
