"""A real Celery worker process seats a round and builds a workbook through
Redis.

Run by ``make test-worker`` (PostgreSQL + Redis): the worker is a separate
process, so the test data must be committed (``transaction=True``) to a
database both processes reach.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import TypeVar

import pytest
from django.conf import settings
from django.db import connection
from openpyxl import load_workbook

from tests.factories import RegistrationFactory, TournamentFactory, UserFactory
from tournaments.models import ExportFile, Round
from tournaments.selectors.seating import with_seating_plan
from tournaments.services.exports import request_export
from tournaments.services.seating import generate_seating

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 90
T = TypeVar("T")


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


def wait_for(worker, load: Callable[[], T], done: Callable[[T], bool]) -> T:
    """``load()`` again and again until ``done`` says so (or WAIT_S pass);
    fails at once with the worker's output if the worker died."""
    deadline = time.monotonic() + WAIT_S
    value = load()
    while not done(value) and time.monotonic() < deadline:
        assert worker.poll() is None, worker.stdout.read()
        time.sleep(0.2)
        value = load()
    return value


def test_worker_seats_a_round(worker):
    """The job runs in the worker process and the round gets its four tables."""
    organiser = UserFactory()
    tournament = TournamentFactory()
    for _ in range(16):
        RegistrationFactory(tournament=tournament)
    round_ = tournament.rounds.get(number=1)
    generate_seating(round_id=round_.pk, actor=organiser, seed=11)
    over = (Round.SeatingState.DONE, Round.SeatingState.FAILED)
    round_ = wait_for(
        worker,
        lambda: with_seating_plan(Round.objects.get(pk=round_.pk)),
        lambda r: r.seating_state in over,
    )
    assert round_.seating_state == Round.SeatingState.DONE, round_.seating_error
    plan = round_.seating_plan
    assert plan.task_id
    assert plan.progress == 100
    assert round_.tables.count() == 4
    seated = sorted(round_.seats.values_list("registration_id", flat=True))
    assert seated == sorted(tournament.registrations.values_list("pk", flat=True))
    from celery.result import AsyncResult

    assert AsyncResult(plan.task_id).get(timeout=10)["status"] == "published"


def test_worker_builds_the_standings_workbook(worker):
    """An export asked for in French is built by the worker and stored."""
    organiser = UserFactory()
    tournament = TournamentFactory(name="Open de Lyon")
    for _ in range(4):
        RegistrationFactory(tournament=tournament)
    export = request_export(
        tournament_id=tournament.pk, kind="xlsx", language="fr", actor=organiser
    )
    busy = (ExportFile.Status.PENDING, ExportFile.Status.RUNNING)
    export = wait_for(
        worker,
        lambda: ExportFile.objects.get(pk=export.pk),
        lambda e: e.status not in busy,
    )
    assert export.status == ExportFile.Status.READY, export.error
    assert (export.progress, export.filename) == (
        100,
        f"{tournament.slug}-standings.xlsx",
    )
    workbook = load_workbook(BytesIO(bytes(export.content)))
    assert "Classement" in workbook.sheetnames
