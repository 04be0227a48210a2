"""Check-in at the door, round 1 seated with the absentees confirmed away,
and four players confirming their table on the tablet (issue 30, item 6),
in a real browser (Celery runs eagerly, as with `make run`)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.site_pages import sign_in
from tests.factories import organiser_account
from tests.integration.door_helpers import at_the_door
from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import Registration, Signup, TableConfirmation
from tournaments.services import hands
from tournaments.views.checkin import entrance_key

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
TWELVE = [*EIGHT, "Ivo Jahn", "Jon Kurz", "Kim Lutz", "Lea Marx"]
PASSWORD = "mahjong-e2e"


@pytest.fixture
def door_organiser():
    user = organiser_account(username="orga")
    user.set_password(PASSWORD)
    user.save()
    return user


def log_in(page: Page, live_server_url: str) -> None:
    page.goto(f"{live_server_url}/accounts/login/")
    page.fill("input[name='username']", "orga")
    page.fill("input[name='password']", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def test_the_organiser_checks_players_in_at_the_door_on_a_phone(
    live_server, page: Page, door_organiser
):
    tournament = organised(door_organiser, uses_checkin=True)
    players = named_players(tournament, TWELVE)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/staff/{tournament.slug}/checkin/")
    counts = page.locator("#checkin-counts")
    expect(counts).to_contain_text("0 present of 12 expected")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.get_by_label("Find a player").fill("dunn")
    rows = page.locator("#checkin-list .checkin-row")
    expect(rows).to_have_count(1)
    expect(rows).to_contain_text("Carl Dunn")
    page.get_by_role("button", name="Check in Carl Dunn").click()
    expect(rows).to_contain_text("Present since")
    expect(counts).to_contain_text("1 present of 12 expected")

    page.get_by_label("Find a player").fill("bell")
    expect(rows).to_contain_text("Anna Bell")
    page.get_by_role("button", name="Check in Anna Bell").click()
    expect(counts).to_contain_text("2 present of 12 expected")
    present = Registration.objects.exclude(checked_in_at=None)
    assert set(present.values_list("pk", flat=True)) == {players[0].pk, players[2].pk}

    page.get_by_role("button", name="Undo the check-in of Anna Bell").click()
    expect(page.get_by_role("button", name="Check in Anna Bell")).to_be_visible()
    expect(counts).to_contain_text("1 present of 12 expected")
    players[0].refresh_from_db()
    players[2].refresh_from_db()
    assert players[0].checked_in_at is None
    assert players[2].checked_in_at is not None


def entrance(live_server_url: str, tournament) -> str:
    return f"{live_server_url}/t/{tournament.slug}/checkin/{entrance_key(tournament)}/"


def test_a_player_checks_in_at_the_entrance_once_it_opens(
    live_server, page: Page, organiser
):
    tournament = organised(organiser, uses_checkin=True)
    players = named_players(tournament, EIGHT)
    tournament.self_checkin_opens_at = timezone.now() + timedelta(hours=2)
    tournament.save()
    page.set_viewport_size(PHONE)
    page.goto(entrance(live_server.url, tournament))
    expect(page.locator("main")).to_contain_text("Self check-in opens at")
    expect(page.get_by_label("Your name")).to_have_count(0)

    tournament.self_checkin_opens_at = timezone.now() - timedelta(minutes=5)
    tournament.save()
    page.goto(entrance(live_server.url, tournament))
    page.get_by_label("Your name").fill("Bell")
    page.get_by_role("button", name="Find me").click()
    expect(page.locator(".checkin-row")).to_have_count(1)
    page.get_by_role("button", name="This is me: check in").click()
    expect(page.get_by_role("status")).to_contain_text(
        "Welcome, Anna Bell: you are checked in."
    )
    players[0].refresh_from_db()
    assert players[0].checked_in_at is not None
    assert not Registration.objects.exclude(pk=players[0].pk).exclude(
        checked_in_at=None
    )


def test_round_one_is_seated_with_the_absentees_withdrawn(
    live_server, page: Page, organiser
):
    tournament = organised(organiser, uses_checkin=True)
    players = named_players(tournament, TWELVE)
    present, absent = players[:8], players[8:]
    Registration.objects.filter(pk__in=[p.pk for p in present]).update(
        checked_in_at=timezone.now()
    )
    sign_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/staff/{tournament.slug}/rounds/1/")
    absentees = page.locator("#absentees")
    expect(absentees).to_contain_text("4 players have not checked in:")
    for registration in absent:
        expect(absentees).to_contain_text(registration.player.name)

    page.fill("input[name='seed']", "4")
    page.get_by_label("Yes, withdraw them and seat the players present").check()
    page.get_by_role("button", name="Start seating").click()
    expect(page.locator("#tables tr[id^='table-row-']")).to_have_count(2)
    expect(page.locator("#tables")).to_contain_text("Table 2")
    expect(page.locator("#absentees")).to_have_count(0)
    seated = tournament.rounds.get(number=1).seats.values_list(
        "registration_id", flat=True
    )
    assert set(seated) == {p.pk for p in present}
    statuses = Registration.objects.filter(pk__in=[p.pk for p in absent])
    assert set(statuses.values_list("status", flat=True)) == {"withdrawn"}


def test_round_one_lets_in_the_waiting_list_at_the_door(
    live_server, page: Page, organiser
):
    """Two absent, three waiting: one let in is refused by the count, two
    are seated with the players present."""
    door = at_the_door(organiser)
    sign_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/staff/{door.tournament.slug}/rounds/1/")
    expect(page.locator("#absentees")).to_contain_text("2 players have not checked in:")
    waiting = page.locator("#waiting-at-door")
    expect(waiting.locator("li")).to_have_count(3)

    def seat(*names: str) -> None:
        page.fill("input[name='seed']", "4")
        page.get_by_label("Yes, withdraw them and seat the players present").check()
        for name in names:
            page.locator("#waiting-at-door").get_by_label(name).check()
        page.get_by_role("button", name="Start seating").click()

    seat("Ivo Jahn")
    expect(page.locator("main")).to_contain_text(
        "With 1 player from the waiting list, 7 players would sit at round 1"
    )
    assert Signup.objects.filter(status="waiting").count() == 3

    seat("Ivo Jahn", "Jon Kurz")
    expect(page.locator("#tables tr[id^='table-row-']")).to_have_count(2)
    expect(page.locator("#tables")).to_contain_text("Ivo Jahn")
    expect(page.locator("#absentees")).to_have_count(0)
    expect(page.locator("#waiting-at-door")).to_have_count(0)
    seated = tournament_seats(door.tournament)
    assert {"Jahn", "Kurz"} <= seated and len(seated) == 8


def tournament_seats(tournament) -> set[str]:
    return set(
        tournament.rounds.get(number=1).seats.values_list(
            "registration__player__last_name", flat=True
        )
    )


def test_four_players_confirm_and_one_disputes_on_the_tablet(
    live_server, page: Page, organiser
):
    tournament = organised(organiser, players_confirm_tables=True)
    players = named_players(tournament, EIGHT)
    tables = seat_round(tournament, 1, [players[:4], players[4:]])
    for table in tables:
        hands.close_table(table_id=table.pk, actor=organiser, time_called=True)

    page.goto(f"{live_server.url}/table/{tables[0].token}/")
    confirm = page.locator("#confirm")
    expect(confirm).to_contain_text("Players: confirm the final scores")
    for registration in players[:4]:
        expect(confirm).to_contain_text(registration.player.name)
    for registration in players[:4]:
        name = registration.player.name
        page.get_by_role("button", name=f"I am {name}: I confirm").click()
        expect(
            page.get_by_role("button", name=f"I am {name}: I confirm")
        ).to_have_count(0)
    expect(page.locator("#confirm .confirmed")).to_have_count(4)
    confirmations = TableConfirmation.objects.filter(table=tables[0], kind="confirm")
    assert set(confirmations.values_list("registration_id", flat=True)) == {
        p.pk for p in players[:4]
    }

    page.goto(f"{live_server.url}/table/{tables[1].token}/")
    disputer = players[5].player.name
    page.locator(".confirm-seat", has_text=disputer).get_by_role(
        "button", name="Dispute"
    ).click()
    expect(page.locator("#confirm .disputed")).to_have_text(
        "Disputed: the referee is called"
    )
    dispute = TableConfirmation.objects.get(table=tables[1])
    assert (dispute.registration_id, dispute.kind) == (players[5].pk, "dispute")

    sign_in(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/staff/{tournament.slug}/rounds/1/")
    waiting = page.locator("#tables-waiting")
    expect(waiting).to_contain_text("Table 2")
    expect(waiting).not_to_contain_text("Table 1")
    expect(waiting.locator("li.error")).to_contain_text(
        f"Disputed, call the referee: {disputer}"
    )
