"""Registration pages: the public form (honeypot, rate limit, errors by the
field), the private link, the organiser's list and settings."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client, override_settings
from django.utils import timezone

from tests.factories import UserFactory
from tests.integration.signups.helpers import open_registration, sign_up
from tournaments.models import AuditEvent, Signup, SignupOptions

pytestmark = pytest.mark.django_db


def form(name, **fields):
    first, _, last = name.partition(" ")
    return {
        "first_name": first,
        "last_name": last,
        "email": f"{first.lower()}@example.org",
        **fields,
    }


@pytest.fixture
def opened(tournament, organiser):
    open_registration(tournament, organiser, capacity=1)
    return tournament


@pytest.fixture
def staff(organiser):
    client = Client()
    client.force_login(organiser)
    return client


def test_a_player_registers_on_the_form_and_lands_on_the_private_page(
    opened, client, django_capture_on_commit_callbacks
):
    page = client.get(f"/t/{opened.slug}/register/")
    assert page.status_code == 200
    assert "Vegetarian meal?" in page.text
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/t/{opened.slug}/register/", form("Ann One", answer_meal="on")
        )
    signup = Signup.objects.get()
    assert answer.status_code == 302
    assert answer.url == f"/register/{signup.token}/"
    assert signup.answers == {"meal": True}
    assert len(mail.outbox) == 1
    private = client.get(answer.url)
    assert "Ann One" in private.text
    # The e-mail is never on a public page.
    assert "ann@example.org" not in client.get(f"/t/{opened.slug}/register/").text


def test_the_honeypot_drops_the_signup_quietly(opened, client):
    answer = client.post(
        f"/t/{opened.slug}/register/", form("Bot One", website="http://spam")
    )
    assert answer.status_code == 200
    assert not Signup.objects.exists()


def test_bad_input_is_named_by_its_field(opened, client):
    answer = client.post(
        f"/t/{opened.slug}/register/", form("Ann One", ema_number="12x", email="nope")
    )
    assert answer.status_code == 400
    assert answer.context["form"].errors.keys() >= {"email"}
    answer = client.post(
        f"/t/{opened.slug}/register/", form("Ann One", ema_number="12x")
    )
    assert answer.status_code == 400
    assert "ema_number" in answer.context["form"].errors
    assert not Signup.objects.exists()


@override_settings(RATELIMIT_ENABLE=True, PUBLIC_FORM_RATE="2/m")
def test_posting_too_fast_gets_429(opened, client):
    for n in range(2):
        client.post(f"/t/{opened.slug}/register/", form(f"P{n} Player"))
    answer = client.post(f"/t/{opened.slug}/register/", form("Late Player"))
    assert answer.status_code == 429
    assert Signup.objects.count() == 2


def test_no_registration_set_up_is_a_404(tournament, client):
    assert client.get(f"/t/{tournament.slug}/register/").status_code == 404


def test_the_private_page_changes_then_cancels_and_promotes(
    opened, client, django_capture_on_commit_callbacks
):
    first = sign_up(opened, "Ann One")
    waiting = sign_up(opened, "Bob Two")
    page = f"/register/{first.token}/"
    saved = client.post(page, {**form("Anne One"), "action": "save"})
    assert saved.status_code == 302
    first.refresh_from_db()
    assert first.first_name == "Anne"
    assert (
        "number 1 on the waiting list" in client.get(f"/register/{waiting.token}/").text
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(page, {"action": "cancel"})
    waiting.refresh_from_db()
    assert waiting.status == "pending"
    assert client.get("/register/not-a-token/").status_code == 404


def test_the_private_page_deletes_before_the_event(opened, client):
    signup = sign_up(opened, "Ann One")
    answer = client.post(f"/register/{signup.token}/", {"action": "delete"})
    assert answer.status_code == 302
    assert not Signup.objects.exists()


def test_the_organiser_confirms_refuses_and_marks_paid(opened, staff, organiser):
    known_name = sign_up(opened, "Ann One")
    listed = staff.get(f"/staff/{opened.slug}/registrations/")
    assert listed.status_code == 200
    assert "ann@example.org" in listed.text
    staff.post(
        f"/staff/{opened.slug}/registrations/",
        {"signup": known_name.pk, "action": "paid"},
    )
    staff.post(
        f"/staff/{opened.slug}/registrations/",
        {"signup": known_name.pk, "action": "confirm"},
    )
    known_name.refresh_from_db()
    assert (known_name.status, known_name.paid) == ("confirmed", True)
    staff.post(
        f"/staff/{opened.slug}/registrations/",
        {"signup": known_name.pk, "action": "refuse"},
    )
    known_name.refresh_from_db()
    assert known_name.status == "refused"
    assert AuditEvent.objects.filter(action__startswith="signup.").count() == 4


def test_only_organisers_see_the_list(opened, client):
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger"))
    assert stranger.get(f"/staff/{opened.slug}/registrations/").status_code in (
        403,
        404,
    )
    assert client.get(f"/staff/{opened.slug}/registrations/").status_code == 302


def test_the_organiser_opens_registration_from_the_staff_page(tournament, staff):
    page = staff.get(f"/staff/{tournament.slug}/")
    assert f"/staff/{tournament.slug}/registrations/" in page.text
    now = timezone.localtime()
    answer = staff.post(
        f"/staff/{tournament.slug}/registrations/settings/",
        {
            "opens_at": now.strftime("%Y-%m-%dT%H:%M"),
            "closes_at": (now + timedelta(days=5)).strftime("%Y-%m-%dT%H:%M"),
            "capacity": "32",
            "questions": "Vegetarian meal?\ntext: Allergies",
            "message": "Lunch included.",
            "retention_days": "30",
        },
    )
    assert answer.status_code == 302
    options = SignupOptions.objects.get(tournament=tournament)
    assert [(q["label"], q["kind"]) for q in options.questions] == [
        ("Vegetarian meal?", "yes_no"),
        ("Allergies", "text"),
    ]
    again = staff.get(f"/staff/{tournament.slug}/registrations/settings/")
    assert "text: Allergies" in again.text
