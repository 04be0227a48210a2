"""The room in a real browser: phone standings, the projector, a player page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.integration.room_data import close, room_event, win

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def inside_viewport(page: Page, selector: str) -> bool:
    """Every element matching ``selector`` lies within the viewport's width."""
    return page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector)).every(
            (cell) => {
                const box = cell.getBoundingClientRect();
                return box.width > 0 && box.left >= 0 && box.right <= innerWidth;
            })""",
        selector,
    )


def test_phone_standings_show_rank_name_points_and_score_without_sideways_scroll(
    live_server, page: Page
):
    tournament, _ = room_event(players=16)
    win(tournament.rounds.get(number=2).tables.get(number=1), 0, 2)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/t/{tournament.slug}/")
    expect(page.locator("table.standings tbody tr")).to_have_count(16)
    expect(page.locator("table.standings .badge-playing").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for column in (1, 2, 4, 5):  # rank, name, table points, score
        selector = f"table.standings tr > :nth-child({column})"
        assert inside_viewport(page, selector), selector


def test_projector_updates_after_a_hand(live_server, page: Page, settings):
    """A table closes while the board is shown: the board shows its scores."""
    settings.ROOM_PROJECTOR_POLL_SECONDS = 1
    tournament, registrations = room_event(players=16)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/t/{tournament.slug}/projector/")
    board = page.locator("#projector-board")
    table = tournament.rounds.get(number=2).tables.get(number=1)
    east = table.seats.get(wind="E").registration.player.name
    # Round 1: North at a table East won on South's discard: -8, 1½ points.
    row = board.locator(".board-row", has_text=east)
    expect(row.locator(".num").nth(0)).to_have_text("1½")
    expect(row.locator(".num").nth(1)).to_have_text("-8")
    win(table, 0, 2, fan_total=8)  # round 2: East wins 8 on West's discard
    close(table)
    # +32 and 4 table points, once the board has polled.
    expect(row.locator(".num").nth(0)).to_have_text("5½", timeout=10_000)
    expect(row.locator(".num").nth(1)).to_have_text("24")
    assert page.locator("header.topbar").count() == 0


def test_player_page_draws_its_chart(live_server, page: Page):
    tournament, registrations = room_event(players=8)
    table = tournament.rounds.get(number=2).tables.get(number=2)
    win(table, 3, 1)
    close(table)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.emulate_media(reduced_motion="reduce")
    page.goto(
        f"{live_server.url}/t/{tournament.slug}/players/{registrations[0].number}/"
    )
    expect(page.locator("table.player-rounds tbody tr")).to_have_count(2)
    page.wait_for_function(
        "() => window.Chart && Chart.getChart(document.getElementById('player-chart'))"
    )
    page.click(f"text={registrations[1].player.name}")
    expect(page).to_have_url(
        f"{live_server.url}/t/{tournament.slug}/players/{registrations[1].number}/"
    )
    page.go_back()
    page.wait_for_function(
        "() => window.Chart && Chart.getChart(document.getElementById('player-chart'))"
    )


def test_seating_board_scrolls_by_itself_and_loops(live_server, page: Page, settings):
    """96 players do not fit on one screen: the board scrolls down, then
    starts again from the top."""
    settings.ROOM_SCROLL_SPEED = 600
    settings.ROOM_SCROLL_PAUSE_MS = 200
    tournament, _ = room_event(players=96)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/t/{tournament.slug}/rounds/2/projector/")
    expect(page.locator(".board.seating .board-row")).to_have_count(96)
    assert page.locator("header.topbar").count() == 0
    page.wait_for_function(
        "() => { const m = document.querySelector('main');"
        " return m.scrollHeight > m.clientHeight"
        " && m.scrollTop >= m.scrollHeight - m.clientHeight - 1; }"
    )
    page.wait_for_function("() => document.querySelector('main').scrollTop === 0")


def test_standings_poll_gets_304_until_a_table_closes(
    live_server, page: Page, settings
):
    """The page sends its partial's ETag back: nothing new costs a 304 and
    leaves the table alone; a closed table brings the new rows."""
    settings.ROOM_POLL_SECONDS = 1
    tournament, _ = room_event(players=8)
    url = f"{live_server.url}/t/{tournament.slug}/"
    page.goto(url)
    with page.expect_response(lambda r: r.url == url and r.status == 304):
        pass
    table = tournament.rounds.get(number=2).tables.get(number=1)
    win(table, 0, 2, fan_total=8)
    close(table)
    east = table.seats.get(wind="E").registration.player.name
    row = page.locator("table.standings tbody tr", has_text=east)
    expect(row.locator("td").nth(3)).to_have_text("5½", timeout=10_000)
