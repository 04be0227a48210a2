"""The league pages: an organiser runs a night from the browser; everyone
reads the standings, the nights, the workbook and the players' careers."""

from __future__ import annotations

from datetime import date
from io import BytesIO

import pytest
from openpyxl import load_workbook

from leagues.models import League, LeagueEvent
from tests.factories import UserFactory
from tests.integration.leagues.data import (
    get_workbook,
    make_league,
    night,
    play,
    tables_of,
)
from tournaments.models import Round

pytestmark = pytest.mark.django_db

T1 = "Ann A, Bob B, Cy C, Dee D"


def night_from_the_page(client, organiser) -> tuple[League, LeagueEvent]:
    """A league, and a one-session night created on its staff page."""
    league = make_league(organiser)
    client.force_login(organiser)
    client.post(
        f"/manage/leagues/{league.slug}/",
        {"action": "night", "day": "2026-01-08", "sessions": "1"},
    )
    return league, LeagueEvent.objects.get()


def test_an_organiser_creates_a_league_a_night_and_its_tables(client, organiser):
    client.force_login(organiser)
    response = client.post(
        "/manage/leagues/",
        {
            "name": "Thursday club",
            "slug": "",
            "ranking_rule": "average",
            "min_sessions": "2",
            "best_sessions": "10",
            "ruleset": "mcr",
            "is_public": "on",
        },
    )
    league = League.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/manage/leagues/{league.slug}/"
    assert league.ranking_rule == "average"
    response = client.post(
        f"/manage/leagues/{league.slug}/",
        {"action": "night", "day": "2026-01-08", "sessions": "1"},
    )
    event = LeagueEvent.objects.get()
    assert response["Location"] == f"/manage/leagues/{league.slug}/nights/{event.pk}/"
    page = client.get(response["Location"])
    assert page.status_code == 200
    response = client.post(
        response["Location"], {"action": "tables", "round": "1", "tables": T1}
    )
    assert response.status_code == 302
    assert event.tournament.rounds.get().status == Round.Status.SEATED
    page = client.get(response["Location"])
    assert "Ann A, Bob B, Cy C, Dee D" in page.content.decode()
    assert f"/staff/{event.tournament.slug}/rounds/1/" in page.content.decode()


def test_the_engine_seats_the_typed_names_and_says_the_tables_are_set(
    client, organiser
):
    league, event = night_from_the_page(client, organiser)
    names = "\n".join(f"Player {letter}" for letter in "ABCDEFGH")
    response = client.post(
        f"/manage/leagues/{league.slug}/nights/{event.pk}/",
        {"action": "engine", "round": "1", "names": names},
        follow=True,
    )
    assert "The seating engine set the tables: open the tablets." in (
        response.content.decode()
    )
    assert event.tournament.rounds.get().status == Round.Status.SEATED
    assert [len(table.seats.all()) for table in tables_of(event)] == [4, 4]


def test_bad_typed_tables_answer_400_with_the_reason(client, organiser):
    league, event = night_from_the_page(client, organiser)
    response = client.post(
        f"/manage/leagues/{league.slug}/nights/{event.pk}/",
        {"action": "tables", "round": "1", "tables": "Ann A, Bob B"},
    )
    assert response.status_code == 400
    assert "Table 1 has 2 names: give four names a table." in response.content.decode()


def test_the_night_form_sets_its_rule_set_hands_and_clock(client, organiser):
    league = make_league(organiser)
    client.force_login(organiser)
    page = client.get(f"/manage/leagues/{league.slug}/").content.decode()
    for field in ("ruleset", "preset", "hands_per_session", "session_minutes"):
        assert f'name="{field}"' in page
    response = client.post(
        f"/manage/leagues/{league.slug}/",
        {
            "action": "night",
            "day": "2026-01-08",
            "sessions": "2",
            "ruleset": "riichi",
            "preset": "riichi:ema",
            "session_minutes": "90",
        },
    )
    assert response.status_code == 302
    tournament = LeagueEvent.objects.get().tournament
    assert tournament.ruleset == "riichi"
    assert tournament.session_minutes == 90
    assert tournament.rounds_count == 2


def test_a_night_with_no_rule_set_chosen_plays_the_leagues_with_its_hands(
    client, organiser
):
    league = make_league(organiser)
    client.force_login(organiser)
    client.post(
        f"/manage/leagues/{league.slug}/",
        {
            "action": "night",
            "day": "2026-01-08",
            "sessions": "1",
            "hands_per_session": "8",
        },
    )
    tournament = LeagueEvent.objects.get().tournament
    assert tournament.ruleset == league.ruleset == "mcr"
    assert tournament.ruleset_options["hands_per_session"] == 8
    assert tournament.session_minutes == 120


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"ruleset": "mcr", "preset": "riichi:ema"},
            "These settings are for another rule set.",
        ),
        ({"hands_per_session": "0"}, "greater than or equal to 1"),
        ({"session_minutes": "5"}, "greater than or equal to 10"),
        ({"ruleset": "riichi", "hands_per_session": "8"}, "hands_per_session"),
    ],
)
def test_a_night_the_rules_refuse_answers_400_and_stores_nothing(
    client, organiser, fields, message
):
    league = make_league(organiser)
    client.force_login(organiser)
    response = client.post(
        f"/manage/leagues/{league.slug}/",
        {"action": "night", "day": "2026-01-08", "sessions": "1", **fields},
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not LeagueEvent.objects.exists()


@pytest.mark.parametrize("value", ["xx", "1e309", "\u00b2", "9" * 40])
def test_a_number_the_page_never_sends_is_a_404_not_a_crash(client, organiser, value):
    """Found by tests/integration/test_forms_hostile.py: the league page's
    seed button and the night page's round were read with ``int()``."""
    league, event = night_from_the_page(client, organiser)
    seed = client.post(
        f"/manage/leagues/{league.slug}/", {"action": "seed", "event": value}
    )
    tables = client.post(
        f"/manage/leagues/{league.slug}/nights/{event.pk}/",
        {"action": "tables", "round": value, "tables": T1},
    )
    assert (seed.status_code, tables.status_code) == (404, 404)
    assert event.tournament.rounds.get().status == Round.Status.PLANNED


def test_someone_elses_league_is_forbidden(client, organiser):
    league = make_league(organiser, is_public=True)
    client.force_login(UserFactory())
    assert client.get(f"/manage/leagues/{league.slug}/").status_code == 403


def test_a_private_league_is_a_404_to_the_public(client, organiser):
    league = make_league(organiser)
    assert client.get(f"/leagues/{league.slug}/").status_code == 404


def played_league(organiser):
    league = make_league(organiser, is_public=True)
    event = night(league, organiser, date(2026, 1, 8), [T1])
    play(tables_of(event)[0], winner=0, discarder=1)
    return league, event


def test_the_public_page_shows_standings_and_nights(client, organiser):
    league, event = played_league(organiser)
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    assert "Ann A" in page
    assert f"/t/{event.tournament.slug}/" in page
    assert "1½" in page  # Cy and Dee share 2nd and 3rd


def test_the_workbook_has_standings_events_sessions_and_the_leaders_chart(
    client, organiser
):
    league, _event = played_league(organiser)
    response = get_workbook(client, f"/leagues/{league.slug}/workbook.xlsx")
    assert response.status_code == 200
    book = load_workbook(BytesIO(response.content))
    assert book.sheetnames == [
        "Standings",
        "Events",
        "Sessions",
        "Leaders",
        "Statistics",
    ]
    standings = list(book["Standings"].iter_rows(values_only=True))
    assert standings[1][:5] == (1, "Ann A", None, 4.0, 4.0)
    assert len(list(book["Sessions"].iter_rows())) == 5
    assert len(book["Leaders"]._charts) == 1


def test_the_career_page_lists_sessions_opponents_and_the_chart(client, organiser):
    league, event = played_league(organiser)
    second = night(league, organiser, date(2026, 1, 15), ["Bob B, Ann A, Cy C, Dee D"])
    play(tables_of(second)[0], winner=0, discarder=1)
    ann = event.tournament.registrations.get(player__last_name="A").player
    page = client.get(f"/players/{ann.pk}/").content.decode()
    assert "Bob B</a> (-20)" in page  # night 1: Bob paid Ann
    assert "<polyline" in page
    assert "Head to head" in page


def test_ratings_and_ema_pages_answer(client, organiser):
    league, _event = played_league(organiser)
    assert client.get(f"/leagues/{league.slug}/ratings/").status_code == 200
    assert client.get(f"/leagues/{league.slug}/ema/").status_code == 200


def test_the_cached_page_follows_every_new_result_and_setting(client, organiser):
    """The page is cached by the league's data version: a table closed or a
    rule changed shows at once."""
    from leagues.services import leagues as league_services

    league, _event = played_league(organiser)
    assert "Eve E" not in client.get(f"/leagues/{league.slug}/").content.decode()
    second = night(league, organiser, date(2026, 1, 15), ["Eve E, Bob B, Cy C, Dee D"])
    play(tables_of(second)[0], winner=0, discarder=1)
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    assert "Eve E" in page
    league_services.update_league(
        league_id=league.pk, actor=organiser, ranking_rule="average"
    )
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    assert ">Average<" in page


def test_the_cached_career_follows_a_new_session(client, organiser):
    league, event = played_league(organiser)
    ann = event.tournament.registrations.get(player__last_name="A").player
    assert "Eve E" not in client.get(f"/players/{ann.pk}/").content.decode()
    second = night(league, organiser, date(2026, 1, 15), ["Eve E, Ann A, Cy C, Dee D"])
    play(tables_of(second)[0], winner=0, discarder=1)
    assert "Eve E" in client.get(f"/players/{ann.pk}/").content.decode()


def test_the_leagues_index_lists_public_leagues_only_and_the_menu_links_it(
    client, organiser
):
    shown = make_league(organiser, is_public=True, name="Thursday Club")
    hidden = make_league(organiser, name="Secret Society")
    page = client.get("/leagues/").content.decode()
    assert f'href="/leagues/{shown.slug}/"' in page
    assert "Thursday Club" in page
    assert hidden.name not in page
    assert 'href="/leagues/"' in client.get("/").content.decode()
