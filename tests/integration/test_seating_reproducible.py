"""The page, the Celery job and ``python -m tournaments.seating`` give the same
plan for the same seed."""

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
from tournaments.models import SeatingPlan

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


def plan_from_page(client, tournament, seed, capture) -> SeatingPlan:
    with capture(execute=True):
        response = client.post(
            reverse("staff:seating-review", args=[tournament.slug, 1]), {"seed": seed}
        )
    assert response.status_code == 302
    return SeatingPlan.objects.filter(tournament=tournament).latest("pk")


def test_same_seed_same_plan_from_the_page_the_job_and_the_command(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    first = plan_from_page(client, tournament, 4242, django_capture_on_commit_callbacks)
    assert (first.status, first.seed) == (SeatingPlan.Status.READY, 4242)
    args = [tournament.slug, 1]
    page = client.get(reverse("staff:round", args=args)).content.decode()
    assert "Seed 4242" in page and reverse("staff:seating-request", args=args) in page

    download = client.get(reverse("staff:seating-request", args=args))
    assert download["Content-Disposition"].endswith('-round-1-seed-4242.json"')
    request = download.json()
    assert (request["seed"], request["rounds_to_plan"]) == (4242, 4)
    assert len(set(request["clubs"].values())) == 2
    command = run_module("tournaments.seating", json.dumps(request), check=True)
    assert json.loads(command.stdout)["rounds"] == first.rounds

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
