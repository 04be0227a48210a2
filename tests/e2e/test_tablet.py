"""A referee enters hands on the tablet page in a real browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import UserFactory, player_ids, seated_table
from tournaments.models import Hand

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_referee_records_a_discard_win_with_htmx(live_server, page: Page):
    """Tap result, winner, discarder, points: the sheet updates in place."""
    table = seated_table()
    table.round.tournament.organisers.add(UserFactory())
    east, south, west, north = player_ids(table)
    page.goto(f"{live_server.url}/table/{table.token}/")
    form = page.locator("form.hand-form").first
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator(f"input[name='winner'][value='{east}']").check(force=True)
    form.locator(f"input[name='discarder'][value='{south}']").check(force=True)
    form.locator("input[name='fan_total']").fill("12")
    form.locator("button[type='submit']").click()
    expect(page.locator("#sheet")).to_contain_text("+36")
    expect(page.locator("#sheet")).to_contain_text(re.compile(r"Hand 2"))
    assert Hand.objects.get(table=table).deltas == [36, -20, -8, -8]


def test_tablet_page_speaks_french(live_server, page: Page):
    table = seated_table()
    page.set_extra_http_headers({"Accept-Language": "fr"})
    page.goto(f"{live_server.url}/table/{table.token}/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("form.hand-form").first).to_contain_text("Gagnant")
