"""Redis killed in the middle of a session, then restarted empty on the same
port (issue 27, item 3): the served app (gunicorn, DEBUG off), a real Celery
worker with beat inside it (``-B``, the production schedule) and a
redis-server of the test's own.

While Redis is down, hands through the API and the tablet are stored once
and answer at once, the pages answer, and a seating job and an export asked
for are created and shown as waiting for the queue; once Redis is back, both
start by themselves (the worker reconnects, beat's requeue sweep sends them)
within a minute. Every answer is bounded by the client's timeout (5 s):
the issue's 5-30 s stalls fail it.
"""

from __future__ import annotations

import time
import uuid

import pytest
import requests
from django.urls import reverse

from tests.factories import RegistrationFactory, TournamentFactory, player_ids
from tests.faults.processes import (
    RestartableRedis,
    celery_worker,
    gunicorn,
    started,
    wait_until,
)
from tests.faults.test_database_unreachable import Tablet
from tests.integration.page_factories import hand_data, organised_table
from tournaments.models import ExportFile, Hand, Round, SeatingPlan

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

ANSWER_WITHIN_S = 5
#: The issue's lost job waited 11 minutes; the build promises a minute.
STARTED_WITHIN_S = 60
QUEUE_DOWN = "The job queue is unavailable: the job will start as soon as it is back."


@pytest.fixture
def own_redis(tmp_path):
    server = RestartableRedis(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def served_with_worker(own_redis, database_url, environment, tmp_path):
    env = environment(database_url=database_url, redis_url=own_redis.url)
    served = gunicorn(env, tmp_path / "gunicorn.log")
    with started(served.group):
        worker = celery_worker(
            env, tmp_path / "worker.log", beat_schedule=tmp_path / "beat"
        )
        with started(worker):
            yield served


@pytest.fixture
def sixteen(organiser):
    tournament = TournamentFactory()
    tournament.organisers.add(organiser)
    for _ in range(16):
        RegistrationFactory(tournament=tournament)
    return tournament


def test_redis_killed_then_restarted(
    served_with_worker, own_redis, organiser, token, session_cookie, sixteen
):
    served = served_with_worker
    table = organised_table(organiser)
    east, south, west, north = player_ids(table)
    hands_url = f"{served.url}/api/tables/{table.pk}/hands/"
    public = served.url + reverse(
        "public:standings", args=[table.round.tournament.slug]
    )
    tablet = Tablet(served.url, table)
    assert tablet.open().status_code == 200
    api = requests.Session()
    api.headers["Authorization"] = token
    before = {"kind": "discard", "winner": north, "discarder": east, "fan_total": 8}
    first = api.post(hands_url, json=before, timeout=ANSWER_WITHIN_S)
    assert first.status_code == 201, first.text
    assert requests.get(public, timeout=ANSWER_WITHIN_S).status_code == 200

    own_redis.kill()

    # Hands through the API and the tablet: stored once, though each is sent
    # twice (its first answer lost on the way, as a tablet retries).
    by_api = {"kind": "discard", "winner": east, "discarder": south, "fan_total": 8}
    key = {"Idempotency-Key": uuid.uuid4().hex}
    sent = api.post(hands_url, json=by_api, headers=key, timeout=ANSWER_WITHIN_S)
    assert sent.status_code == 201, sent.text
    again = api.post(hands_url, json=by_api, headers=key, timeout=ANSWER_WITHIN_S)
    assert (again.status_code, again.json()["id"]) == (200, sent.json()["id"])
    on_tablet = hand_data("discard", south, west, 12)
    for _ in range(2):
        assert tablet.record(on_tablet).status_code == 302
    sheet = tablet.open()
    assert sheet.status_code == 200
    # The pages answer, the public's standings too.
    assert requests.get(public, timeout=ANSWER_WITHIN_S).status_code == 200

    # Jobs asked for: created, and said to wait for the queue.
    slug = sixteen.slug
    seating_url = f"{served.url}/api/tournaments/{slug}/rounds/1/seating/"
    seating = api.post(seating_url, json={}, timeout=ANSWER_WITHIN_S)
    export_url = f"{served.url}/api/tournaments/{slug}/exports/"
    export = api.post(export_url, json={}, timeout=ANSWER_WITHIN_S)
    for job in (seating, export):
        assert job.status_code == 202, job.text
        assert (job.json()["status"], job.json()["queue_notice"]) == (
            "pending",
            QUEUE_DOWN,
        )
    organiser_pages = requests.Session()
    organiser_pages.cookies.update(session_cookie)
    for page in (
        reverse("staff:round", args=[slug, 1]),
        reverse("exports:list", args=[slug]),
    ):
        answer = organiser_pages.get(served.url + page, timeout=ANSWER_WITHIN_S)
        assert answer.status_code == 200
        assert QUEUE_DOWN in answer.text

    own_redis.start()
    back_at = time.monotonic()

    wait_until(lambda: _done(sixteen), timeout_s=STARTED_WITHIN_S + 30, what="the jobs")
    took = time.monotonic() - back_at
    assert took < STARTED_WITHIN_S, f"{took:.0f} s"

    seen = api.get(seating_url, timeout=ANSWER_WITHIN_S).json()
    assert (seen["status"], seen["queue_notice"]) == ("published", None)
    assert ExportFile.objects.get().status == ExportFile.Status.READY
    assert SeatingPlan.objects.count() == 1
    round_ = Round.objects.get(tournament=sixteen, number=1)
    assert (round_.tables.count(), round_.seats.count()) == (4, 16)
    hands = Hand.objects.filter(table=table).order_by("number")
    winners = [h.winner.registration.player_id for h in hands]
    assert winners == [north, east, south]


def _done(tournament) -> bool:
    plan = SeatingPlan.objects.get(tournament=tournament)
    export = ExportFile.objects.get(tournament=tournament)
    over = ("published", "failed", "ready", "cancelled")
    return plan.status in over and export.status in over
