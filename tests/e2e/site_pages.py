"""The site's main pages over one small event, for the browser checks of the
whole site (tests/e2e/test_french_pages.py) and the screenshots
(tests/e2e/test_zz_screenshots.py).

Adding a page is one line in ``PAGES``: a name, a function from the
``Event`` to the page's address, and whether it needs the organiser signed in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.test import Client
from playwright.sync_api import Page

from tests.factories import UserFactory
from tests.integration.room_data import room_event, win
from tournaments.models import ExportFile, Player, Registration, Table, Tournament
from tournaments.services import hands as hand_services

#: French names, so that no player's name reads as an English word; they
#: are removed from the text before the checks all the same.
FIRST_NAMES = ["Amélie", "Bastien", "Camille", "Damien", "Élodie", "Fabien"]
FIRST_NAMES += ["Gaëlle", "Hugo"]
LAST_NAMES = ["Moreau", "Lefèvre", "Garnier", "Rousseau", "Fontaine", "Chevalier"]
LAST_NAMES += ["Girard", "Lambert"]
TOURNAMENT_NAME = "Tournoi de printemps"
ORGANISER = "organisatrice"


@dataclass
class Event:
    """Round 1 played and closed; round 2 under way: table 1 has a hand and
    a penalty, table 2 is seated and waits for its first hand."""

    tournament: Tournament
    registrations: list[Registration]
    organiser: object
    tablet: Table

    @property
    def slug(self) -> str:
        return self.tournament.slug

    @property
    def names(self) -> list[str]:
        """Every name the builder chose, longest first (for removal)."""
        players = Player.objects.filter(registrations__tournament=self.tournament)
        words = {self.tournament.name, self.organiser.username}
        for player in players:
            words |= {player.first_name, player.last_name, str(player)}
        return sorted(words, key=len, reverse=True)


def build_event() -> Event:
    tournament, registrations = room_event(players=8)
    tournament.name = TOURNAMENT_NAME
    tournament.city = "Lyon"
    tournament.start_date = date(2026, 4, 18)
    tournament.end_date = date(2026, 4, 19)
    tournament.save()
    for index, registration in enumerate(registrations):
        player = registration.player
        player.first_name = FIRST_NAMES[index]
        player.last_name = LAST_NAMES[index]
        player.save(update_fields=["first_name", "last_name"])
    organiser = UserFactory(username=ORGANISER)
    tournament.organisers.add(organiser)
    tablet = tournament.rounds.get(number=2).tables.get(number=1)
    win(tablet, 1, 3, fan_total=16)
    hand_services.add_penalty(
        table_id=tablet.pk,
        player_id=registrations[-1].player_id,
        kind="referee",
        points=10,
        actor=None,
    )
    ExportFile.objects.create(
        tournament=tournament,
        kind=ExportFile.Kind.XLSX,
        status=ExportFile.Status.READY,
        progress=100,
        filename="tournoi-de-printemps.xlsx",
        content=b"PK",
        created_by=organiser,
    )
    return Event(tournament, registrations, organiser, tablet)


@dataclass(frozen=True)
class SitePage:
    name: str
    url: Callable[[Event], str]
    staff: bool = False


PAGES = [
    SitePage("home", lambda e: "/"),
    SitePage("standings", lambda e: f"/t/{e.slug}/"),
    SitePage("round-tables", lambda e: f"/t/{e.slug}/rounds/1/"),
    SitePage("player", lambda e: f"/t/{e.slug}/players/{e.registrations[0].number}/"),
    SitePage("projector-standings", lambda e: f"/t/{e.slug}/projector/"),
    SitePage("projector-seating", lambda e: f"/t/{e.slug}/rounds/2/projector/"),
    SitePage("fan-calculator", lambda e: "/mcr/fans/"),
    SitePage("login", lambda e: "/accounts/login/"),
    SitePage("tablet", lambda e: f"/table/{e.tablet.token}/"),
    SitePage("dashboard", lambda e: "/staff/", staff=True),
    SitePage("new-tournament", lambda e: "/staff/new/", staff=True),
    SitePage("tournament", lambda e: f"/staff/{e.slug}/", staff=True),
    SitePage("players-add", lambda e: f"/staff/{e.slug}/players/", staff=True),
    SitePage("round-played", lambda e: f"/staff/{e.slug}/rounds/1/", staff=True),
    SitePage("round-in-play", lambda e: f"/staff/{e.slug}/rounds/2/", staff=True),
    SitePage("round-planned", lambda e: f"/staff/{e.slug}/rounds/3/", staff=True),
    SitePage("rules", lambda e: f"/staff/{e.slug}/rules/", staff=True),
    SitePage("settings", lambda e: f"/staff/{e.slug}/settings/", staff=True),
    SitePage("import", lambda e: f"/staff/{e.slug}/import/", staff=True),
    SitePage("exports", lambda e: f"/staff/{e.slug}/exports/", staff=True),
]


def sign_in(page: Page, live_server_url: str, user: object) -> None:
    """Hand the browser a session of ``user`` (no trip through the login form)."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies(
        [{"name": "sessionid", "value": cookie.value, "url": live_server_url}]
    )


def set_language(page: Page, live_server_url: str, language: str) -> None:
    """The cookie the set_language form leaves."""
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server_url}]
    )


def open_page(page: Page, live_server_url: str, event: Event, site: SitePage) -> None:
    if site.staff:
        sign_in(page, live_server_url, event.organiser)
    response = page.goto(live_server_url + site.url(event))
    assert response is not None and response.status == 200, site.name
    page.wait_for_load_state("networkidle")
