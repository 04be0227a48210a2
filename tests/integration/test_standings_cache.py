"""A full room costs one standings computation per change, not one per phone;
public pages and polls are gzipped."""

from __future__ import annotations

import gzip
import warnings

import pytest
from django.core.cache.backends.base import CacheKeyWarning
from django.urls import reverse
from django.utils import timezone

from tests.factories import RegistrationFactory
from tests.integration.room_data import close, room_event, win
from tournaments.models import Round
from tournaments.selectors import room as selectors_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def computations(monkeypatch):
    """Count the rankings computed (the cache's misses)."""
    calls = []
    real = selectors_room.get_ranking

    def counting(tournament):
        calls.append(tournament.pk)
        return real(tournament)

    monkeypatch.setattr(selectors_room, "get_ranking", counting)
    return calls


def _standings_url(tournament) -> str:
    return reverse("public:standings", args=[tournament.slug])


def test_phones_without_a_change_share_one_computation(client, computations):
    """Three phones (no ETag yet) and the projector: the standings are computed once."""
    tournament, _ = room_event()
    for _ in range(3):
        assert client.get(_standings_url(tournament)).status_code == 200
    projector = reverse("public:projector", args=[tournament.slug])
    assert client.get(projector).status_code == 200
    assert computations == [tournament.pk]


def test_closing_a_table_recomputes_and_shows_the_new_result(client, computations):
    tournament, _ = room_event()
    url = _standings_url(tournament)
    client.get(url)
    table = tournament.rounds.get(number=2).tables.get(number=1)
    win(table, 0, 2, fan_total=40)
    close(table)
    page = client.get(url).content.decode()
    assert computations == [tournament.pk, tournament.pk]
    assert client.get(url).status_code == 200
    assert len(computations) == 2
    # Round 2's column now holds table points for the table that closed.
    assert page.count('<td class="num detail">4</td>') >= 1


def test_a_hand_at_an_open_table_keeps_the_standings_304(client, computations):
    """The standings read closed tables only: a hand in play changes nothing
    there, so the phones' polls stay 304 and nothing is recomputed."""
    tournament, _ = room_event()
    table = tournament.rounds.get(number=2).tables.get(number=1)
    win(table, 0, 2)  # the round is under way from here on
    url = _standings_url(tournament)
    etag = client.get(url, headers={"HX-Request": "true"}).headers["ETag"]
    win(table, 1, 3)
    again = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})
    assert again.status_code == 304
    assert computations == [tournament.pk]


def test_a_late_registration_recomputes(client, computations):
    tournament, _ = room_event()
    url = _standings_url(tournament)
    client.get(url)
    late = RegistrationFactory(tournament=tournament)
    page = client.get(url).content.decode()
    assert len(computations) == 2
    assert late.player.last_name in page


def test_polls_of_many_phones_render_the_partial_once(client, monkeypatch):
    """The second poll with the same ETag is served from the cache: the view
    does not run again."""
    tournament, _ = room_event()
    rendered = []
    from tournaments.views import public

    real = public.standings_page_context

    def counting(*args, **kwargs):
        rendered.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(public, "standings_page_context", counting)
    url = _standings_url(tournament)
    first = client.get(url, headers={"HX-Request": "true"})
    second = client.get(url, headers={"HX-Request": "true"})
    assert first.content == second.content
    assert first.headers["ETag"] == second.headers["ETag"]
    assert rendered == [1]


@pytest.mark.parametrize("htmx", [False, True])
def test_standings_are_gzipped_for_clients_that_accept_it(client, htmx):
    tournament, _ = room_event(players=32)
    headers = {"Accept-Encoding": "gzip, deflate"}
    if htmx:
        headers["HX-Request"] = "true"
    response = client.get(_standings_url(tournament), headers=headers)
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    body = gzip.decompress(response.content).decode()
    assert 'id="standings"' in body
    plain = client.get(_standings_url(tournament), headers={"HX-Request": "true"})
    assert "Content-Encoding" not in plain.headers


def test_a_gzipped_page_still_answers_304_to_its_etag(client):
    """gzip makes the ETag weak (W/"..."); If-None-Match compares weakly."""
    tournament, _ = room_event()
    url = reverse("public:round", args=[tournament.slug, 2])
    first = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip"
    again = client.get(
        url,
        headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]},
    )
    assert again.status_code == 304


def test_home_is_gzipped(client):
    response = client.get(reverse("public:home"), headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"


def test_page_and_polls_share_one_rendered_table(client, monkeypatch):
    """Phones opening the page and phones polling get the table rendered once."""
    from tournaments.views import live

    rendered = []
    real = live.render_to_string

    def counting(*args, **kwargs):
        rendered.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(live, "render_to_string", counting)
    tournament, _ = room_event()
    url = _standings_url(tournament)
    pages = [client.get(url).content.decode() for _ in range(2)]
    poll = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert rendered == ["tournaments/public/_standings_table.html"]
    assert poll.strip() in pages[0] and poll.strip() in pages[1]


def test_a_running_clock_keeps_the_cache_key_valid_for_every_backend(client):
    """A round's clock is part of the version: written as str() of a datetime
    it put a space in the cache key, which Django warns memcached refuses."""
    tournament, _ = room_event()
    tournament.rounds.filter(number=1).update(
        status=Round.Status.PLAYING, clock_started_at=timezone.now()
    )
    version = selectors_room.get_standings_version(tournament)
    assert tournament.rounds.get(number=1).clock_started_at.isoformat() in version
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheKeyWarning)
        assert client.get(_standings_url(tournament)).status_code == 200
