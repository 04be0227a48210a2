"""A hand entered on a current sheet comes back as its changes only: the
sheet stays in place, the new row, scores and next form arrive, and the
forms carrying the table version are fresh (a penalty then goes through)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import player_ids, seated_table
from tournaments.models import Hand, Penalty

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def enter(page: Page, winner: int, discarder: int, points: str) -> None:
    form = page.locator("form[data-new-hand]")
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator(f"input[name='winner'][value='{winner}']").check(force=True)
    form.locator(f"input[name='discarder'][value='{discarder}']").check(force=True)
    form.locator("input[name='fan_total']").fill(points)
    form.locator("button[type='submit']").click()


def test_second_hand_swaps_its_changes_and_keeps_the_sheet(live_server, page: Page):
    table = seated_table()
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    enter(page, east, south, "8")
    expect(page.locator("#new-hand h2")).to_contain_text("Hand 2")
    # Mark the sheet element: a whole-sheet answer would replace it.
    page.evaluate("document.getElementById('sheet').dataset.kept = 'yes'")
    with page.expect_response(lambda r: r.url.endswith("/hands/")) as answer:
        enter(page, south, west, "8")
    assert answer.value.headers.get("hx-retarget") == "#new-hand"
    expect(page.locator("#new-hand h2")).to_contain_text("Hand 3")
    expect(page.locator("#hand-2")).to_be_visible()
    expect(page.locator("[data-hand-row]")).to_have_count(2)
    expect(page.locator("#scoreboard .score")).to_have_text(["24", "16", "-24", "-16"])
    assert page.evaluate("document.getElementById('sheet').dataset.kept") == "yes"
    assert page.evaluate("document.getElementById('sheet').dataset.dirty") is None
    # The forms below the list carry the version of hand 2.
    table.refresh_from_db()
    for form in ("#close", "#penalties"):
        versions = page.locator(f"{form} input[name='table_version']")
        expect(versions).to_have_value(str(table.version))
    # The penalty form carries the version of hand 2: no conflict.
    page.locator("#penalties summary").click()
    penalties = page.locator("#penalties form").last
    penalties.locator("select[name='kind']").select_option("false_hu")
    penalties.locator("button[type='submit']").click()
    expect(page.locator("#penalties table")).to_be_visible()
    expect(page.locator("#conflict")).to_have_count(0)
    assert Penalty.objects.filter(table=table).count() == 1
    assert Hand.objects.filter(table=table).count() == 2
