"""Public pages poll cheaply: 304 while nothing changed, a new ETag after a hand."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.factories import RegistrationFactory
from tests.integration.room_data import close, room_event, win
from tournaments.models import Registration
from tournaments.selectors.room import get_room_version
from tournaments.services.seating import swap_players

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

PAGES = [
    ("public:standings", ()),
    ("public:round", (2,)),
    ("public:player", (1,)),
    ("public:projector", ()),
    ("public:round-projector", (2,)),
]


def page_url(name: str, tournament, args) -> str:
    if name == "public:player":
        number = tournament.registrations.order_by("number").first().number
        return reverse(name, args=[tournament.slug, number])
    return reverse(name, args=[tournament.slug, *args])


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_second_request_with_the_etag_gets_304(client, name, args):
    tournament, _ = room_event()
    url = page_url(name, tournament, args)
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    second = client.get(url, headers={"If-None-Match": etag})
    assert second.status_code == 304
    assert second.content == b""
    assert second.headers["ETag"] == etag
    assert "no-cache" in first.headers["Cache-Control"]
    assert "HX-Request" in first.headers["Vary"]


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_a_new_hand_changes_the_etag(client, name, args):
    tournament, _ = room_event()
    url = page_url(name, tournament, args)
    etag = client.get(url).headers["ETag"]
    win(tournament.rounds.get(number=2).tables.get(number=1), 0, 2)
    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert response.headers["ETag"] != etag


def test_closing_a_table_and_a_late_entry_change_the_etag(client):
    tournament, registrations = room_event()
    url = reverse("public:standings", args=[tournament.slug])
    table = tournament.rounds.get(number=2).tables.get(number=1)
    win(table, 0, 2)
    before = client.get(url).headers["ETag"]
    close(table)
    after_close = client.get(url).headers["ETag"]
    assert after_close != before
    RegistrationFactory(tournament=tournament)
    assert client.get(url).headers["ETag"] != after_close


def test_poll_answer_carries_the_etag_the_partial_was_rendered_with(client):
    """The partial names its own ETag, so the page sends it back on the poll."""
    tournament, _ = room_event()
    url = reverse("public:standings", args=[tournament.slug])
    page = client.get(url)
    poll = client.get(url, headers={"HX-Request": "true"})
    assert poll.content.decode().lstrip().startswith('<div id="standings"')
    assert f'data-etag="{escape(poll.headers["ETag"])}"' in page.content.decode()
    assert page.headers["ETag"] != poll.headers["ETag"]
    again = client.get(
        url, headers={"HX-Request": "true", "If-None-Match": poll.headers["ETag"]}
    )
    assert again.status_code == 304


def test_the_etag_depends_on_the_language(client):
    tournament, _ = room_event()
    url = reverse("public:standings", args=[tournament.slug])
    english = client.get(url, headers={"Accept-Language": "en"}).headers["ETag"]
    french = client.get(
        url, headers={"Accept-Language": "fr", "If-None-Match": english}
    )
    assert french.status_code == 200
    assert french.headers["ETag"] != english


def test_private_event_is_404_even_with_an_etag(client):
    tournament, _ = room_event()
    url = reverse("public:standings", args=[tournament.slug])
    etag = client.get(url).headers["ETag"]
    tournament.is_public = False
    tournament.save()
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 404


def test_a_swap_and_a_withdrawal_change_the_etag(client):
    tournament, registrations = room_event()
    url = reverse("public:round", args=[tournament.slug, 2])
    before = client.get(url).headers["ETag"]
    second = tournament.rounds.get(number=2)
    swap_players(
        round_id=second.pk,
        first=registrations[0].player_id,
        second=registrations[7].player_id,
        actor=None,
    )
    after_swap = client.get(url).headers["ETag"]
    assert after_swap != before
    registrations[3].status = Registration.Status.WITHDRAWN
    registrations[3].save()
    assert client.get(url).headers["ETag"] != after_swap


def test_the_last_change_value_costs_four_queries_whatever_the_size(
    django_assert_num_queries,
):
    small, _ = room_event(players=8)
    large, _ = room_event(players=48)
    for tournament in (small, large):
        with django_assert_num_queries(4):
            get_room_version(tournament)
