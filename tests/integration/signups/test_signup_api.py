"""The registrations API: anyone signs up, the token is the registrant's
key, the organisers list, confirm, refuse and mark paid; errors in the
house's shape (400 schema, 422 data, 409 state)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.integration.signups.helpers import open_registration
from tournaments.models import AuditEvent, Signup

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def url(tournament, tail=""):
    return f"/api/tournaments/{tournament.slug}/registrations/{tail}"


def body(name, **fields):
    first, _, last = name.partition(" ")
    return {
        "first_name": first,
        "last_name": last,
        "email": f"{first.lower()}@example.org",
        **fields,
    }


@pytest.fixture
def opened(tournament, organiser):
    open_registration(tournament, organiser, capacity=2)
    return tournament


@pytest.fixture
def anyone():
    return APIClient()


def test_anyone_signs_up_and_the_third_waits(
    opened, anyone, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        answers = [
            anyone.post(url(opened), body(n))
            for n in ("Ann One", "Bob Two", "Cy Three")
        ]
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert [a.json()["status"] for a in answers] == ["pending", "pending", "waiting"]
    assert answers[2].json()["waiting_position"] == 1
    assert len(answers[0].json()["token"]) >= 30
    assert len(mail.outbox) == 3


def test_the_list_and_the_decisions_are_the_organisers(opened, anyone, api, organiser):
    anyone.post(url(opened), body("Ann One", answers={"meal": True}))
    assert anyone.get(url(opened)).status_code in (401, 403)
    stranger = APIClient()
    stranger.force_authenticate(UserFactory(username="stranger"))
    assert stranger.get(url(opened)).status_code in (403, 404)
    listed = api.get(url(opened)).json()
    assert listed["counts"]["pending"] == 1
    assert listed["counts"]["free_places"] == 1
    (row,) = listed["registrations"]
    assert (row["email"], row["answers"]) == ("ann@example.org", {"meal": True})
    signup_id = row["id"]
    assert stranger.post(url(opened, f"{signup_id}/confirm/"), {}).status_code in (
        403,
        404,
    )
    confirmed = api.post(url(opened, f"{signup_id}/confirm/"), {})
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["status"] == "confirmed"
    assert confirmed.json()["registration"] is not None
    paid = api.post(url(opened, f"{signup_id}/paid/"), {"paid": True})
    assert paid.json()["paid"] is True
    again = api.post(url(opened, f"{signup_id}/confirm/"), {})
    assert (again.status_code, again.json()["error"]) == (409, "signup_not_pending")
    refused = api.post(url(opened, f"{signup_id}/refuse/"))
    assert refused.json()["status"] == "refused"
    actions = set(AuditEvent.objects.values_list("action", flat=True))
    assert {"signup.confirm", "signup.paid", "signup.refuse"} <= actions


def test_errors_name_the_field(opened, anyone):
    missing = anyone.post(url(opened), {"last_name": "One"})
    assert (missing.status_code, missing.json()["field"]) == (400, "email")
    mistyped = anyone.post(url(opened), body("Ann One", ema_number=4123))
    assert mistyped.status_code == 400
    unknown = anyone.post(url(opened), body("Ann One", answers={"wine": True}))
    assert (unknown.status_code, unknown.json()["error"]) == (422, "unknown_question")
    bad_ema = anyone.post(url(opened), body("Ann One", ema_number="12x"))
    assert (bad_ema.status_code, bad_ema.json()["field"]) == (422, "ema_number")


def test_no_registration_no_form(tournament, anyone, api, organiser):
    assert anyone.post(url(tournament), body("Ann One")).status_code == 404
    now = timezone.now()
    open_registration(
        tournament,
        organiser,
        opens_at=now + timedelta(days=1),
        closes_at=now + timedelta(days=2),
    )
    early = anyone.post(url(tournament), body("Ann One"))
    assert (early.status_code, early.json()["error"]) == (409, "signups_not_open")


def test_the_token_reads_changes_cancels_and_deletes(opened, anyone):
    token = anyone.post(url(opened), body("Ann One")).json()["token"]
    anyone.post(url(opened), body("Bob Two"))
    waiting = anyone.post(url(opened), body("Cy Three")).json()["token"]
    own = anyone.get(f"/api/registrations/{token}/")
    assert own.json()["email"] == "ann@example.org"
    changed = anyone.put(f"/api/registrations/{token}/", body("Anne One"))
    assert changed.json()["first_name"] == "Anne"
    cancelled = anyone.post(f"/api/registrations/{token}/cancel/")
    assert cancelled.json()["status"] == "cancelled"
    assert anyone.get(f"/api/registrations/{waiting}/").json()["status"] == "pending"
    assert anyone.delete(f"/api/registrations/{waiting}/").status_code == 204
    assert not Signup.objects.filter(token=waiting).exists()
    assert anyone.get("/api/registrations/not-a-token/").status_code == 404


def test_the_organiser_opens_registration(tournament, api, anyone):
    now = timezone.now()
    options = {
        "opens_at": (now - timedelta(hours=1)).isoformat(),
        "closes_at": (now + timedelta(days=3)).isoformat(),
        "capacity": 32,
        "questions": [{"label": "Vegetarian meal?", "kind": "yes_no"}],
        "message": "Lunch is included.",
        "retention_days": 60,
    }
    assert anyone.put(url(tournament, "options/"), options).status_code in (401, 403)
    answer = api.put(url(tournament, "options/"), options)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["questions"] == [
        {"key": "q1", "label": "Vegetarian meal?", "kind": "yes_no"}
    ]
    reversed_dates = api.put(
        url(tournament, "options/"), {**options, "closes_at": options["opens_at"]}
    )
    assert (reversed_dates.status_code, reversed_dates.json()["error"]) == (
        422,
        "signup_dates_reversed",
    )


def test_forty_into_thirty_two_then_three_cancel(
    tournament, organiser, anyone, django_capture_on_commit_callbacks
):
    open_registration(tournament, organiser, capacity=32)
    with django_capture_on_commit_callbacks(execute=True):
        tokens = [
            anyone.post(url(tournament), body(f"P{n} Player{n}")).json()["token"]
            for n in range(40)
        ]
        for token in tokens[:3]:
            anyone.post(f"/api/registrations/{token}/cancel/")
    statuses = list(tournament.signups.values_list("status", flat=True))
    assert statuses.count("pending") == 32
    assert statuses.count("waiting") == 5
    assert statuses.count("cancelled") == 3
    # 40 receipts, 3 cancellations, 3 promotions: each e-mail once.
    assert len(mail.outbox) == 46
    assert len({(m.to[0], m.subject) for m in mail.outbox}) == 46
