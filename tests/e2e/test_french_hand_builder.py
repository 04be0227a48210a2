"""A referee builds a French hand on the tablet, player by player, in a
real browser (issue 13): North's sets picked tile by tile, each player's
points shown as the hand is built, then the hand recorded."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import TournamentFactory, player_ids, seated_table
from tournaments.models import Hand, Player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def pick(builder, kind: str, tile: str, concealed: bool = False) -> None:
    builder.locator(f"button[data-set-kind='{kind}']").click()
    box = builder.locator("input[data-set-concealed]")
    if box.is_checked() != concealed:
        box.click(force=True)
    builder.locator(f"[data-builder-palette] button[data-tile='{tile}']").click()


def test_a_french_hand_is_built_set_by_set_and_recorded(live_server, page: Page):
    """french-classic.md's example: North's 28 added points, doubled once
    by the pung of the dominant wind, 56; East's pung of dragons and a
    flower, doubled twice (dragons, East in the simple system)."""
    table = seated_table(TournamentFactory(ruleset="french_simple"))
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    form = page.locator("form.hand-form").first
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator(f"input[name='winner'][value='{north}']").check(force=True)
    form.locator("input[name='dominant_wind'][value='S']").check(force=True)
    builder = form.locator("[data-hands-builder]")
    preview = form.locator("[data-hands-preview]")
    # North's hand of the rule document.
    builder.locator(f"input[name='builder-player'][value='{north}']").check(force=True)
    pick(builder, "pair", "1z")
    pick(builder, "pung", "2z")
    expect(preview.locator("[data-preview-seat='3'] [data-added]")).to_have_text("24")
    pick(builder, "pung", "4m", concealed=True)
    # The rule document's words: exposed a pung, concealed a brelan.
    sets = builder.locator("[data-builder-sets]")
    expect(sets).to_contain_text("Pung")
    expect(sets).to_contain_text("Brelan")
    expect(sets).not_to_contain_text("(cach")
    pick(builder, "chow", "1p")
    pick(builder, "chow", "7s")
    expect(preview.locator("[data-preview-seat='3'] [data-added]")).to_have_text("28")
    expect(preview.locator("[data-preview-seat='3'] [data-points]")).to_have_text("56")
    grand_jeu = builder.locator("input[data-flag='grand_jeu']").locator("xpath=..")
    expect(grand_jeu).to_be_visible()
    # East: an exposed pung of red dragons (8) and flower 1 (4) = 12, x2 x2.
    builder.locator(f"input[name='builder-player'][value='{east}']").check(force=True)
    expect(grand_jeu).to_be_hidden()  # only the Mah-Jong hand says how it won
    pick(builder, "pung", "7z")
    builder.locator("button[data-bonus-kind='flowers'][data-number='1']").click()
    expect(preview.locator("[data-preview-seat='0'] [data-points]")).to_have_text("48")
    # South and West count by hand.
    form.locator("input[name='scores_1']").fill("8")
    form.locator("input[name='scores_2']").fill("0")
    form.locator("input[name='scores_2']").dispatch_event("change")
    south_name = Player.objects.get(pk=south).name
    expect(preview.locator("[data-next-east]")).to_contain_text(south_name)
    expect(preview.locator("[data-preview-seat='3'] [data-total]")).to_have_text("56")
    form.locator("button[type='submit']").click()
    expect(page.locator("#sheet")).to_contain_text(
        "Main 2"
    )  # French first: these rules
    hand = Hand.objects.get(table=table)
    assert hand.deltas == [48, 8, 0, 56]
    assert hand.result["hands"][3]["sets"][1] == {
        "kind": "pung",
        "tiles": "222z",
        "concealed": False,
    }
    assert hand.fans["sheets"][0]["doubles"] == 2


def test_a_family_table_builds_an_encyclopaedia_hand(live_server, page: Page):
    """The encyclopaedia scoring: West finishes first with a one-suit hand of
    pungs and a kong (x2 x3), announced; flowers counted together."""
    table = seated_table(TournamentFactory(ruleset="encyclopaedia"))
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    form = page.locator("form.hand-form").first
    form.locator("input[name='kind'][value='self_draw']").check(force=True)
    form.locator("input[name='finish_2']").fill("1")
    for name, value in (("scores_0", "15"), ("scores_1", "0"), ("scores_3", "5")):
        form.locator(f"input[name='{name}']").fill(value)
    builder = form.locator("[data-hands-builder]")
    preview = form.locator("[data-hands-preview]")
    builder.locator(f"input[name='builder-player'][value='{west}']").check(force=True)
    for tile in ("1m", "5m", "9m"):
        pick(builder, "pung", tile)
    pick(builder, "kong", "7m")
    pick(builder, "pair", "2m")
    builder.locator("button[data-bonus-count='2']").click()
    builder.locator("input[data-flag='announced']").click(force=True)
    # 5 + 5 + 5 + 10 + 2 flowers x 5 + 100 = 135, x6 = 810.
    expect(preview.locator("[data-preview-seat='2'] [data-points]")).to_have_text("810")
    expect(preview.locator("[data-preview-seat='2'] [data-total]")).to_have_text("810")
    form.locator("button[type='submit']").click()
    expect(page.locator("#sheet")).to_contain_text(
        "Main 2"
    )  # French first: these rules
    hand = Hand.objects.get(table=table)
    assert hand.deltas == [15, 0, 810, 5]
    assert hand.result["finish"] == [None, None, 1, None]
