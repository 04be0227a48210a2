"""What the referee sees for each answer the tablet can get: a link the
organiser replaced keeps the hand on the tablet and says to scan the new
code; a busy server says "retrying" and the hand is stored once; a
correction of a hand deleted elsewhere says the hand is gone; a hand sent
again is confirmed, not refused."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.tablet_forms import record
from tests.factories import player_ids, seated_table
from tournaments.models import Hand
from tournaments.services import hands as services
from tournaments.services.seating import rotate_table_token

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

VIEWPORT = {"width": 768, "height": 1024}


@pytest.fixture
def browser_context_args(browser_context_args):
    # Requests a service worker makes escape page.route: none here.
    return {**browser_context_args, "viewport": VIEWPORT, "service_workers": "block"}


def test_replaced_link_keeps_the_hand_and_says_to_scan_the_new_code(
    live_server, page: Page
):
    table = seated_table()
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    status = page.locator("[data-save-status]")
    expect(status).to_have_text("All hands saved")

    new = rotate_table_token(table_id=table.pk, actor=None)  # "New link"
    record(page, east, south, 8)
    expect(status).to_contain_text("This table link is no longer valid")
    expect(status).to_contain_text("Scan the QR code on the table again")
    expect(status).to_contain_text("1 hand waiting to send")
    expect(status).not_to_contain_text("All hands saved")
    expect(page.locator("[data-pending]")).to_contain_text("Hand 1")
    expect(page.locator("[data-offline-notice]")).to_have_text(
        "The hand is kept on this tablet: nothing is lost."
    )
    assert not Hand.objects.filter(table=table).exists()

    # The old link's page says the same, counts the kept hand, and never
    # names the new link.
    page.reload()
    expect(page.locator("h1")).to_have_text("This table link is no longer valid")
    expect(page.locator("[data-kept-hands]")).to_contain_text(
        "1 hand not yet sent is kept on this tablet"
    )
    assert new.token not in page.content()

    # The referee scans the table's new code: the hand goes, stored once.
    page.goto(f"{live_server.url}/table/{new.token}/")
    expect(page.locator("#hand-1")).to_be_visible()
    expect(status).to_have_text("All hands saved")
    assert Hand.objects.filter(table=table).count() == 1
    assert Hand.objects.get(table=table).result["fan_total"] == 8


def test_busy_server_says_retrying_and_the_hand_is_stored_once(live_server, page: Page):
    table = seated_table()
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    answers = []

    def busy_twice(route: Route) -> None:
        if route.request.method == "POST" and len(answers) < 2:
            answers.append(503)
            route.fulfill(
                status=503, headers={"Retry-After": "1"}, body="Back in a moment"
            )
        else:
            route.continue_()

    page.route("**/hands/", busy_twice)
    status = page.locator("[data-save-status]")
    record(page, east, south, 8)
    expect(status).to_contain_text("Server busy, retrying")
    expect(status).to_contain_text("1 hand waiting to send")
    expect(page.locator("[data-no-network]")).to_be_hidden()
    expect(page.locator("[data-offline-notice]")).not_to_contain_text("No network")
    expect(page.locator("#hand-1")).to_be_visible(timeout=15_000)
    expect(status).to_have_text("All hands saved")
    assert answers == [503, 503]
    assert Hand.objects.filter(table=table).count() == 1


def test_correction_of_a_hand_deleted_elsewhere_says_it_is_gone(
    live_server, page: Page, browser: Browser
):
    table = seated_table()
    east, south, west, north = player_ids(table)
    hand, _ = services.record_hand(
        table_id=table.pk,
        result={"kind": "discard", "winner": east, "discarder": south, "fan_total": 8},
        actor=None,
    )
    address = f"{live_server.url}/table/{table.token}/"
    page.goto(address)
    page.locator("#hand-1 a", has_text="Correct").click()
    edit = page.locator("#edit-hand")
    expect(edit).to_be_visible()

    other = browser.new_context(viewport=VIEWPORT).new_page()
    other.goto(address)
    other.once("dialog", lambda dialog: dialog.accept())
    other.locator("#hand-1 button", has_text="Delete").click()
    expect(other.locator("#hand-1")).to_have_count(0)
    other.context.close()

    edit.locator("input[name='edit-fan_total']").fill("9")
    edit.locator("button[type='submit']").click()
    expect(page.locator("#conflict")).to_have_text(
        "Hand 1 no longer exists: someone deleted it on another tablet; "
        "your correction was not saved."
    )
    expect(page.locator("#edit-hand")).to_have_count(0)
    expect(page.locator("#hand-1")).to_have_count(0)
    assert not Hand.objects.filter(table=table).exists()


def test_hand_whose_answer_was_lost_is_confirmed(live_server, page: Page):
    """The hand reaches the server but its answer is lost: the tablet keeps
    it, sends it again, and the referee reads a confirmation."""
    table = seated_table()
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    lost = []

    def lose_first_answer(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch().status)  # stored on the server
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/hands/", lose_first_answer)
    status = page.locator("[data-save-status]")
    record(page, east, south, 8)
    expect(status).to_have_text("1 hand waiting to send")
    assert Hand.objects.filter(table=table).count() == 1
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#notices")).to_contain_text(
        "Hand 1 is saved: it had already reached the server."
    )
    expect(page.locator("#notices")).not_to_contain_text("already recorded")
    expect(status).to_have_text("All hands saved")
    assert Hand.objects.filter(table=table).count() == 1


def test_idle_tablet_learns_its_link_was_replaced(live_server, page: Page, settings):
    """No hand being recorded: the sheet's poller meets the replaced link
    and the status line says what to do before the next hand."""
    settings.TABLET_POLL_SECONDS = 1
    table = seated_table()
    page.goto(f"{live_server.url}/table/{table.token}/")
    rotate_table_token(table_id=table.pk, actor=None)
    status = page.locator("[data-save-status]")
    expect(status).to_contain_text("This table link is no longer valid", timeout=20_000)
    expect(status).not_to_contain_text("All hands saved")


def test_correction_refused_by_a_busy_server_says_it_was_not_saved(
    live_server, page: Page
):
    table = seated_table()
    east, south, west, north = player_ids(table)
    services.record_hand(
        table_id=table.pk,
        result={"kind": "discard", "winner": east, "discarder": south, "fan_total": 8},
        actor=None,
    )
    page.goto(f"{live_server.url}/table/{table.token}/")
    page.locator("#hand-1 a", has_text="Correct").click()
    edit = page.locator("#edit-hand")
    expect(edit).to_be_visible()
    page.route(
        "**/hands/*/",
        lambda route: (
            route.fulfill(status=503, body="Back in a moment")
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    edit.locator("input[name='edit-fan_total']").fill("9")
    edit.locator("button[type='submit']").click()
    expect(page.locator("[data-offline-notice]")).to_have_text(
        "Server busy: this change was not saved. Send it again in a moment."
    )
    expect(edit).to_be_visible()  # the typed correction is still there
    expect(edit.locator("input[name='edit-fan_total']")).to_have_value("9")
    assert Hand.objects.get(table=table).result["fan_total"] == 8
