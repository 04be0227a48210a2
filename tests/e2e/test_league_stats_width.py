"""The league's Statistics tab and the career page's Statistics fit a phone:
no sideways scroll at 360 px, in English and French, with every chart drawn
(issue 29)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from leagues.selectors import career_stats
from tests.factories import organiser_account
from tests.integration.leagues.stats_data import mixed_league
from tournaments.models import Registration

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_league_and_career_statistics_fit_a_phone(
    live_server, page: Page, language, monkeypatch
):
    monkeypatch.setattr(career_stats, "SESSIONS_PER_POINT", 1)  # a rates chart
    league, events = mixed_league(organiser_account(), is_public=True)
    player = events["mcr"][0].registrations.get(number=1).player_id
    Registration.objects.filter(tournament=events["riichi"][0], number=1).update(
        player_id=player
    )
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.set_viewport_size(PHONE)
    for url, chart in (
        (f"/leagues/{league.slug}/stats/", ".stats-places"),
        (f"/players/{player}/", ".rates-chart"),
    ):
        page.goto(f"{live_server.url}{url}")
        assert page.locator(chart).first.is_visible()
        width = page.evaluate("document.documentElement.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, url
