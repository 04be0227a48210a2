"""A hand recorded without network stays on the tablet, waiting to send,
survives a reload, and is stored once when the network returns."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import player_ids, seated_table
from tournaments.models import Hand

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 768, "height": 1024}}


def fill_discard_win(page: Page, winner: int, discarder: int, points: int) -> None:
    form = page.locator("form[data-new-hand]")
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator(f"input[name='winner'][value='{winner}']").check(force=True)
    form.locator(f"input[name='discarder'][value='{discarder}']").check(force=True)
    form.locator("input[name='fan_total']").fill(str(points))


def test_offline_hand_waits_survives_a_reload_and_is_stored_once(
    live_server, page: Page
):
    table = seated_table()
    east, south, west, north = player_ids(table)
    address = f"{live_server.url}/table/{table.token}/"
    page.goto(address)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the service worker, which keeps a copy
    status = page.locator("[data-save-status]")
    expect(status).to_have_text("All hands saved")

    fill_discard_win(page, east, south, 8)
    page.context.set_offline(True)
    page.locator("form[data-new-hand] button[type='submit']").click()
    expect(status).to_have_text("1 hand waiting to send")
    expect(page.locator("[data-pending]")).to_contain_text("Hand 1")
    expect(page.locator("[data-no-network]")).to_be_visible()
    assert not Hand.objects.filter(table=table).exists()

    page.reload()  # offline: the worker's copy, the queue from localStorage
    expect(status).to_have_text("1 hand waiting to send")

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(status).to_have_text("All hands saved")
    expect(page.locator("[data-no-network]")).to_be_hidden()
    expect(page.locator("#sheet")).to_contain_text("Hand 2")
    assert Hand.objects.filter(table=table).count() == 1
    page.reload()
    expect(status).to_have_text("All hands saved")
    assert Hand.objects.get(table=table).deltas == [32, -16, -8, -8]
