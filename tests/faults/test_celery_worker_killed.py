"""A Celery worker killed (SIGKILL, its whole process group) in the middle of
a seating job: the job is sent again within a minute by the heartbeat sweep
(not after five minutes of silence) and its plan is the one an uninterrupted
run gives for the same seed, not one cut by the clock (issue 27, item 3).

The served app, the workers and the beat are real and share a redis-server
of the test's own. The first worker pauses its search at a progress report
(``tests.faults.paused_seating``) so that the kill lands mid-job; the second
worker runs Celery beat inside it (``-B``) on the production schedule, so
the re-sending is the production sweep's, found by itself.
"""

from __future__ import annotations

import json
import time

import pytest
import requests

from tests.factories import RegistrationFactory, TournamentFactory
from tests.faults.processes import (
    RestartableRedis,
    celery_worker,
    gunicorn,
    started,
    wait_until,
)
from tests.unit.seating.conftest import FakeClock
from tournaments.models import Round, SeatingPlan
from tournaments.seating.command import run

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

#: The issue's worker was sent again after 5-6 minutes; the build promises
#: within a minute (40 s without a heartbeat, a sweep every 15 s): generous.
RESENT_WITHIN_S = 90


@pytest.fixture
def own_redis(tmp_path):
    server = RestartableRedis(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def env(own_redis, database_url, environment):
    return environment(database_url=database_url, redis_url=own_redis.url)


@pytest.fixture
def served(env, tmp_path):
    served = gunicorn(env, tmp_path / "gunicorn.log")
    with started(served.group):
        yield served


@pytest.fixture
def twelve_for_five_rounds(organiser):
    """Beyond the repeat-free bound: the engine searches for about a CPU
    second (no design), with progress reports on the way."""
    tournament = TournamentFactory(seating_mode="no-repeat", rounds_count=5)
    tournament.organisers.add(organiser)
    for _ in range(12):
        RegistrationFactory(tournament=tournament)
    return tournament


def test_a_job_whose_worker_was_killed_runs_again_with_its_whole_search(
    served, env, tmp_path, twelve_for_five_rounds, token
):
    slug = twelve_for_five_rounds.slug
    job_url = f"{served.url}/api/tournaments/{slug}/rounds/1/seating/"
    headers = {"Authorization": token}
    pauses = tmp_path / "pauses"
    pauses.mkdir()
    first = celery_worker(
        {**env, "FAULT_PAUSE_DIR": str(pauses)},
        tmp_path / "first-worker.log",
        include="tests.faults.paused_seating",
    )
    with started(first):
        answer = requests.post(
            job_url,
            json={"seed": 4242, "rounds": None, "publish": True},
            headers=headers,
            timeout=10,
        )
        assert answer.status_code == 202, answer.text
        assert answer.json()["queue_notice"] is None
        wait_until(lambda: any(pauses.iterdir()), timeout_s=60, what="the job's search")
        seen = requests.get(job_url, headers=headers, timeout=10).json()
        assert seen["status"] == "running"
        first.kill()
    killed_at = time.monotonic()

    second = celery_worker(
        env, tmp_path / "second-worker.log", beat_schedule=tmp_path / "beat"
    )
    with started(second):
        plan = wait_until(
            lambda: _finished(SeatingPlan.objects.get()),
            timeout_s=RESENT_WITHIN_S + 30,
            what="the job sent again",
            every_s=0.5,
        )
        took = time.monotonic() - killed_at
        log = second.log()
    assert took < RESENT_WITHIN_S, f"{took:.0f} s"
    assert "worker stopped beating: sent again" in log

    # What the organiser sees: the plan, published, found by the whole search.
    seen = requests.get(job_url, headers=headers, timeout=10).json()
    assert seen["status"] == "published", seen
    assert seen["stats"]["clock_stopped"] is False
    unhurried = json.loads(run(json.dumps(plan.request), clock=FakeClock(step=0.0)))
    assert plan.rounds == unhurried["rounds"]
    assert seen["stats"]["repeated_pairs"] == unhurried["stats"]["repeated_pairs"]
    # One job, each round seated once: 3 tables of 4.
    assert SeatingPlan.objects.count() == 1
    for round_ in Round.objects.filter(tournament=twelve_for_five_rounds):
        assert round_.status == Round.Status.SEATED
        assert (round_.tables.count(), round_.seats.count()) == (3, 12)


def _finished(plan: SeatingPlan) -> SeatingPlan | None:
    busy = (SeatingPlan.Status.PENDING, SeatingPlan.Status.RUNNING)
    return None if plan.status in busy else plan
