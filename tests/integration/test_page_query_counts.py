"""Every page of an event costs the same queries at any size (issue 31,
item 7): an event of 8 players and one of 32, each with round 1 played and
round 2 seated (the shape bench/scale.py measures at 16 to 3,200 players),
and each page's queries counted on its first view after a change (the
cache emptied) and warm. bench/scale.py gives the CPU; this the counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.integration.room_data import room_event
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

SMALL, LARGE = 8, 32
HTMX = {"HX-Request": "true"}


#: name: (whose client, URL of the event, headers)
PAGES: dict[str, tuple[str, Callable[[Tournament], str], dict[str, str]]] = {
    "standings page": ("public", lambda t: f"/t/{t.slug}/", {}),
    "standings API": ("public", lambda t: f"/api/tournaments/{t.slug}/standings/", {}),
    # The middle player's page: a number that exists at both sizes.
    "player page": ("public", lambda t: f"/t/{t.slug}/players/{middle(t)}/", {}),
    "public round page": ("public", lambda t: f"/t/{t.slug}/rounds/2/", {}),
    "organiser's round page": ("staff", lambda t: f"/staff/{t.slug}/rounds/2/", {}),
    "organiser's round page's poll": (
        "staff",
        lambda t: f"/staff/{t.slug}/rounds/2/tables/",
        HTMX,
    ),
    "print page": ("staff", lambda t: f"/staff/{t.slug}/rounds/2/print/", {}),
    "event statistics page": ("public", lambda t: f"/t/{t.slug}/stats/", {}),
    # Built in the request at these sizes (a big event's is a job's).
    "standings workbook": ("public", lambda t: f"/t/{t.slug}/standings.xlsx", {}),
}


def middle(tournament: Tournament) -> int:
    numbers = sorted(tournament.registrations.values_list("number", flat=True))
    return numbers[len(numbers) // 2]


def queries(client: Client, url: str, headers: dict[str, str]) -> tuple[int, int]:
    """(status, queries) of one request."""
    with CaptureQueriesContext(connection) as captured:
        status = client.get(url, headers=headers).status_code
    return status, len(captured)


def counts(page: str, players: int, organiser: Any) -> dict[str, int]:
    """The page's queries at an event of ``players``: its first view after a
    change and warm, and for the poll the answer with its ETag (304)."""
    tournament, _ = room_event(players=players)
    tournament.organisers.add(organiser)
    whose, url_of, headers = PAGES[page]
    client = Client()
    if whose == "staff":
        client.force_login(organiser)
    # The session and its language settle on a first visit, whatever page.
    client.get("/")
    url = url_of(tournament)
    cache.clear()
    first_status, first = queries(client, url, headers)
    warm_status, warm = queries(client, url, headers)
    assert first_status == warm_status == 200, (page, first_status, warm_status)
    found = {"first view after a change": first, "warm": warm}
    if page == "organiser's round page's poll":
        etag = client.get(url, headers=headers).headers["ETag"]
        status, unchanged = queries(client, url, {**headers, "If-None-Match": etag})
        assert status == 304
        found["nothing new (304)"] = unchanged
    return found


@pytest.mark.parametrize("page", list(PAGES))
def test_a_page_costs_the_same_queries_at_any_size(page, organiser):
    small = counts(page, SMALL, organiser)
    large = counts(page, LARGE, organiser)
    assert small == large, f"{page}: {SMALL} players {small}, {LARGE} players {large}"
