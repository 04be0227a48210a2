"""A player registers on a phone; the waiting list is promoted when a
place frees up (real browser, the public form and the private link)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import TournamentFactory, organiser_account
from tests.integration.signups.helpers import open_registration
from tournaments.models import Signup

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def event():
    tournament = TournamentFactory(name="Spring Open")
    open_registration(tournament, organiser_account(username="org"), capacity=1)
    return tournament


def register(page: Page, form: str, first: str, last: str) -> None:
    page.goto(form)
    page.get_by_label("First name").fill(first)
    page.get_by_label("Last name").fill(last)
    page.get_by_label("E-mail").fill(f"{first.lower()}@example.org")
    page.get_by_label("Vegetarian meal?").check()
    page.get_by_role("button", name="Register").click()
    page.wait_for_url("**/register/*/")


def test_a_player_registers_on_a_phone(live_server, page: Page, event):
    page.set_viewport_size(PHONE)
    form = f"{live_server.url}/t/{event.slug}/register/"
    page.goto(form)
    # Nothing wider than the phone; the honeypot is out of sight.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    expect(page.locator("input[name='website']")).not_to_be_in_viewport()
    register(page, form, "Ann", "One")
    expect(page.get_by_text("Ann One")).to_be_visible()
    signup = Signup.objects.get()
    assert (signup.status, signup.answers) == ("pending", {"meal": True})


def test_the_waiting_list_is_promoted_when_a_place_frees(
    live_server, page: Page, event
):
    page.set_viewport_size(PHONE)
    form = f"{live_server.url}/t/{event.slug}/register/"
    register(page, form, "Ann", "One")
    first_link = page.url
    register(page, form, "Bob", "Two")
    second_link = page.url
    expect(page.get_by_text("number 1 on the waiting list")).to_be_visible()
    page.goto(first_link)
    page.get_by_role("button", name="Cancel my registration").click()
    page.goto(second_link)
    expect(page.get_by_text("Awaiting confirmation")).to_be_visible()
    assert Signup.objects.get(first_name="Bob").status == "pending"
