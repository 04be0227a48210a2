"""The site's main pages over one small event, for the browser's tour of the
whole site (tests/e2e/test_site_tour.py) and the screenshots
(tests/e2e/screenshots.py).

Adding a page is one line in ``PAGES``: a name, a function from the
``Event`` to the page's address, and whether it needs the organiser signed in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date

from django.test import Client
from playwright.sync_api import Browser, Page, ViewportSize

from leagues.models import League, LeagueEvent
from leagues.services import leagues as league_services
from leagues.services import nights
from scoring.api import EXAMPLE_HAND
from tests.e2e.site_checks import Violations
from tests.factories import (
    PlayerFactory,
    RegistrationFactory,
    TournamentFactory,
    organiser_account,
    player_ids,
)
from tests.integration.room_data import close, seat_table, win
from tournaments.models import ExportFile, Player, Registration, Table, Tournament
from tournaments.services import hands as hand_services
from tournaments.services import penalties, setup

#: French names, so that no player's name reads as an English word; they
#: are removed from the text before the checks all the same.
FIRST_NAMES = ["Amélie", "Bastien", "Camille", "Damien", "Élodie", "Fabien"]
FIRST_NAMES += ["Gaëlle", "Hugo"]
LAST_NAMES = ["Moreau", "Lefèvre", "Garnier", "Rousseau", "Fontaine", "Chevalier"]
LAST_NAMES += ["Girard", "Lambert"]
TOURNAMENT_NAME = "Tournoi de printemps"
LEAGUE_NAME = "Club du jeudi"
ORGANISER = "organisatrice"


@dataclass
class Event:
    """Round 1 played and closed: at table 1 the four players end on four
    different scores (4, 2, 1 and 0 table points), table 2 had one win.
    Round 2 under way: table 1 has a hand and a penalty, table 2 waits for
    its first hand. Rounds 3 and 4 are planned."""

    tournament: Tournament
    registrations: list[Registration]
    organiser: object
    tablet: Table
    closed_table: Table
    league: League
    night: LeagueEvent

    @property
    def slug(self) -> str:
        return self.tournament.slug

    @property
    def tablet_url(self) -> str:
        return f"/table/{self.tablet.token}/"

    @property
    def names(self) -> list[str]:
        """Every name the builder chose, longest first (for removal)."""
        players = Player.objects.filter(registrations__tournament=self.tournament)
        words = {self.tournament.name, self.organiser.username, self.league.name}
        words.add(self.night.tournament.name)
        for player in players:
            words |= {player.first_name, player.last_name, str(player)}
        return sorted(words, key=len, reverse=True)


def self_draw(table: Table, winner: int, fan_total: int) -> None:
    """A self-drawn win by seat ``winner`` (0..3, East first)."""
    hand_services.record_hand(
        table_id=table.pk,
        result={
            "kind": "self_draw",
            "winner": player_ids(table)[winner],
            "fan_total": fan_total,
        },
        actor=None,
    )


def build_event() -> Event:
    tournament = TournamentFactory(
        name=TOURNAMENT_NAME,
        city="Lyon",
        start_date=date(2026, 4, 18),
        end_date=date(2026, 4, 19),
    )
    registrations = []
    for index, (first, last) in enumerate(zip(FIRST_NAMES, LAST_NAMES, strict=True)):
        player = PlayerFactory(first_name=first, last_name=last)
        registrations.append(
            RegistrationFactory(tournament=tournament, player=player, number=index + 1)
        )
    organiser = organiser_account(username=ORGANISER)
    tournament.organisers.add(organiser)
    first, second = tournament.rounds.get(number=1), tournament.rounds.get(number=2)
    closed_table = seat_table(first, 1, registrations[:4])
    win(closed_table, 0, 1)
    self_draw(closed_table, 2, fan_total=8)
    close(closed_table)
    other = seat_table(first, 2, registrations[4:])
    win(other, 0, 1)
    close(other)
    setup.finish_round(round_id=first.pk, actor=None)  # round 2's tables open
    reversed_order = registrations[::-1]
    tablet = seat_table(second, 1, reversed_order[:4])
    seat_table(second, 2, reversed_order[4:])
    win(tablet, 1, 3, fan_total=16)
    penalties.add_penalty(
        table_id=tablet.pk,
        player_id=reversed_order[3].player_id,
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
    league, night = build_league(tournament, organiser)
    return Event(
        tournament, registrations, organiser, tablet, closed_table, league, night
    )


def build_league(tournament: Tournament, organiser) -> tuple[League, LeagueEvent]:
    """A club league counting the tournament, and a night whose one table
    (the tournament's first four players) played a hand and closed."""
    league = league_services.create_league(
        name=LEAGUE_NAME, actor=organiser, is_public=True
    )
    league_services.add_event(league=league, tournament=tournament, actor=organiser)
    night = nights.create_club_night(
        league=league, day=date(2026, 5, 7), actor=organiser
    )
    names = [
        f"{first} {last}" for first, last in zip(FIRST_NAMES, LAST_NAMES, strict=True)
    ]
    nights.seat_night_tables(event=night, tables=[names[:4]], actor=organiser)
    table = night.tournament.rounds.get(number=1).tables.get()
    win(table, 0, 1)
    close(table)
    return league, night


def score_a_hand(page: Page) -> None:
    """The calculator with the API's example hand counted (a plain POST)."""
    page.evaluate(
        "hand => { const form = document.querySelector('.calculator-form');"
        " form.elements.tiles.value = JSON.stringify(hand); form.submit(); }",
        {**EXAMPLE_HAND, "flowers": 1},
    )
    page.wait_for_selector(".fan-total")


def send_a_win_without_winner(page: Page) -> None:
    """The tablet's hand form sent past the browser's own checks with a win
    but no winner: the server's error texts."""
    form = page.locator("form.hand-form").first
    form.evaluate("form => { form.noValidate = true; }")
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator("button[type='submit']").click()
    page.wait_for_selector("#sheet .error")


def open_the_tile_picker(page: Page) -> None:
    summary = page.locator("details.tiles-entry summary")
    summary.click()
    summary.evaluate("element => element.scrollIntoView({block: 'start'})")


def fail_to_log_in(page: Page) -> None:
    page.fill("input[name='username']", ORGANISER)
    page.fill("input[name='password']", "not-the-password")
    page.locator("main form button[type='submit']").click()
    page.wait_for_selector("main .error")


@dataclass(frozen=True)
class SitePage:
    name: str
    url: Callable[[Event], str]
    staff: bool = False
    #: What to do on the page before it is read (a click, a form sent).
    then: Callable[[Page], None] | None = None


PAGES = [
    SitePage("home", lambda e: "/"),
    SitePage("standings", lambda e: f"/t/{e.slug}/"),
    SitePage("round-tables", lambda e: f"/t/{e.slug}/rounds/1/"),
    SitePage("player", lambda e: f"/t/{e.slug}/players/{e.registrations[0].number}/"),
    SitePage("statistics", lambda e: f"/t/{e.slug}/stats/"),
    SitePage("projector-standings", lambda e: f"/t/{e.slug}/projector/"),
    SitePage("projector-seating", lambda e: f"/t/{e.slug}/rounds/2/projector/"),
    SitePage("fan-calculator", lambda e: "/mcr/fans/"),
    SitePage("fan-breakdown", lambda e: "/mcr/fans/", then=score_a_hand),
    SitePage("login", lambda e: "/accounts/login/"),
    SitePage("login-refused", lambda e: "/accounts/login/", then=fail_to_log_in),
    SitePage("tablet", lambda e: e.tablet_url),
    SitePage("tablet-picker", lambda e: e.tablet_url, then=open_the_tile_picker),
    SitePage("tablet-errors", lambda e: e.tablet_url, then=send_a_win_without_winner),
    SitePage("tablet-closed", lambda e: f"/table/{e.closed_table.token}/"),
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
    SitePage("leagues", lambda e: "/leagues/"),
    SitePage("league", lambda e: f"/leagues/{e.league.slug}/"),
    SitePage("league-ema", lambda e: f"/leagues/{e.league.slug}/ema/"),
    SitePage("league-ratings", lambda e: f"/leagues/{e.league.slug}/ratings/"),
    SitePage("career", lambda e: f"/players/{e.registrations[0].player_id}/"),
    SitePage("leagues-staff", lambda e: "/manage/leagues/", staff=True),
    SitePage("league-staff", lambda e: f"/manage/leagues/{e.league.slug}/", staff=True),
    SitePage("duplicates", lambda e: "/manage/players/", staff=True),
    SitePage(
        "night",
        lambda e: f"/manage/leagues/{e.league.slug}/nights/{e.night.pk}/",
        staff=True,
    ),
    SitePage("teams-staff", lambda e: f"/manage/teams/{e.slug}/", staff=True),
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
    if site.then:
        site.then(page)
        page.wait_for_load_state("networkidle")


@dataclass
class Visit:
    """One page of the tour, opened: what the checks read."""

    site: SitePage
    page: Page
    event: Event
    #: What the Content-Security-Policy refused since the page was opened.
    violations: Violations


def tour(
    browser: Browser,
    live_server_url: str,
    *,
    language: str = "en",
    viewport: ViewportSize | None = None,
) -> Iterator[Visit]:
    """Every page of ``PAGES`` over one event, each in a browser context of
    its own (anonymous unless it is an organiser's page), as a test per page
    would see it, for the price of one event."""
    event = build_event()
    for site in PAGES:
        context = browser.new_context(viewport=viewport)
        try:
            page = context.new_page()
            violations = Violations(page)
            set_language(page, live_server_url, language)
            open_page(page, live_server_url, event, site)
            yield Visit(site, page, event, violations)
        finally:
            context.close()


def report(found: dict[str, list[str]], heading: str) -> str:
    """The pages that failed a check, each with its offending lines."""
    return "\n".join(
        f"{name} {heading}:\n" + "\n".join(lines) for name, lines in found.items()
    )
