"""A referee enters riichi hands on the tablet page in a real browser: the
riichi inputs show for the kind of result chosen, the sheet shows the
dealer, the honba and sticks for the next hand and each player's points."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import TournamentFactory, UserFactory, player_ids, seated_table
from tournaments.models import Hand

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_referee_records_a_riichi_draw_then_a_ron(live_server, page: Page):
    tournament = TournamentFactory(ruleset="riichi")
    tournament.organisers.add(UserFactory())
    table = seated_table(tournament)
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    form = page.locator("form.hand-form").first
    # An exhaustive draw: South declared riichi; South and East were tenpai.
    form.locator("input[name='kind'][value='draw']").check(force=True)
    expect(form.locator("input[name='han']")).to_be_hidden()
    form.locator(f"input[name='riichi'][value='{south}']").check(force=True)
    form.locator(f"input[name='tenpai'][value='{south}']").check(force=True)
    form.locator(f"input[name='tenpai'][value='{east}']").check(force=True)
    form.locator("button[type='submit']").click()
    sheet = page.locator("#sheet")
    expect(sheet).to_contain_text("Honba 1 · Riichi sticks on the table 1")
    expect(sheet.locator(".seat-card.dealer")).to_contain_text("Dealer")
    expect(sheet.locator(".seat-card").nth(1)).to_contain_text("24000")
    # East (still the dealer) rons West: 3 han 30 fu, 960 x 6 = 5,760 ->
    # 5,800, plus 300 for the honba and the stick on the table.
    form = page.locator("form.hand-form").first
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator(f"input[name='winner'][value='{east}']").check(force=True)
    form.locator(f"input[name='discarder'][value='{west}']").check(force=True)
    form.locator("input[name='han']").fill("3")
    form.locator("input[name='fu']").fill("30")
    form.locator("button[type='submit']").click()
    expect(sheet).to_contain_text("Honba 2")
    expect(sheet.locator(".seat-card").first).to_contain_text("32100")
    second = Hand.objects.get(table=table, number=2)
    assert second.deltas == [7_100, 0, -6_100, 0]


def test_the_tile_picker_fills_han_and_fu_of_a_riichi_hand(live_server, page: Page):
    """South declared riichi and wins on West's discard with 234m 789m
    123p 456p 66p (on 6p): the picker's count, riichi and pinfu, fills 2 han
    30 fu; the hand is 2,000 from West (South's stick comes back)."""
    tournament = TournamentFactory(ruleset="riichi")
    table = seated_table(tournament)
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    form = page.locator("form[data-new-hand]")
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator(f"input[name='winner'][value='{south}']").check(force=True)
    form.locator(f"input[name='discarder'][value='{west}']").check(force=True)
    form.locator(f"input[name='riichi'][value='{south}']").check(force=True)
    form.locator("details.tiles-entry summary").click()
    picker = page.locator("[data-tile-picker]")
    tiles = [
        "2m",
        "3m",
        "4m",
        "7m",
        "8m",
        "9m",
        "1p",
        "2p",
        "3p",
        "4p",
        "5p",
        "6p",
        "6p",
        "6p",
    ]
    for tile in tiles:
        picker.locator(f"[data-palette] [data-tile='{tile}']").click()
    expect(page.locator("#tiles-preview")).to_contain_text("Pinfu")
    expect(form.locator("input[name='han']")).to_have_value("2")
    expect(form.locator("input[name='fu']")).to_have_value("30")
    form.locator("button[type='submit']").click()
    expect(page.locator("#hand-1")).to_be_visible()
    hand = Hand.objects.get(table=table)
    assert hand.deltas == [0, 2_000, -2_000, 0]
    assert [item["name"] for item in hand.fans] == ["Riichi", "Pinfu"]
