"""What the venue does before serving (tournaments/venue/startup.py), its
jobs thread, and its addresses."""

from __future__ import annotations

import os
import shutil
import threading
import time

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.utils.module_loading import import_string

from tests.integration.round_helpers import EIGHT, named_players, organised
from tournaments.models import SeatingPlan
from tournaments.permissions import CREATE_TOURNAMENT_PERMISSION
from tournaments.services import jobs as job_service
from tournaments.services.seating_plans import start_seating
from tournaments.venue import addresses, jobs, startup

PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Page not found"
msgstr "Page introuvable"
"""


def test_the_command_refuses_to_serve_outside_venue_settings():
    """Without MURAILLE_VENUE the command says how to start it."""
    with pytest.raises(CommandError, match=r"manage\.py venue"):
        call_command("venue")


@pytest.mark.django_db
def test_the_organiser_account_is_made_once():
    """First start: an organiser with a random password (only its hash
    stored); later starts: nothing, and nothing to print."""
    user_name, password = startup.create_organiser()
    user = get_user_model().objects.get(username=user_name)
    assert user.check_password(password) and password not in user.password
    assert user.has_perm(CREATE_TOURNAMENT_PERMISSION)
    assert startup.create_organiser() is None


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs msgfmt")
def test_a_stale_catalogue_is_compiled_and_a_fresh_one_left(tmp_path):
    """A .mo older than its .po is compiled again; a newer one is kept."""
    stale = tmp_path / "fr" / "LC_MESSAGES"
    fresh = tmp_path / "de" / "LC_MESSAGES"
    for folder in (stale, fresh):
        folder.mkdir(parents=True)
        (folder / "django.po").write_text(PO)
        (folder / "django.mo").write_bytes(b"old")
    os.utime(stale / "django.mo", (1, 1))
    os.utime(fresh / "django.po", (1, 1))
    assert startup.compile_stale_messages(tmp_path) == [stale / "django.mo"]
    assert (stale / "django.mo").read_bytes() != b"old"
    assert (fresh / "django.mo").read_bytes() == b"old"


@pytest.mark.django_db
def test_a_job_the_crash_left_running_runs_again_at_start(organiser):
    """A seating job "running" when the venue was killed is sent again at
    the next start and finishes."""
    tournament = organised(organiser)
    named_players(tournament, EIGHT)
    plan = start_seating(tournament_id=tournament.pk, first_round=1, actor=None)
    SeatingPlan.objects.filter(pk=plan.pk).update(status=job_service.RUNNING)
    assert startup.revive_jobs() == 1
    plan.refresh_from_db()
    assert plan.status == SeatingPlan.Status.READY


@pytest.mark.django_db(transaction=True)
@override_settings(JOBS_IN_PROCESS=True)
def test_venue_jobs_run_in_the_jobs_thread_after_the_request(organiser):
    """JOBS_IN_PROCESS: the job is queued for the jobs thread once its row
    is committed, runs there, and reports through its row as usual."""
    tournament = organised(organiser)
    named_players(tournament, EIGHT)
    plan = start_seating(tournament_id=tournament.pk, first_round=1, actor=None)
    assert jobs.wait_idle(timeout_s=60)
    plan.refresh_from_db()
    assert plan.status == SeatingPlan.Status.READY
    assert plan.progress == 100 and plan.task_id.startswith("venue-")


def test_the_addresses_leave_out_the_loopback():
    """Every address printed for the tablets is a usable IPv4 one."""
    found = addresses.lan_addresses()
    assert not any(ip.startswith("127.") for ip in found)
    assert not addresses.lan_address().startswith("127.")
    assert addresses.urls(["192.0.2.3"], 8000) == ["http://192.0.2.3:8000/"]


def test_the_beat_runs_celery_schedule_through_the_jobs_thread(monkeypatch):
    """Each task of the beat schedule is found by its dotted name and run in
    the jobs thread once its period has passed."""
    ran = []
    monkeypatch.setattr(jobs, "BEAT_TICK_S", 0.01)

    class Task:
        def apply(self):
            ran.append("tick")

    found = []

    def tasks(name):
        found.append(name)
        return Task()

    name = "tournaments.tasks.jobs.requeue_jobs_task"
    stop = threading.Event()
    beat = jobs.start_beat({"sweep": {"task": name, "schedule": 0.05}}, tasks, stop)
    deadline = time.monotonic() + 30
    while not ran and time.monotonic() < deadline:
        time.sleep(0.01)
    stop.set()
    beat.join(timeout=10)
    assert jobs.wait_idle(timeout_s=30)
    assert found == ["tournaments.tasks.jobs.requeue_jobs_task"] and ran


def test_the_schedule_names_real_tasks():
    """Every task of CELERY_BEAT_SCHEDULE imports by its name."""
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert callable(import_string(entry["task"]).apply)
