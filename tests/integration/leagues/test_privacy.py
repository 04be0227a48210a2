"""Private stays private: a public league counts a private tournament only
for those who may see it (its organisers, the admin); a career shows the
public events, and to an organiser the events they organise too."""

from __future__ import annotations

from datetime import date
from io import BytesIO

import pytest
from openpyxl import load_workbook

from leagues.models import PlayerRating
from leagues.services.leagues import add_event
from tests.factories import UserFactory, organiser_account
from tests.integration.leagues.data import (
    get_workbook,
    make_league,
    night,
    play,
    tables_of,
)
from tournaments.models import Player

pytestmark = pytest.mark.django_db

SECRET = ["Sam Secret, Pia Private, Hal Hidden, Quin Quiet"]
OPEN = ["Ann Open, Bob Open, Cy Open, Dee Open"]


@pytest.fixture
def season(organiser):
    """A public league with a public night and, counted in it, a night of
    ``organiser``'s private league (each played, one table)."""
    private = make_league(organiser, name="Back room", is_public=False)
    hidden = night(private, organiser, date(2026, 1, 8), SECRET)
    hidden.tournament.name = "Secret night"
    hidden.tournament.save()
    play(tables_of(hidden)[0], winner=0, discarder=1)
    public = make_league(organiser, name="Open league", is_public=True)
    shown = night(public, organiser, date(2026, 1, 15), OPEN)
    play(tables_of(shown)[0], winner=0, discarder=1)
    add_event(league=public, tournament=hidden.tournament, actor=organiser)
    for player in Player.objects.all():
        PlayerRating.objects.create(player=player, mu=25, sigma=8, ordinal=1)
    return public


def login(client, user):
    if user is not None:
        client.force_login(user)
    return client


def texts(client, league):
    """What the league's readers get: page, API, ratings, EMA, workbook."""
    pages = [
        client.get(f"/leagues/{league.slug}/"),
        client.get(f"/api/leagues/{league.slug}/"),
        client.get(f"/leagues/{league.slug}/ratings/"),
        client.get(f"/api/leagues/{league.slug}/ratings/"),
        client.get(f"/leagues/{league.slug}/ema/"),
    ]
    assert all(page.status_code == 200 for page in pages)
    text = "".join(page.content.decode() for page in pages)
    workbook = get_workbook(client, f"/leagues/{league.slug}/workbook.xlsx")
    assert workbook.status_code == 200
    book = load_workbook(BytesIO(workbook.content))
    for sheet in book.worksheets:
        for row in sheet.iter_rows(values_only=True):
            text += " ".join(str(cell) for cell in row if cell is not None)
    return text


@pytest.mark.parametrize("who", ["anonymous", "plain", "other organiser"])
def test_a_private_tournament_is_left_out_of_a_public_league(client, season, who):
    """Its name and its players appear nowhere the league is read."""
    user = {
        "anonymous": None,
        "plain": UserFactory(username="plain"),
        "other organiser": organiser_account(username="other"),
    }[who]
    text = texts(login(client, user), season)
    assert "Ann Open" in text
    for secret in ("Secret night", "Sam Secret", "Pia Private", "Hal Hidden"):
        assert secret not in text


@pytest.mark.parametrize("who", ["organiser", "admin"])
def test_the_private_tournament_counts_for_those_who_may_see_it(
    client, season, organiser, who
):
    user = organiser
    if who == "admin":
        user = UserFactory(username="admin", is_superuser=True, is_staff=True)
    text = texts(login(client, user), season)
    assert "Secret night" in text and "Sam Secret" in text and "Ann Open" in text


def test_a_player_seen_only_in_a_private_event_has_no_public_career(
    client, season, organiser
):
    """404 to the public and to another organiser (page and API); the
    event's organiser and the admin read it."""
    sam = Player.objects.get(last_name="Secret")
    for user in (None, UserFactory(username="plain"), organiser_account(username="b")):
        client.logout()
        login(client, user)
        assert client.get(f"/players/{sam.pk}/").status_code == 404
        assert client.get(f"/api/players/{sam.pk}/career/").status_code == 404
    admin = UserFactory(username="admin", is_superuser=True, is_staff=True)
    for user in (organiser, admin):
        login(client, user)
        page = client.get(f"/players/{sam.pk}/")
        assert "Secret night" in page.content.decode()
        body = client.get(f"/api/players/{sam.pk}/career/").json()
        assert len(body["sessions"]) == 1


def test_another_organiser_reads_only_the_public_sessions_of_a_career(
    client, season, organiser
):
    """A player of both nights: organiser B sees the public session only."""
    from leagues.services.merges import merge_players

    ann = Player.objects.get(first_name="Ann")
    sam = Player.objects.get(last_name="Secret")
    merge_players(keep_id=ann.pk, drop_id=sam.pk, actor=None, different_names=True)
    login(client, organiser_account(username="b"))
    body = client.get(f"/api/players/{ann.pk}/career/").json()
    assert [s["tournament"] for s in body["sessions"]] == [
        Player.objects.get(pk=ann.pk)
        .registrations.get(tournament__is_public=True)
        .tournament.slug
    ]
    assert "Secret night" not in client.get(f"/players/{ann.pk}/").content.decode()
    login(client, organiser)
    assert len(client.get(f"/api/players/{ann.pk}/career/").json()["sessions"]) == 2


def test_organisers_pages_refuse_an_account_without_the_right(client, organiser):
    """/manage/leagues/ and /manage/players/: 403 naming the missing right."""
    login(client, UserFactory(username="plain"))
    for url in ("/manage/leagues/", "/manage/players/", "/manage/players/merge/"):
        response = client.get(url)
        assert response.status_code == 403, url
        assert "organiser permission" in response.content.decode()
