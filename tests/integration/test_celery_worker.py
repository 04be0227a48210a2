"""A real Celery worker process seats a round through Redis.

Run by ``make test-worker`` (PostgreSQL + Redis): the worker is a separate
process, so the test data must be committed (``transaction=True``) to a
database both processes reach.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.factories import RegistrationFactory, TournamentFactory, UserFactory
from tournaments.models import Round
from tournaments.services.seating import generate_seating

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 90


def database_url() -> str:
    db = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.fail("The worker test needs PostgreSQL: run it with `make test-worker`.")
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


@pytest.fixture
def worker():
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.fail("Set TEST_CELERY_BROKER_URL (see `make test-worker`).")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "TEST_DATABASE_URL": database_url(),
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=INFO",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    yield process
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


def test_worker_seats_a_round(worker):
    """The job runs in the worker process and the round gets its four tables."""
    organiser = UserFactory()
    tournament = TournamentFactory()
    for _ in range(16):
        RegistrationFactory(tournament=tournament)
    round_ = tournament.rounds.get(number=1)
    generate_seating(round_id=round_.pk, actor=organiser, seed=11)
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        round_ = Round.objects.get(pk=round_.pk)
        if round_.seating_state in (Round.SeatingState.DONE, Round.SeatingState.FAILED):
            break
        assert worker.poll() is None, worker.stdout.read()
        time.sleep(0.2)
    assert round_.seating_state == Round.SeatingState.DONE, round_.seating_error
    plan = round_.seating_plan
    assert plan.task_id
    assert plan.progress == 100
    assert round_.tables.count() == 4
    seated = sorted(round_.seats.values_list("registration_id", flat=True))
    assert seated == sorted(tournament.registrations.values_list("pk", flat=True))
    from celery.result import AsyncResult

    assert AsyncResult(plan.task_id).get(timeout=10)["status"] == "published"
