"""Redis is an accelerator, never a dependency of a score (issue 27, item 3).

The cache (room versions, pages, DRF's throttle, django-ratelimit's counters)
and the job queue point at a redis-server of the test's own, which is then
killed, or frozen (SIGSTOP: connections are accepted, nothing is answered).
Hands through the API and the tablet, the public standings and the job
starts answer as usual, at once, and store their rows; the throttles and
rate limits let the requests through and say so in the log. The bound on
each answer is generous (5 s): it catches the 5-30 s stalls of the issue,
not a benchmark.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import pytest
from django.urls import reverse

from tests.factories import RegistrationFactory
from tests.integration.page_factories import (
    hand_data,
    organised_table,
    player_ids,
    post_hand,
)
from tests.integration.redis_server import OwnRedis, own_redis_server
from tests.integration.test_jobs_dispatch import job_queue_at
from tournaments.models import ExportFile, Hand, SeatingPlan

pytestmark = pytest.mark.django_db

BOUND_S = 5.0
WRITE_ONCE_A_MINUTE = {"fans": "100000/min", "writes": "1/min"}


@pytest.fixture
def server() -> Iterator[OwnRedis]:
    with own_redis_server() as server:
        yield server


@pytest.fixture
def redis_cache(server, settings, monkeypatch):
    """The project's Redis cache on the test's server, with the room cache,
    the throttle and the rate limits on, strict enough to bite at the second
    write (DRF's throttle reads its rates at import: patched)."""
    from rest_framework.throttling import SimpleRateThrottle

    settings.ROOM_VERSION_CACHE_SECONDS = 2
    settings.RATELIMIT_ENABLE = True
    settings.TABLE_FORM_RATE = "1/m"
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", WRITE_ONCE_A_MINUTE)
    settings.CACHES = {
        "default": {
            "BACKEND": "config.redis_cache.SharedClientRedisCache",
            "LOCATION": server.url,
        }
    }
    return server


@pytest.fixture(params=["killed", "frozen"])
def outage(request, redis_cache, client) -> Iterator[str]:
    """The page caches warmed while Redis answers (its pool holds open
    connections), then Redis killed or frozen."""
    client.get("/")
    if request.param == "killed":
        redis_cache.kill()
    else:
        redis_cache.freeze()
    yield request.param
    redis_cache.resume()


def timed(call):
    started = time.monotonic()
    response = call()
    elapsed = time.monotonic() - started
    assert elapsed < BOUND_S, f"{elapsed:.1f} s"
    return response


def warned(caplog) -> bool:
    return any(
        record.name == "config.redis_cache" and record.levelno == logging.WARNING
        for record in caplog.records
    )


def test_hands_through_the_api_are_stored_and_the_throttle_fails_open(
    outage, organiser, api, caplog
):
    """Two writes in a minute at a budget of one: both stored (the throttle
    cannot count without Redis, and lets them through), with a warning."""
    table = organised_table(organiser)
    for _ in range(2):
        timed(lambda: post_hand(api, table, {"kind": "draw"}))
    assert Hand.objects.filter(table=table).count() == 2
    assert warned(caplog)


def test_hands_on_the_tablet_are_stored_and_the_rate_limit_fails_open(
    outage, organiser, client, caplog
):
    table = organised_table(organiser)
    e, s, _, _ = player_ids(table)
    url = reverse("referee:hand-create", kwargs={"token": table.token})
    for body in (hand_data("draw"), hand_data("discard", e, s, 8)):
        response = timed(lambda body=body: client.post(url, body))
        assert response.status_code == 302, response.content
    assert Hand.objects.filter(table=table).count() == 2
    sheet = timed(lambda: client.get(reverse("referee:table", args=[table.token])))
    assert sheet.status_code == 200
    assert warned(caplog)


def test_the_public_standings_answer(outage, organiser, client, anonymous_api):
    table = organised_table(organiser)
    slug = table.round.tournament.slug
    page = timed(lambda: client.get(reverse("public:standings", args=[slug])))
    assert page.status_code == 200
    poll = timed(
        lambda: client.get(
            reverse("public:standings", args=[slug]), headers={"HX-Request": "true"}
        )
    )
    assert poll.status_code == 200
    answer = timed(lambda: anonymous_api.get(f"/api/tournaments/{slug}/standings/"))
    assert answer.status_code == 200, answer.content


@pytest.fixture
def sixteen(tournament):
    for _ in range(16):
        RegistrationFactory(tournament=tournament)
    return tournament


def test_jobs_started_through_the_api_wait_for_the_queue(
    outage, redis_cache, api, sixteen, django_capture_on_commit_callbacks
):
    """The queue is the same dead Redis: 202, the job pending with the notice."""
    slug = sixteen.slug
    with (
        job_queue_at(redis_cache.url),
        django_capture_on_commit_callbacks(execute=True),
    ):
        seating = timed(
            lambda: api.post(f"/api/tournaments/{slug}/rounds/1/seating/", {})
        )
        export = timed(lambda: api.post(f"/api/tournaments/{slug}/exports/", {}))
    for response in (seating, export):
        assert response.status_code == 202, response.content
        assert response.json()["status"] == "pending"
        assert response.json()["queue_notice"]
    assert SeatingPlan.objects.get().status == SeatingPlan.Status.PENDING
    assert ExportFile.objects.get().status == ExportFile.Status.PENDING


def test_jobs_started_on_the_staff_pages_wait_for_the_queue(
    outage, redis_cache, client, organiser, sixteen, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    seating_url = reverse("staff:seating-start", args=[sixteen.slug, 1])
    export_url = reverse("exports:list", args=[sixteen.slug])
    with (
        job_queue_at(redis_cache.url),
        django_capture_on_commit_callbacks(execute=True),
    ):
        seating = timed(lambda: client.post(seating_url))
        export = timed(lambda: client.post(export_url, {"kind": "xlsx"}))
    assert (seating.status_code, export.status_code) == (302, 302)
    assert SeatingPlan.objects.get().status == SeatingPlan.Status.PENDING
    assert ExportFile.objects.get().status == ExportFile.Status.PENDING


def test_with_redis_up_the_second_write_is_throttled(
    redis_cache, organiser, api, client
):
    """The control: with Redis answering, the same budgets refuse the second
    write (429), so the tests above do show the limits failing open."""
    table = organised_table(organiser)
    post_hand(api, table, {"kind": "draw"})
    post_hand(api, table, {"kind": "draw"}, status=429)
    url = reverse("referee:hand-create", kwargs={"token": table.token})
    assert client.post(url, hand_data("draw")).status_code == 302
    assert client.post(url, hand_data("draw")).status_code == 429
