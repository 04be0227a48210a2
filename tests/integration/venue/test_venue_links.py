"""The tablets' links at the venue (VENUE_HOST or the laptop's LAN address,
the server's port, never the address the organiser's browser used), and
unchanged outside it; Muraille's own 404 page with DEBUG off."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.venue import links

pytestmark = pytest.mark.django_db

MADE_UP_HOST = "tablets.hall.invalid"


@pytest.fixture
def seated(client, organiser):
    client.force_login(organiser)
    tournament = organised(organiser)
    regs = named_players(tournament, EIGHT)
    return tournament, seat_round(tournament, 1, [regs[:4], regs[4:]])


def pages(client, tournament):
    """The round page (links, QR codes) and its printed slips, opened from
    the laptop itself (127.0.0.1) on port 8123."""
    for name in ("staff:round", "staff:round-print"):
        url = reverse(name, args=[tournament.slug, 1])
        answer = client.get(url, HTTP_HOST="127.0.0.1:8123", SERVER_PORT="8123")
        assert answer.status_code == 200
        yield answer.content.decode()


def test_venue_links_carry_venue_host_and_port(client, seated, tmp_path):
    """With VENUE_HOST set, every link and QR code names it with the server's
    port, whatever address the organiser's browser used."""
    tournament, tables = seated
    with override_settings(VENUE_DIR=tmp_path, VENUE_HOST=MADE_UP_HOST):
        for page in pages(client, tournament):
            for table in tables:
                assert f"http://{MADE_UP_HOST}:8123/table/{table.token}/" in page
            assert "127.0.0.1" not in page


def test_venue_links_carry_the_detected_lan_address(
    client, seated, tmp_path, monkeypatch
):
    """Without VENUE_HOST the link carries the laptop's detected address."""
    tournament, tables = seated
    monkeypatch.setattr(links, "lan_address", lambda: "192.0.2.9")
    with override_settings(VENUE_DIR=tmp_path, VENUE_HOST=""):
        for page in pages(client, tournament):
            assert f"http://192.0.2.9:8123/table/{tables[0].token}/" in page
            assert "127.0.0.1" not in page


def test_links_outside_the_venue_keep_the_browser_address(client, seated):
    """Outside the venue the link is the address the browser used."""
    tournament, tables = seated
    for page in pages(client, tournament):
        assert f"http://127.0.0.1:8123/table/{tables[0].token}/" in page


@override_settings(DEBUG=False)
def test_a_wrong_address_gets_muraille_404_page(client):
    """DEBUG off: a page that does not exist is Muraille's, translatable;
    the API keeps its JSON error."""
    page = client.get("/no-such-page/")
    assert page.status_code == 404
    assert "Page not found" in page.content.decode()
    assert 'class="topbar"' in page.content.decode()
    french = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 404 and '<html lang="fr">' in french.content.decode()
    api = client.get("/api/no-such-thing/")
    assert api.status_code == 404 and api.json()["error"] == "not_found"
