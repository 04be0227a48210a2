"""Who may do what on every leagues route: a table with a row for each URL
pattern of ``leagues/urls.py`` and ``leagues/api/urls.py`` (a new route
without a row fails ``test_every_route_has_a_row``). Five accounts
(anonymous, a plain account, another organiser, the organiser, the admin)
on a public and a private league, event, tournament and player; no answer
to the first three ever names what only the private night's organisers may
read (``SECRETS``: its name, its players, its league).

Each cell is a status in the order of ``ACTORS``. Writes send an empty
body (or a merge of unlike names): past the permission check they are
refused as input (a page's 400; the API's 400 when the schema refuses
the body, 422 when the event's data do, 409 when its state does) or not
found (404, a page's unknown action), so
one row's requests do not change what the next one sees; the two that
need no input (a night's extra session, a rating job) succeed."""

from __future__ import annotations

from io import BytesIO

import pytest
from openpyxl import load_workbook
from rest_framework.test import APIClient

import leagues.api.urls
import leagues.urls
from tests.integration.leagues.permission_world import (
    ACTORS,
    SECRETS,
    build_world,
    fill,
    walk,
)

pytestmark = pytest.mark.django_db

ROUTES = walk(leagues.urls.urlpatterns) + walk(leagues.api.urls.urlpatterns, "api/")

PUBLIC_READ = "200 200 200 200 200"
PRIVATE_READ = "404 404 404 200 200"
NO_POST = "405 405 405 405 405"
HIDDEN_NO_POST = "404 404 404 405 405"
API_NO_POST = "401 405 405 405 405"
API_NO_GET = "405 405 405 405 405"

#: route -> {(variant, method): statuses}; variants: ``permission_world``.
TABLE: dict[str, dict[tuple[str, str], str]] = {
    "teams/<slug:slug>/": {
        ("public tournament", "get"): PUBLIC_READ,
        ("public tournament", "post"): NO_POST,
        ("private tournament", "get"): PRIVATE_READ,
        ("private tournament", "post"): HIDDEN_NO_POST,
    },
    "teams/<slug:slug>/teams.xlsx": {
        ("public tournament", "get"): PUBLIC_READ,
        ("private tournament", "get"): PRIVATE_READ,
        ("private tournament", "post"): HIDDEN_NO_POST,
    },
    "manage/teams/<slug:slug>/": {
        ("public tournament", "get"): "302 403 403 200 200",
        ("public tournament", "post"): "302 403 403 404 404",
        ("private tournament", "get"): "302 404 404 200 200",
        ("private tournament", "post"): "302 404 404 404 404",
    },
    "leagues/": {("none", "get"): PUBLIC_READ, ("none", "post"): NO_POST},
    "leagues/<slug:slug>/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
        ("private", "post"): HIDDEN_NO_POST,
    },
    # A worker builds the workbook: the first readers wait (202, a page
    # that reloads); test_privacy reads the files built for each reader.
    "leagues/<slug:slug>/workbook.xlsx": {
        ("public", "get"): "202 202 202 202 202",
        ("private", "get"): "404 404 404 202 202",
    },
    "leagues/<slug:slug>/ema/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
    },
    "leagues/<slug:slug>/ratings/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
    },
    "leagues/<slug:slug>/stats/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
        ("private", "post"): HIDDEN_NO_POST,
    },
    "players/<int:player>/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
        ("private", "post"): NO_POST,
    },
    "manage/leagues/": {
        ("none", "get"): "302 403 200 200 200",
        ("none", "post"): "302 403 400 400 400",
    },
    "manage/leagues/<slug:slug>/": {
        ("public", "get"): "302 403 403 200 200",
        ("public", "post"): "302 403 403 404 404",
        ("private", "get"): "302 403 404 200 200",
        ("private", "post"): "302 403 404 404 404",
    },
    "manage/leagues/<slug:slug>/nights/<int:event>/": {
        ("public", "get"): "302 403 403 200 200",
        ("public", "post"): "302 403 403 404 404",
        ("private", "get"): "302 403 404 200 200",
        ("private", "post"): "302 403 404 404 404",
        # The private night counted in the public league is its own
        # league's night, not one of the public league's to manage.
        ("private in public", "get"): "302 403 403 200 200",
    },
    "manage/players/": {
        ("none", "get"): "302 403 200 200 200",
        ("none", "post"): "302 403 405 405 405",
    },
    "manage/players/merge/": {
        ("none", "get"): "302 403 302 302 302",
        ("merge", "get"): "302 403 403 200 200",
        ("merge", "post"): "302 403 403 400 400",
    },
    "api/leagues/": {
        ("none", "get"): PUBLIC_READ,
        ("none", "post"): "401 403 400 400 400",
    },
    "api/leagues/<slug:slug>/": {
        ("public", "get"): PUBLIC_READ,
        ("public", "patch"): "401 403 403 200 200",
        ("private", "get"): PRIVATE_READ,
        ("private", "patch"): "401 404 404 200 200",
        ("private", "post"): API_NO_POST,
    },
    "api/leagues/<slug:slug>/nights/": {
        ("public", "get"): API_NO_GET,
        ("public", "post"): "401 403 403 400 400",
        ("private", "post"): "401 404 404 400 400",
    },
    "api/leagues/<slug:slug>/nights/<int:event>/tables/": {
        ("public", "post"): "401 403 403 400 400",
        ("private", "post"): "401 404 404 400 400",
    },
    "api/leagues/<slug:slug>/nights/<int:event>/seating/": {
        ("public", "post"): "401 403 403 400 400",
        ("private", "post"): "401 404 404 400 400",
    },
    "api/leagues/<slug:slug>/nights/<int:event>/sessions/": {
        ("public", "post"): "401 403 403 201 201",
        ("private", "post"): "401 404 404 201 201",
        ("private in public", "post"): "401 403 403 404 404",
    },
    "api/leagues/<slug:slug>/events/": {
        ("public", "post"): "401 403 403 400 400",
        ("private", "post"): "401 404 404 400 400",
    },
    "api/leagues/<slug:slug>/events/<int:event>/seed/": {
        ("public", "post"): "401 403 403 404 404",
        ("private", "post"): "401 404 404 404 404",
    },
    "api/leagues/<slug:slug>/ratings/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
        ("private", "post"): API_NO_POST,
    },
    "api/leagues/<slug:slug>/ema/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
    },
    "api/leagues/<slug:slug>/stats/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
        ("private", "post"): API_NO_POST,
    },
    "api/ratings/jobs/": {
        ("none", "get"): API_NO_GET,
        ("none", "post"): "401 403 202 202 202",
    },
    # A rating job is the whole house's, no event's: its state is public.
    "api/ratings/jobs/<int:job>/": {
        ("public", "get"): PUBLIC_READ,
        ("public", "post"): API_NO_POST,
    },
    "api/players/<int:player>/career/": {
        ("public", "get"): PUBLIC_READ,
        ("private", "get"): PRIVATE_READ,
        ("private", "post"): API_NO_POST,
    },
    "api/players/merge/": {
        ("none", "get"): API_NO_GET,
        ("none", "post"): "401 403 400 400 400",
        ("merge", "post"): "401 403 403 422 422",
    },
    "api/players/duplicates/": {
        ("none", "get"): "403 403 200 200 200",
        ("none", "post"): API_NO_POST,
    },
    "api/tournaments/<slug:slug>/teams/": {
        ("public tournament", "get"): PUBLIC_READ,
        ("public tournament", "put"): "401 403 403 400 400",
        ("private tournament", "get"): PRIVATE_READ,
        ("private tournament", "put"): "401 404 404 400 400",
    },
    "api/tournaments/<slug:slug>/teams/rounds/<int:number>/seat/": {
        ("public tournament", "get"): API_NO_GET,
        ("public tournament", "post"): "401 403 403 409 409",
        ("private tournament", "post"): "401 404 404 409 409",
    },
}


def test_every_route_has_a_row():
    """A route added without a row here (or a row left for a route gone)."""
    assert sorted(TABLE) == sorted(ROUTES)


def body_text(response) -> str:
    if response["Content-Type"].startswith("application/vnd.openxmlformats"):
        book = load_workbook(BytesIO(response.content))
        return " ".join(
            str(cell)
            for sheet in book.worksheets
            for row in sheet.iter_rows(values_only=True)
            for cell in row
            if cell is not None
        )
    return response.content.decode(errors="replace")


def request(client, method, route, variant, values):
    url = fill(route, {k: v for k, v in values.items() if f":{k}>" in route})
    if variant == "merge":
        data = {"keep": values["keep"], "drop": values["drop"]}
        if method == "get":
            return client.get(url, data)
        if route.startswith("api/"):
            return client.post(url, data, format="json")
        return client.post(url, data, format="multipart")  # a page's form
    if method == "get":
        return client.get(url)
    if route.startswith("api/"):
        return getattr(client, method)(url, {}, format="json")
    return getattr(client, method)(url, {}, format="multipart")


@pytest.mark.parametrize("route", sorted(TABLE))
def test_who_may_do_what(route):
    world = build_world()
    seen = []
    for (variant, method), statuses in TABLE[route].items():
        for actor, expected in zip(ACTORS, statuses.split(), strict=True):
            client = APIClient()
            if world.users[actor] is not None:
                client.force_login(world.users[actor])
            response = request(client, method, route, variant, world.values[variant])
            seen.append(f"{variant} {method} {actor}: {response.status_code}")
            assert response.status_code == int(expected), seen[-1]
            if actor in ("anonymous", "plain", "other"):
                text = body_text(response)
                leaks = [secret for secret in SECRETS if secret in text]
                assert not leaks, (seen[-1], leaks)
