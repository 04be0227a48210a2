"""A referee enters a whole 16-hand session on a 768x1024 tablet, with the
tile picker for a non-East winner, then a correction and a penalty."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.services_fans import calculate
from tests.factories import seated_table
from tournaments.models import Hand, Penalty

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TILES = {
    "concealed": "12345678p55z",
    "melds": [{"kind": "pung", "tiles": "222z", "concealed": False, "from": "left"}],
    "winning_tile": "9p",
}
WIDTH = 768


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": WIDTH, "height": 1024}}


def choose(form, name: str, wind: str) -> None:
    """Tap the player who holds ``wind`` in the hand being entered."""
    form.locator(f"label:has(input[name='{name}'])", has_text=wind).first.click()


def pick_tiles(page: Page) -> None:
    picker = page.locator("[data-tile-picker]")
    picker.locator("[data-mode='pung']").click()
    picker.locator("[data-palette] [data-tile='2z']").click()
    picker.locator("[data-mode='hand']").click()
    for tile in ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "5z", "5z", "9p"]:
        picker.locator(f"[data-palette] [data-tile='{tile}']").click()


def expected_points(hand: Hand) -> int:
    """The calculator's total, in-process, in the hand's stored deal."""
    winner = hand.seat_winds[hand.winner.index]
    answer = calculate(
        {**TILES, "seat_wind": winner, "prevalent_wind": hand.prevalent_wind}
    )
    assert answer["ok"]
    return answer["total"]


def enter_hand(page: Page, number: int) -> None:
    form = page.locator("form[data-new-hand]")
    expect(page.locator("#new-hand h2")).to_contain_text(f"Hand {number}")
    form.locator("label:has(input[name='kind'][value='discard'])").click()
    choose(form, "winner", "South")
    choose(form, "discarder", "West")
    form.locator("details.tiles-entry summary").click()
    pick_tiles(page)
    # MCR's count fills its points field (a hidden data-fill, tablet.js).
    preview = page.locator("#tiles-preview [data-fill='fan_total']")
    expect(preview).to_be_attached()
    total = preview.get_attribute("data-value")
    expect(form.locator("input[name='fan_total']")).to_have_value(total)
    form.locator("button[type='submit']").click()
    expect(page.locator(f"#hand-{number}")).to_be_visible()
    expect(page.locator(f"#hand-{number}")).to_be_in_viewport()


def test_a_whole_session_with_the_picker_a_correction_and_a_penalty(
    live_server, page: Page
):
    table = seated_table()
    page.goto(f"{live_server.url}/table/{table.token}/")
    for number in range(1, 17):
        enter_hand(page, number)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert len(hands) == 16
    for hand in hands:
        assert hand.seat_winds[hand.winner.index] == "S"
        assert hand.result["fan_total"] == expected_points(hand), hand.number
    assert hands[0].result["fan_total"] == 24  # South's pung of South: Seat Wind

    # Nothing scrolls sideways and Delete is whole on screen.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= WIDTH
    delete = page.locator("#hand-16 button.danger")
    box = delete.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH

    # A correction opens where the referee looks.
    page.locator("#hand-3 a.button").click()
    edit = page.locator("#edit-hand")
    expect(edit).to_be_in_viewport()
    edit.locator("input[name='edit-fan_total']").fill("30")
    edit.locator("button[type='submit']").click()
    expect(page.locator("#edit-hand")).to_have_count(0)
    assert Hand.objects.get(table=table, number=3).result["fan_total"] == 30

    # A penalty.
    page.locator("#penalties summary").click()
    penalties = page.locator("#penalties form").last
    penalties.locator("select[name='kind']").select_option("false_hu")
    penalties.locator("button[type='submit']").click()
    expect(page.locator("#penalties table")).to_be_visible()
    assert Penalty.objects.filter(table=table).count() == 1
    expect(page.locator("#sheet")).to_contain_text("The session is over")


def test_a_refused_hand_keeps_every_tile(live_server, page: Page):
    """The server refuses (winner = discarder): all 14 tiles are still
    there, and fixing the discarder records the hand the tiles count."""
    table = seated_table()
    page.goto(f"{live_server.url}/table/{table.token}/")
    form = page.locator("form[data-new-hand]")
    form.locator("label:has(input[name='kind'][value='discard'])").click()
    choose(form, "winner", "South")
    choose(form, "discarder", "South")
    form.locator("details.tiles-entry summary").click()
    pick_tiles(page)
    expect(page.locator("#tiles-preview [data-fill='fan_total']")).to_be_attached()
    form.locator("button[type='submit']").click()
    expect(page.locator("#new-hand .error").first).to_be_visible()
    picker = page.locator("[data-tile-picker]")
    expect(picker).to_be_visible()
    expect(picker.locator("[data-count]")).to_have_text("14")
    assert not Hand.objects.filter(table=table).exists()
    form = page.locator("form[data-new-hand]")
    choose(form, "discarder", "West")
    form.locator("button[type='submit']").click()
    expect(page.locator("#hand-1")).to_be_visible()
    assert Hand.objects.get(table=table).result["fan_total"] == 24
