"""load_demo: --reset on a played demo, the login only when asked, waiting."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.demo import DEMO_USERNAME, wait_for_plan
from tournaments.models import AuditEvent, Hand, Player, SeatingPlan, Tournament

# The demo seats through a job enqueued on commit: real commits are needed.
pytestmark = pytest.mark.django_db(transaction=True)


def test_reset_recreates_a_played_demo(settings):
    """--reset deletes the played demo (hands, penalties, results) and rebuilds it."""
    settings.DEBUG = True
    call_command("load_demo")
    first = Tournament.objects.get()
    assert Hand.objects.filter(table__round__tournament=first).exists()
    call_command("load_demo", "--reset")
    demo = Tournament.objects.get()
    assert demo.pk != first.pk
    assert Hand.objects.filter(table__round__tournament=demo).count() == 4 * 2 * 16
    assert Player.objects.count() == 16
    assert not AuditEvent.objects.filter(tournament_id=first.pk).exists()


def test_no_demo_login_without_debug(settings):
    """With DEBUG off, no account with the known password is created."""
    settings.DEBUG = False
    call_command("load_demo")
    assert not get_user_model().objects.filter(username=DEMO_USERNAME).exists()
    assert Tournament.objects.get().rounds.filter(status="finished").count() == 2


def test_demo_login_when_asked(settings):
    settings.DEBUG = False
    call_command("load_demo", "--with-login")
    user = get_user_model().objects.get(username=DEMO_USERNAME)
    assert user.has_perm("tournaments.add_tournament")
    assert Tournament.objects.get().organisers.filter(pk=user.pk).exists()


def test_demo_login_with_debug(settings):
    settings.DEBUG = True
    call_command("load_demo")
    assert get_user_model().objects.filter(username=DEMO_USERNAME).exists()


def test_wait_for_plan_waits_for_the_worker():
    """With a broker, the demo polls the plan until a worker has finished it."""
    call_command("load_demo")
    plan = SeatingPlan.objects.get()
    SeatingPlan.objects.filter(pk=plan.pk).update(status=SeatingPlan.Status.PENDING)
    polls = []

    def worker_finishes(_seconds):
        polls.append(1)
        if len(polls) == 3:
            SeatingPlan.objects.filter(pk=plan.pk).update(
                status=SeatingPlan.Status.PUBLISHED
            )

    with mock.patch("tournaments.demo.time.sleep", side_effect=worker_finishes):
        assert wait_for_plan(plan.pk).status == SeatingPlan.Status.PUBLISHED
    assert len(polls) == 3


def test_wait_for_plan_gives_up_without_a_worker():
    call_command("load_demo")
    plan = SeatingPlan.objects.get()
    SeatingPlan.objects.filter(pk=plan.pk).update(status=SeatingPlan.Status.PENDING)
    with (
        mock.patch("tournaments.demo.time.sleep"),
        pytest.raises(RuntimeError, match="worker"),
    ):
        wait_for_plan(plan.pk, timeout_s=-1)
