"""Every round clock fits a 360 px phone (issue 27, item 6).

Finding: "on a 390 px phone the round clock is 401 px wide and its time
spills out of the frame". Each page that shows the clock is opened at
360x640 with the longest face a clock has ("1:59:59", a two-hour session
running), and the clock's box and its time must lie inside the screen.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.factories import TournamentFactory, UserFactory, seated_table
from tournaments.models import Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

STYLED = """() => {
    const clock = document.querySelector(".round-clock");
    return clock && getComputedStyle(clock).borderTopStyle === "solid";
}"""
FITS = """() => Array.from(document.querySelectorAll(
    ".round-clock, .round-clock .clock-time, .round-clock .clock-label")).map(
    (element) => {
        const box = element.getBoundingClientRect();
        return {
            name: element.className,
            left: box.left,
            right: box.right,
            spills: element.scrollWidth > element.clientWidth + 1,
        };
    })"""


@pytest.fixture
def table():
    """Round 1 of a public two-hour session, its clock just started."""
    tournament = TournamentFactory(session_minutes=120, is_public=True)
    table = seated_table(tournament, 1)
    Round.objects.filter(pk=table.round_id).update(
        status=Round.Status.PLAYING,
        clock_started_at=timezone.now() - timedelta(seconds=2),
    )
    return table


def assert_clock_fits(page: Page, url: str, width: int = 360) -> None:
    page.set_viewport_size({"width": width, "height": 640})
    page.goto(url)
    clock = page.locator(".round-clock").first
    expect(clock.locator("[data-clock-time]")).to_have_text(
        re.compile(r"^1:59:\d\d$"), timeout=10_000
    )
    # Measured once the clock's stylesheet applies (a clock loaded by htmx
    # brings its own <link>).
    page.wait_for_function(STYLED)
    for box in page.evaluate(FITS):
        assert box["left"] >= 0 and box["right"] <= width, (url, box)
        assert not box["spills"], (url, box)


@pytest.mark.parametrize(
    "path",
    [
        "/t/{slug}/rounds/1/clock/",
        "/t/{slug}/projector/",
        "/t/{slug}/rounds/1/projector/",
    ],
)
def test_the_public_clocks_fit_a_360_px_phone(live_server, page: Page, table, path):
    slug = table.round.tournament.slug
    assert_clock_fits(page, live_server.url + path.format(slug=slug))


def test_the_clock_page_fits_the_390_px_phone_of_the_finding(
    live_server, page: Page, table
):
    slug = table.round.tournament.slug
    url = f"{live_server.url}/t/{slug}/rounds/1/clock/"
    assert_clock_fits(page, url, width=390)


def test_the_tablets_clock_fits_a_360_px_phone(live_server, page: Page, table):
    assert_clock_fits(page, f"{live_server.url}/table/{table.token}/")


def test_the_organisers_clock_fits_a_360_px_phone(live_server, page: Page, table):
    organiser = UserFactory(username="clock-width")
    organiser.set_password("mahjong-e2e")
    organiser.save()
    table.round.tournament.organisers.add(organiser)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name='username']", "clock-width")
    page.fill("input[name='password']", "mahjong-e2e")
    page.get_by_role("button", name="Log in").click()
    slug = table.round.tournament.slug
    assert_clock_fits(page, f"{live_server.url}/staff/{slug}/rounds/1/")
