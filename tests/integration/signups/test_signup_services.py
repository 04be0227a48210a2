"""Registration's services: places, the waiting list, the private link,
the organiser's decisions, the e-mails and the retention."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.core import mail
from django.utils import timezone, translation

from tests.integration.signups.helpers import open_registration, sign_up
from tournaments.models import Player, Registration, Signup, SignupEmail
from tournaments.services import signups
from tournaments.services.errors import ServiceError
from tournaments.services.signup_emails import send_signup_email

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def opened(tournament, organiser):
    open_registration(tournament, organiser, capacity=2)
    return tournament


def statuses(tournament):
    return [(s.name, s.status) for s in tournament.signups.all()]


def test_places_then_waiting_list_in_order_of_arrival(
    opened, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        for name in ("Ann One", "Bob Two", "Cy Three", "Di Four"):
            sign_up(opened, name)
    assert statuses(opened) == [
        ("Ann One", "pending"),
        ("Bob Two", "pending"),
        ("Cy Three", "waiting"),
        ("Di Four", "waiting"),
    ]
    subjects = sorted(m.subject for m in mail.outbox)
    assert len(mail.outbox) == 4
    assert sum("waiting list" in s for s in subjects) == 2
    assert {m.to[0] for m in mail.outbox} == {
        "ann@example.org",
        "bob@example.org",
        "cy@example.org",
        "di@example.org",
    }


def test_a_cancellation_promotes_the_first_waiting_who_is_told(
    opened, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first = sign_up(opened, "Ann One")
        for name in ("Bob Two", "Cy Three", "Di Four"):
            sign_up(opened, name)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        signups.cancel_signup(token=first.token)
    assert statuses(opened) == [
        ("Ann One", "cancelled"),
        ("Bob Two", "pending"),
        ("Cy Three", "pending"),
        ("Di Four", "waiting"),
    ]
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@example.org", "cy@example.org"]
    promoted = next(m for m in mail.outbox if m.to[0] == "cy@example.org")
    assert "place freed up" in promoted.subject
    assert "/register/" in promoted.body


def test_a_refusal_promotes_too_and_is_audited(opened, organiser):
    first = sign_up(opened, "Ann One")
    sign_up(opened, "Bob Two")
    waiting = sign_up(opened, "Cy Three")
    signups.refuse_signup(signup_id=first.pk, actor=organiser)
    waiting.refresh_from_db()
    assert waiting.status == Signup.Status.PENDING
    assert opened.audit_events.filter(action="signup.refuse").count() == 1


def test_more_places_promote_the_waiting_list(opened, organiser):
    for name in ("Ann One", "Bob Two", "Cy Three"):
        sign_up(opened, name)
    open_registration(opened, organiser, capacity=3)
    assert [s for _, s in statuses(opened)] == ["pending"] * 3


def test_an_email_is_sent_once_however_often_its_task_runs(
    opened, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        signup = sign_up(opened, "Ann One")
    email = SignupEmail.objects.get(signup=signup)
    assert email.sent_at is not None
    assert send_signup_email(email.pk) is False
    assert len(mail.outbox) == 1


def test_the_email_speaks_the_registrants_language(
    opened, django_capture_on_commit_callbacks, monkeypatch
):
    from tournaments.services import signup_emails

    languages = []
    render = signup_emails.render_to_string

    def spy(*args, **kwargs):
        languages.append(translation.get_language())
        return render(*args, **kwargs)

    monkeypatch.setattr(signup_emails, "render_to_string", spy)
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        sign_up(opened, "Ann One", language="fr")
    assert languages == ["fr", "fr"]
    assert translation.get_language() == "en"


def test_a_failed_send_stays_owed_and_the_sweep_sends_it(
    opened, django_capture_on_commit_callbacks, settings, monkeypatch
):
    from tournaments.services import signup_emails
    from tournaments.tasks.signups import send_owed_signup_emails_task

    def broken(*args, **kwargs):
        raise OSError("mail server down")

    monkeypatch.setattr(signup_emails, "send_mail", broken)
    with django_capture_on_commit_callbacks(execute=True):
        signup = sign_up(opened, "Ann One")
    email = SignupEmail.objects.get(signup=signup)
    assert email.sent_at is None
    monkeypatch.undo()
    SignupEmail.objects.filter(pk=email.pk).update(
        created_at=timezone.now() - timedelta(hours=1)
    )
    assert send_owed_signup_emails_task() == 1
    email.refresh_from_db()
    assert email.sent_at is not None
    assert len(mail.outbox) == 1


def test_the_private_link_changes_the_signup(opened):
    signup = sign_up(opened, "Ann One")
    signups.update_signup(
        token=signup.token,
        fields={
            "first_name": "Anne",
            "last_name": "One",
            "email": "anne@example.org",
            "answers": {"meal": True},
        },
    )
    signup.refresh_from_db()
    assert (signup.name, signup.email, signup.answers) == (
        "Anne One",
        "anne@example.org",
        {"meal": True},
    )
    with pytest.raises(ServiceError) as refused:
        signups.update_signup(token="not-a-token", fields={})
    assert refused.value.code == "unknown_signup"


def test_answers_must_fit_the_questions(opened):
    with pytest.raises(ServiceError) as unknown:
        sign_up(opened, "Ann One", answers={"wine": True})
    assert unknown.value.code == "unknown_question"
    with pytest.raises(ServiceError) as mistyped:
        sign_up(opened, "Ann One", answers={"meal": "yes"})
    assert mistyped.value.code == "answer_not_yes_no"


def test_the_same_person_twice_is_refused(opened):
    sign_up(opened, "Ann One")
    with pytest.raises(ServiceError) as twice:
        sign_up(opened, "ann  ONE")
    assert twice.value.code == "already_signed_up"


def test_registration_closed_or_not_open(tournament, organiser):
    with pytest.raises(ServiceError) as never:
        sign_up(tournament, "Ann One")
    assert never.value.code == "signups_not_open"
    now = timezone.now()
    open_registration(
        tournament,
        organiser,
        opens_at=now - timedelta(days=3),
        closes_at=now - timedelta(days=1),
    )
    with pytest.raises(ServiceError) as closed:
        sign_up(tournament, "Ann One")
    assert closed.value.code == "signups_closed"


def test_a_likely_known_player_waits_for_the_organiser(opened, organiser):
    known = Player.objects.create(first_name="Ann", last_name="One")
    signup = sign_up(opened, "ann one")
    assert signup.likely_player == known
    with pytest.raises(ServiceError) as unanswered:
        signups.confirm_signup(signup_id=signup.pk, actor=organiser)
    assert unanswered.value.code == "likely_player_unanswered"
    signups.confirm_signup(signup_id=signup.pk, actor=organiser, same_player=True)
    registration = Registration.objects.get(tournament=opened)
    assert registration.player == known
    assert Player.objects.count() == 1


def test_another_person_of_the_same_name_gets_a_new_player(opened, organiser):
    known = Player.objects.create(first_name="Ann", last_name="One")
    signup = sign_up(opened, "Ann One")
    signups.confirm_signup(signup_id=signup.pk, actor=organiser, same_player=False)
    registration = Registration.objects.get(tournament=opened)
    assert registration.player != known
    assert Player.objects.count() == 2


def test_confirm_and_paid_are_audited_and_cancel_withdraws(opened, organiser):
    signup = sign_up(opened, "Ann One")
    signups.confirm_signup(signup_id=signup.pk, actor=organiser)
    signups.set_signup_paid(signup_id=signup.pk, actor=organiser, paid=True)
    signup.refresh_from_db()
    assert (signup.status, signup.paid) == ("confirmed", True)
    with pytest.raises(ServiceError) as twice:
        signups.confirm_signup(signup_id=signup.pk, actor=organiser)
    assert twice.value.code == "signup_not_pending"
    signups.cancel_signup(token=signup.token)
    assert Registration.objects.get().status == Registration.Status.WITHDRAWN


def test_a_waiting_signup_cannot_be_confirmed_over_capacity(opened, organiser):
    sign_up(opened, "Ann One")
    sign_up(opened, "Bob Two")
    waiting = sign_up(opened, "Cy Three")
    with pytest.raises(ServiceError) as refused:
        signups.confirm_signup(signup_id=waiting.pk, actor=organiser)
    assert refused.value.code == "signup_not_pending"


def test_delete_before_the_event_forgets_the_registrant(opened, organiser):
    signup = sign_up(opened, "Ann One")
    sign_up(opened, "Bob Two")
    waiting = sign_up(opened, "Cy Three")
    signups.confirm_signup(signup_id=signup.pk, actor=organiser)
    signups.delete_signup(token=signup.token)
    assert not Signup.objects.filter(pk=signup.pk).exists()
    assert not Registration.objects.filter(tournament=opened).exists()
    waiting.refresh_from_db()
    assert waiting.status == "pending"


def test_delete_after_the_event_started_is_refused(opened):
    signup = sign_up(opened, "Ann One")
    opened.start_date = date(2026, 5, 1)
    opened.save()
    with pytest.raises(ServiceError) as late:
        signups.delete_signup(token=signup.token, today=date(2026, 5, 2))
    assert late.value.code == "event_started"


def test_retention_erases_email_and_answers_after_the_event(opened, organiser):
    open_registration(opened, organiser, retention_days=30)
    signup = sign_up(opened, "Ann One", answers={"meal": True})
    opened.start_date = opened.end_date = date(2026, 5, 1)
    opened.save()
    assert signups.erase_expired_signups(today=date(2026, 5, 31)) == 0
    assert signups.erase_expired_signups(today=date(2026, 6, 1)) == 1
    signup.refresh_from_db()
    assert (signup.email, signup.answers, signup.name) == ("", {}, "Ann One")
    assert signup.erased_at is not None
    assert signups.erase_expired_signups(today=date(2026, 6, 2)) == 0


def test_the_beat_schedule_runs_the_erasure(settings):
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "tournaments.tasks.signups.erase_expired_signups_task" in tasks
    assert "tournaments.tasks.signups.send_owed_signup_emails_task" in tasks


def test_the_task_retries_a_failed_send(opened, monkeypatch):
    from tournaments.services import signup_emails
    from tournaments.tasks.signups import send_signup_email_task

    signup = sign_up(opened, "Ann One")
    email = SignupEmail.objects.get(signup=signup)
    real = signup_emails.send_mail
    failures = [OSError("connection refused")]

    def flaky(*args, **kwargs):
        if failures:
            raise failures.pop()
        return real(*args, **kwargs)

    monkeypatch.setattr(signup_emails, "send_mail", flaky)
    # As a worker would: the failure is retried, not raised.
    result = send_signup_email_task.apply(args=[email.pk], throw=False)
    assert result.get() is True
    email.refresh_from_db()
    assert email.sent_at is not None
    assert len(mail.outbox) == 1


def test_an_erased_address_is_never_written_to(opened):
    signup = sign_up(opened, "Ann One")
    Signup.objects.filter(pk=signup.pk).update(email="")
    email = SignupEmail.objects.get(signup=signup)
    assert send_signup_email(email.pk) is False
    assert mail.outbox == []
