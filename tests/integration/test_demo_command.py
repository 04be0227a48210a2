"""load_demo: --reset on a played demo, the login only when asked, waiting."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.factories import TournamentFactory
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


def test_the_demo_login_only_with_debug_or_when_asked(settings):
    """With DEBUG off no account with the known password is created; on the
    existing demo, --with-login adds it, and so does DEBUG on (one demo
    built: the command only adds the login to a demo that exists)."""
    settings.DEBUG = False
    call_command("load_demo")
    users = get_user_model().objects
    assert not users.filter(username=DEMO_USERNAME).exists()
    demo = Tournament.objects.get()
    assert demo.rounds.filter(status="finished").count() == 2

    call_command("load_demo", "--with-login")
    user = users.get(username=DEMO_USERNAME)
    assert user.has_perm("tournaments.add_tournament")
    assert demo.organisers.filter(pk=user.pk).exists()

    user.delete()
    settings.DEBUG = True
    call_command("load_demo")
    assert Tournament.objects.get().pk == demo.pk
    assert demo.organisers.filter(username=DEMO_USERNAME).exists()


def pending_plan() -> SeatingPlan:
    """A seating job waiting for its worker (the wait reads its row only)."""
    return SeatingPlan.objects.create(
        tournament=TournamentFactory(),
        first_round=1,
        rounds_count=1,
        mode="random",
        seed=1,
        status=SeatingPlan.Status.PENDING,
    )


def test_wait_for_plan_waits_for_the_worker():
    """With a broker, the demo polls the plan until a worker has finished it."""
    plan = pending_plan()
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
    plan = pending_plan()
    with (
        mock.patch("tournaments.demo.time.sleep"),
        pytest.raises(RuntimeError, match="worker"),
    ):
        wait_for_plan(plan.pk, timeout_s=-1)
