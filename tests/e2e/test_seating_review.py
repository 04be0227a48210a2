"""An organiser plans every round from a seed, reviews the figures and
publishes, in a real browser (Celery runs eagerly, as with `make run`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import RegistrationFactory, TournamentFactory, UserFactory
from tournaments.models import SeatingPlan

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_plan_with_a_seed_review_and_publish(live_server, page: Page):
    organiser = UserFactory(username="orga")
    organiser.set_password("mahjong-e2e")
    organiser.save()
    tournament = TournamentFactory(seating_mode="no-repeat")
    tournament.organisers.add(organiser)
    for _ in range(16):
        RegistrationFactory(tournament=tournament)

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name='username']", "orga")
    page.fill("input[name='password']", "mahjong-e2e")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/staff/{tournament.slug}/rounds/1/")
    page.fill("input[name='seed']", "4242")
    page.get_by_role(
        "button", name="Plan this and every later round, review first"
    ).click()

    expect(page.locator("#plan-figures")).to_contain_text("Pairs meeting again: 0")
    expect(page.locator("#seating-request")).to_contain_text("Seed 4242")
    with page.expect_download() as download:
        page.get_by_role("link", name="Engine request (JSON)").click()
    assert download.value.suggested_filename.endswith("-round-1-seed-4242.json")

    page.get_by_role("button", name="Publish the plan").click()
    expect(page.locator("#tables")).to_contain_text("Table 4")
    plan = SeatingPlan.objects.get(tournament=tournament)
    assert (plan.status, plan.seed) == (SeatingPlan.Status.PUBLISHED, 4242)
    assert tournament.rounds.filter(status="seated").count() == 4
