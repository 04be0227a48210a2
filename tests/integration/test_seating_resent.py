"""A seating job whose worker died is sent again and keeps its whole search
(issue 27, item 3).

The finding: a seating job killed twice ended on its safety clock with 55
repeated pairs. The re-sent run shares the machine with whatever the kill
left (a restarted worker, a killed worker's orphans, the rest of the day's
load) and waits for a CPU between its steps; on the wall clock that waiting
spent its time limit. The search ends on its step counts; its safety limit
counts only the CPU the search itself used, so a run that waits gives the
plan an unhurried run gives for the same seed.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import RegistrationFactory, TournamentFactory, UserFactory
from tests.unit.seating.conftest import FakeClock
from tournaments.models import SeatingPlan
from tournaments.seating.command import run
from tournaments.services import jobs, seating_plans

pytestmark = pytest.mark.django_db

#: Seconds a starved worker waits for a CPU at each progress report: about
#: 45 reports make it longer than the job's whole time limit.
WAIT_FOR_A_CPU_S = 0.1


@pytest.fixture
def twelve_for_five_rounds(settings):
    """12 players, 5 rounds, no repeats asked: beyond the repeat-free bound,
    so the engine searches (about a CPU second) rather than using a design.
    The production time limit, not the tests' shorter one."""
    settings.SEATING_TIME_LIMIT_S = 5.0
    tournament = TournamentFactory(seating_mode="no-repeat", rounds_count=5)
    for _ in range(12):
        RegistrationFactory(tournament=tournament)
    return tournament


def started(tournament, capture) -> SeatingPlan:
    """A plan for every round, its message not delivered yet."""
    with capture(execute=False):
        plan = seating_plans.start_seating(
            tournament_id=tournament.pk,
            first_round=1,
            actor=UserFactory(),
            rounds=None,
            seed=4242,
        )
    return plan


def killed_while_running(plan: SeatingPlan) -> None:
    """A worker claimed the job and died: its heartbeat stopped a while ago;
    the sweep puts it back to pending, to be sent again."""
    assert jobs.claim(jobs.SEATING, plan.pk)
    silent_since = timezone.now() - jobs.RUNNING_LOST_AFTER - timedelta(seconds=1)
    SeatingPlan.objects.filter(pk=plan.pk).update(heartbeat_at=silent_since)
    sent = []
    jobs.requeue_jobs(send=lambda kind, job_id: sent.append(job_id) or True)
    assert sent == [plan.pk]


def waiting_for_a_cpu(percent: int) -> None:
    time.sleep(WAIT_FOR_A_CPU_S)


def test_a_resent_job_that_waits_for_a_cpu_keeps_its_whole_search(
    twelve_for_five_rounds, django_capture_on_commit_callbacks
):
    plan = started(twelve_for_five_rounds, django_capture_on_commit_callbacks)
    killed_while_running(plan)

    plan = seating_plans.run_seating_plan(
        plan_id=plan.pk, on_progress=waiting_for_a_cpu
    )

    assert plan.status == SeatingPlan.Status.READY
    assert plan.stats["clock_stopped"] is False
    # The same request and seed on a clock that never moves: the plan a run
    # that nothing hurried would have found.
    unhurried = json.loads(run(json.dumps(plan.request), clock=FakeClock(step=0.0)))
    assert unhurried["stats"]["clock_stopped"] is False
    assert plan.rounds == unhurried["rounds"]
    assert plan.stats["repeated_pairs"] == unhurried["stats"]["repeated_pairs"]
