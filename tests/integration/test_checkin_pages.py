"""The check-in pages (issue 30): the organiser's door list (search, one tap,
counts), the entrance QR page, and round 1's confirm step for absentees."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import organiser_account
from tests.integration.round_helpers import EIGHT, named_players, organised
from tests.integration.test_tournament_settings_page import settings_data
from tournaments.models import Registration
from tournaments.views.checkin import entrance_key

pytestmark = pytest.mark.django_db

TWELVE = [*EIGHT, "Ivo Jahn", "Jon Kurz", "Kim Lutz", "Lea Marx"]


@pytest.fixture
def event(organiser):
    tournament = organised(organiser, uses_checkin=True)
    return tournament, named_players(tournament, TWELVE)


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def door(tournament, **query):
    return reverse("staff:checkin", kwargs={"slug": tournament.slug})


def mark_url(tournament, registration):
    return reverse(
        "staff:checkin-mark", kwargs={"slug": tournament.slug, "pk": registration.pk}
    )


def test_the_door_counts_and_searches(staff_client, event):
    tournament, players = event
    Registration.objects.filter(pk=players[0].pk).update(checked_in_at=timezone.now())
    page = staff_client.get(door(tournament)).content.decode()
    assert "1 present of 12 expected" in page
    found = staff_client.get(door(tournament), {"q": "dunn"}).content.decode()
    assert "Carl Dunn" in found and "Anna Bell" not in found


def test_one_tap_marks_present_and_htmx_gets_the_row_and_counts(staff_client, event):
    tournament, players = event
    answer = staff_client.post(
        mark_url(tournament, players[2]), {"present": "1"}, HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 200
    body = answer.content.decode()
    assert f'id="checkin-{players[2].pk}"' in body and "Present since" in body
    assert "1 present of 12 expected" in body and 'hx-swap-oob="true"' in body
    players[2].refresh_from_db()
    assert players[2].checked_in_at is not None
    undone = staff_client.post(mark_url(tournament, players[2]), {"present": "0"})
    assert undone.status_code == 302
    players[2].refresh_from_db()
    assert players[2].checked_in_at is None


def test_another_organiser_cannot_check_in(client, event):
    tournament, players = event
    client.force_login(organiser_account(username="stranger"))
    answer = client.post(mark_url(tournament, players[0]), {"present": "1"})
    assert answer.status_code in (403, 404)  # 404 while the event is private
    players[0].refresh_from_db()
    assert players[0].checked_in_at is None


def entrance(tournament):
    key = entrance_key(tournament)
    return reverse("public:self-checkin", kwargs={"slug": tournament.slug, "key": key})


def test_self_check_in_before_the_opening_time_is_refused(event):
    tournament, players = event
    tournament.self_checkin_opens_at = timezone.now() + timedelta(hours=2)
    tournament.save()
    client = Client()
    page = client.get(entrance(tournament), {"q": "Bell"}).content.decode()
    assert "Self check-in opens at" in page and "This is me" not in page
    answer = client.post(entrance(tournament), {"registration": players[0].pk})
    assert answer.status_code == 400
    assert "Self check-in opens at" in answer.content.decode()
    players[0].refresh_from_db()
    assert players[0].checked_in_at is None


def test_self_check_in_once_open(event):
    tournament, players = event
    tournament.self_checkin_opens_at = timezone.now() - timedelta(minutes=5)
    tournament.save()
    client = Client()
    page = client.get(entrance(tournament), {"q": "Bell"}).content.decode()
    assert "Anna Bell" in page and "This is me: check in" in page
    assert "Carl Dunn" not in page  # a search finds a name, never the whole list
    answer = client.post(entrance(tournament), {"registration": players[0].pk})
    assert answer.status_code == 200
    assert "Welcome, Anna Bell: you are checked in." in answer.content.decode()


def test_the_entrance_needs_its_key(event):
    tournament, _ = event
    url = reverse(
        "public:self-checkin", kwargs={"slug": tournament.slug, "key": "guess"}
    )
    assert Client().get(url).status_code == 404


@pytest.mark.parametrize("value", ["", "abc", "-1", "9" * 40, "\x00"])
def test_a_bad_registration_is_a_clear_400(event, value):
    tournament, _ = event
    tournament.self_checkin_opens_at = timezone.now() - timedelta(minutes=5)
    tournament.save()
    answer = Client().post(entrance(tournament), {"registration": value})
    assert answer.status_code == 400
    assert "Choose your name in the list." in answer.content.decode()


def test_self_check_in_is_rate_limited(event, settings):
    settings.RATELIMIT_ENABLE, settings.PUBLIC_FORM_RATE = True, "2/m"
    cache.clear()
    tournament, players = event
    tournament.self_checkin_opens_at = timezone.now() - timedelta(minutes=5)
    tournament.save()
    client = Client()
    codes = [
        client.post(entrance(tournament), {"registration": players[0].pk}).status_code
        for _ in range(3)
    ]
    cache.clear()
    assert codes == [200, 200, 429]


def test_round_one_shows_absentees_and_seats_after_the_confirmation(
    staff_client, event, django_capture_on_commit_callbacks
):
    tournament, players = event
    Registration.objects.filter(pk__in=[p.pk for p in players[:8]]).update(
        checked_in_at=timezone.now()
    )
    round_url = reverse("staff:round", kwargs={"slug": tournament.slug, "number": 1})
    page = staff_client.get(round_url).content.decode()
    assert "4 players have not checked in:" in page and "Lea Marx" in page
    seat_url = reverse(
        "staff:seating-start", kwargs={"slug": tournament.slug, "number": 1}
    )
    refused = staff_client.post(seat_url, {"seed": "4"}, follow=True)
    assert "4 players have not checked in (" in refused.content.decode()
    assert not tournament.seating_plans.exists()
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(seat_url, {"seed": "4", "withdraw_absent": "1"})
    seated = tournament.rounds.get(number=1).seats.values_list(
        "registration_id", flat=True
    )
    assert set(seated) == {p.pk for p in players[:8]}
    assert "have not checked in" not in staff_client.get(round_url).content.decode()


def test_a_withdrawn_late_arrival_is_sent_to_the_substitute_rules(staff_client, event):
    tournament, players = event
    Registration.objects.filter(pk=players[0].pk).update(status="withdrawn")
    page = staff_client.get(door(tournament), {"q": "Bell"}).content.decode()
    assert "bring them back as a substitute from the players list" in page
    assert "0 present of 11 expected" in page


def test_the_settings_page_turns_check_in_on(staff_client, organiser):
    tournament = organised(organiser)
    url = reverse("staff:tournament-settings", args=[tournament.slug])
    assert 'type="datetime-local"' in staff_client.get(url).content.decode()
    data = settings_data(
        tournament,
        uses_checkin="on",
        self_checkin_opens_at="2026-05-01T08:30",
        players_confirm_tables="on",
    )
    assert staff_client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.uses_checkin and tournament.players_confirm_tables
    opens = timezone.localtime(tournament.self_checkin_opens_at)
    assert (opens.hour, opens.minute) == (8, 30)
