"""The page, the Celery job and ``python -m tournaments.seating`` give the same
plan for the same seed, and a plan cut by the clock says so."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.commands import run_module
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    TournamentFactory,
)
from tests.unit.seating.conftest import FakeClock
from tournaments.models import SeatingPlan
from tournaments.services import seating_plans

CLOCK_STOPPED = (
    "The search was stopped by its time limit: the same seed may give another "
    "plan on another machine."
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organiser):
    """20 players, two clubs of four (the engine keeps club-mates apart)."""
    tournament = TournamentFactory(seating_mode="no-repeat")
    tournament.organisers.add(organiser)
    clubs = [ClubFactory(), ClubFactory()]
    for i in range(20):
        club = clubs[i % 2] if i < 8 else None
        RegistrationFactory(tournament=tournament, player=PlayerFactory(club=club))
    return tournament


@pytest.fixture
def unhurried(monkeypatch, settings):
    """The job's engine reads a clock that stands still, and the request's
    time limit leaves the command (its own process, on the real clock) far
    more time than its steps need: no search is cut however loaded the
    machine is, so the seed alone decides the plan."""
    monkeypatch.setattr(seating_plans, "engine_clock", FakeClock(step=0.0))
    settings.SEATING_TIME_LIMIT_S = 600.0


def plan_from_page(client, tournament, seed, capture) -> SeatingPlan:
    with capture(execute=True):
        response = client.post(
            reverse("staff:seating-review", args=[tournament.slug, 1]), {"seed": seed}
        )
    assert response.status_code == 302
    return SeatingPlan.objects.filter(tournament=tournament).latest("pk")


def test_same_seed_same_plan_from_the_page_the_job_and_the_command(
    client, organiser, tournament, django_capture_on_commit_callbacks, unhurried
):
    client.force_login(organiser)
    first = plan_from_page(client, tournament, 4242, django_capture_on_commit_callbacks)
    assert (first.status, first.seed) == (SeatingPlan.Status.READY, 4242)
    assert first.stats["clock_stopped"] is False
    args = [tournament.slug, 1]
    page = client.get(reverse("staff:round", args=args)).content.decode()
    assert "Seed 4242" in page and reverse("staff:seating-request", args=args) in page
    assert CLOCK_STOPPED not in page

    download = client.get(reverse("staff:seating-request", args=args))
    assert download["Content-Disposition"].endswith('-round-1-seed-4242.json"')
    request = download.json()
    assert (request["seed"], request["rounds_to_plan"]) == (4242, 4)
    assert len(set(request["clubs"].values())) == 2
    command = json.loads(
        run_module("tournaments.seating", json.dumps(request), check=True).stdout
    )
    assert command["rounds"] == first.rounds
    assert command["stats"]["clock_stopped"] is False

    client.post(reverse("staff:seating-cancel", args=args))
    again = plan_from_page(client, tournament, 4242, django_capture_on_commit_callbacks)
    assert again.pk != first.pk
    assert again.rounds == first.rounds
    other = SeatingPlan.objects.filter(pk=again.pk)
    client.post(reverse("staff:seating-cancel", args=args))
    assert other.get().status == SeatingPlan.Status.CANCELLED
    changed = plan_from_page(client, tournament, 7, django_capture_on_commit_callbacks)
    assert changed.rounds != first.rounds


def test_a_bad_seed_is_refused_and_nothing_starts(client, organiser, tournament):
    client.force_login(organiser)
    response = client.post(
        reverse("staff:seating-review", args=[tournament.slug, 1]),
        {"seed": "-3"},
        follow=True,
        headers={"Accept-Language": "fr"},
    )
    assert "Graine" in response.content.decode()
    assert not SeatingPlan.objects.filter(tournament=tournament).exists()


def test_no_request_to_download_before_any_job(client, organiser, tournament):
    client.force_login(organiser)
    response = client.get(reverse("staff:seating-request", args=[tournament.slug, 1]))
    assert response.status_code == 404


def test_a_plan_cut_by_the_clock_says_so_on_the_page_and_in_the_api(
    client, organiser, tournament, django_capture_on_commit_callbacks, monkeypatch
):
    """A clock that runs out before the search's steps do: the plan is still
    ready, and the round page and the API say the seed may not reproduce it."""
    monkeypatch.setattr(seating_plans, "engine_clock", FakeClock(step=10.0))
    client.force_login(organiser)
    plan = plan_from_page(client, tournament, 4242, django_capture_on_commit_callbacks)
    assert plan.status == SeatingPlan.Status.READY
    assert plan.stats["clock_stopped"] is True
    args = [tournament.slug, 1]
    page = client.get(reverse("staff:round", args=args)).content.decode()
    assert CLOCK_STOPPED in page

    api = client.get(f"/api/tournaments/{tournament.slug}/rounds/1/seating/").json()
    assert (api["id"], api["stats"]["clock_stopped"]) == (plan.pk, True)

    registrations = dict(tournament.registrations.values_list("pk", "player_id"))
    first_table, second_table = plan.rounds[0][0], plan.rounds[0][1]
    client.post(
        reverse("staff:plan-swap", args=args),
        {
            "round": 1,
            "first": registrations[first_table[0]],
            "second": registrations[second_table[0]],
        },
    )
    swapped = SeatingPlan.objects.get(pk=plan.pk)
    assert swapped.rounds != plan.rounds
    assert swapped.stats["clock_stopped"] is True
