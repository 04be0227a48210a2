"""The organiser's round page in a real browser: copy a table link (and the
fallback that selects it), open the print page, swap two players through the
confirmation step."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import TournamentFactory, UserFactory
from tests.integration.round_helpers import EIGHT, named_players, seat_round
from tournaments.models import Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def round_page(live_server, page: Page):
    """Round 2 of a tournament whose round 1 put Anna Bell with Carl Dunn."""
    organiser = UserFactory(username="orga")
    organiser.set_password("mahjong-e2e")
    organiser.save()
    tournament = TournamentFactory(name="Spring Open")
    tournament.organisers.add(organiser)
    a, b, c, d, e, f, g, h = named_players(tournament, EIGHT)
    seat_round(tournament, 1, [[a, b, c, d], [e, f, g, h]], Round.Status.FINISHED)
    tables = seat_round(tournament, 2, [[a, b, e, f], [c, d, g, h]])
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name='username']", "orga")
    page.fill("input[name='password']", "mahjong-e2e")
    page.get_by_role("button", name="Log in").click()
    url = f"{live_server.url}/staff/{tournament.slug}/rounds/2/"
    page.goto(url)
    return url, tables


def test_copy_a_table_link(round_page, page: Page, live_server):
    url, tables = round_page
    page.context.grant_permissions(
        ["clipboard-read", "clipboard-write"], origin=live_server.url
    )
    link = f"{live_server.url}/table/{tables[0].token}/"
    expect(page.locator("#link-1")).to_have_text(link)
    page.get_by_role("button", name="Copy the link of table 1").click()
    expect(page.locator("#table-1 .copy-status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link


def test_copy_falls_back_to_selecting_the_link(round_page, page: Page, live_server):
    url, tables = round_page
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.get_by_role("button", name="Copy the link of table 2").click()
    expect(page.locator("#table-2 .copy-status")).to_contain_text("Ctrl+C")
    selected = page.evaluate("window.getSelection().toString()")
    assert selected == f"{live_server.url}/table/{tables[1].token}/"


def test_open_the_print_page(round_page, page: Page):
    page.get_by_role("link", name="Print slips and score sheets").click()
    expect(page.locator("#slip-1")).to_contain_text("Spring Open")
    expect(page.locator("#slip-1 svg.segno")).to_be_visible()
    expect(page.locator("#sheet-2 tbody tr")).to_have_count(16)
    page.emulate_media(media="print")
    expect(page.locator("header.topbar")).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()


def test_swap_with_its_confirmation(round_page, page: Page):
    url, tables = round_page
    page.get_by_label("Player", exact=True).select_option(label="1S · Bo Chen")
    page.get_by_label("swaps with").select_option(label="2E · Carl Dunn")
    page.get_by_role("button", name="Check the swap").click()
    expect(page.locator("#swap-meetings")).to_contain_text(
        "After this swap, Carl Dunn meets Anna Bell again (round 1)."
    )
    assert tables[0].seats.get(wind="S").registration.player.name == "Bo Chen"
    page.get_by_role("button", name="Swap them").click()
    expect(page.locator(".messages")).to_contain_text(
        "Bo Chen and Carl Dunn swapped: Bo Chen now sits at table 2 East, "
        "Carl Dunn at table 1 South."
    )
    assert tables[0].seats.get(wind="S").registration.player.name == "Carl Dunn"
