"""Two tablets on one table: the stale one cannot add a duplicate hand, and
the sheet of an idle tablet catches up by itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.tablet_forms import record
from tests.factories import player_ids, seated_table
from tournaments.models import Hand

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

VIEWPORT = {"width": 768, "height": 1024}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": VIEWPORT}


def test_a_stale_tablet_cannot_add_a_duplicate(
    live_server, page: Page, browser: Browser
):
    table = seated_table()
    east, south, west, north = player_ids(table)
    address = f"{live_server.url}/table/{table.token}/"
    other = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(address)
    other.goto(address)

    record(page, east, south, 8)
    expect(page.locator("#hand-1")).to_be_visible()
    # The second tablet, typing hand 1 already (its poller leaves it alone).
    record(other, west, north, 10)
    conflict = other.locator("#conflict")
    expect(conflict).to_have_text(
        "Someone else recorded hand 1 at this table; here is the sheet as it stands."
    )
    expect(conflict).to_be_in_viewport()
    expect(other.locator("#hand-1")).to_be_visible()
    expect(other.locator("#new-hand h2")).to_contain_text("Hand 2")
    assert Hand.objects.filter(table=table).count() == 1
    assert Hand.objects.get(table=table).result["fan_total"] == 8

    # Now up to date, the second tablet records hand 2 normally.
    record(other, west, north, 10)
    expect(other.locator("#hand-2")).to_be_visible()
    assert Hand.objects.filter(table=table).count() == 2
    other.context.close()


def test_an_idle_tablet_catches_up_by_itself(
    live_server, page: Page, browser: Browser, settings
):
    """The poller swaps the sheet of a tablet where nobody is typing."""
    settings.TABLET_POLL_SECONDS = 1
    table = seated_table()
    east, south, west, north = player_ids(table)
    address = f"{live_server.url}/table/{table.token}/"
    other = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(address)
    other.goto(address)
    record(page, east, south, 8)
    expect(page.locator("#hand-1")).to_be_visible()
    expect(other.locator("#hand-1")).to_be_visible(timeout=15000)
    other.context.close()


def test_a_half_typed_hand_is_not_wiped_by_the_poller(
    live_server, page: Page, browser: Browser, settings
):
    settings.TABLET_POLL_SECONDS = 1
    table = seated_table()
    east, south, west, north = player_ids(table)
    address = f"{live_server.url}/table/{table.token}/"
    other = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(address)
    other.goto(address)
    other.locator("input[name='fan_total']").fill("12")
    record(page, east, south, 8)
    expect(page.locator("#hand-1")).to_be_visible()
    expect(other.locator("#sheet-watch .notice")).to_contain_text(
        "The sheet changed: hand 1 was recorded on another device.",
        timeout=15000,
    )
    expect(other.locator("input[name='fan_total']")).to_have_value("12")
    other.context.close()
