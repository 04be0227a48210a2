"""The round's links and its clock in a real browser (issue 11, parts 4 and 6).

Elapsed time is simulated by moving the clock's start back in the database:
nothing waits for minutes.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.factories import TournamentFactory, UserFactory, player_ids, seated_table
from tournaments.models import Hand, Round, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def record_discard(page: Page, table: Table, fans: str = "8") -> None:
    east, south, _, _ = player_ids(table)
    form = page.locator("form.hand-form").first
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator(f"input[name='winner'][value='{east}']").check(force=True)
    form.locator(f"input[name='discarder'][value='{south}']").check(force=True)
    form.locator("input[name='fan_total']").fill(fans)
    form.locator("button[type='submit']").click()


def move_clock_start(table: Table, minutes_ago: float) -> None:
    Round.objects.filter(pk=table.round_id).update(
        clock_started_at=timezone.now() - timedelta(minutes=minutes_ago)
    )


@pytest.fixture
def two_rounds():
    """Round 1 seated (its clock not started), round 2 seated early."""
    organiser = UserFactory(username="clock-orga")
    organiser.set_password("mahjong-e2e")
    organiser.save()
    tournament = TournamentFactory(session_minutes=60)
    tournament.organisers.add(organiser)
    return seated_table(tournament, 1), seated_table(tournament, 2)


def log_in(page: Page, live_server) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name='username']", "clock-orga")
    page.fill("input[name='password']", "mahjong-e2e")
    page.get_by_role("button", name="Log in").click()


def test_a_later_round_link_refuses_hands(live_server, page: Page, two_rounds):
    """Round 2's link while round 1 plays: a notice, no form, no hand."""
    _, later = two_rounds
    page.goto(f"{live_server.url}/table/{later.token}/")
    expect(page.locator("#sheet")).to_contain_text(
        "Round 2 has not started yet: round 1 is still being played."
    )
    expect(page.locator("form.hand-form")).to_have_count(0)
    expect(page.locator("#sheet button")).to_have_count(0)
    assert Round.objects.get(pk=later.round_id).status == Round.Status.SEATED


def test_organiser_starts_the_clock_then_time_runs_out(
    live_server, page: Page, two_rounds
):
    """Start on the round page, time left on the tablet; after the end one
    more hand is accepted and the next one refused."""
    table, _ = two_rounds
    log_in(page, live_server)
    page.goto(f"{live_server.url}/staff/{table.round.tournament.slug}/rounds/1/")
    controls = page.locator("#round-clock")
    expect(controls).to_contain_text("Not started")
    page.once("dialog", lambda dialog: dialog.accept())
    controls.get_by_role("button", name="Start the clock").click()
    expect(controls).to_contain_text("Pause the clock")
    assert Round.objects.get(pk=table.round_id).clock_started_at is not None

    tablet = page.context.new_page()
    tablet.goto(f"{live_server.url}/table/{table.token}/")
    clock = tablet.locator("#sheet .round-clock")
    expect(clock).to_contain_text("Time left")
    expect(clock.locator("[data-clock-time]")).to_have_text(re.compile(r"^59:\d\d$"))
    record_discard(tablet, table)
    expect(tablet.locator("#sheet")).to_contain_text("Hand 2")

    # Seconds from the end: the browser's count reaches zero and asks the
    # server, which answers "time is up" (no reload).
    move_clock_start(table, 60 - 2 / 60)
    tablet.reload()
    expect(tablet.locator("#sheet .round-clock")).to_contain_text(
        "Time is up: finish the hand in progress, then close the table",
        timeout=15_000,
    )
    second = page.context.new_page()
    second.goto(f"{live_server.url}/table/{table.token}/")

    record_discard(tablet, table, fans="10")
    expect(tablet.locator("#sheet")).to_contain_text(
        "The session is over: close the table."
    )
    expect(tablet.locator("form.hand-form")).to_have_count(0)
    assert Table.objects.get(pk=table.pk).time_called
    assert Hand.objects.filter(table=table).count() == 2

    record_discard(second, table, fans="12")
    # The stale tablet's hand is refused: its sheet now says the session is
    # over and offers no entry form.
    expect(second.locator("#sheet")).to_contain_text(
        "The session is over: close the table."
    )
    expect(second.locator("form.hand-form")).to_have_count(0)
    assert Hand.objects.filter(table=table).count() == 2
