"""The database unreachable under the served app (gunicorn, DEBUG off): the
app reaches PostgreSQL through a proxy of the test's own, which the test
cuts (open connections dropped, new ones refused) and restores.

While it is cut, every page and the API answer 503 with Retry-After and say
to wait (the tablet and an API client retry); nothing is half-written. Once
it is back, the very next request works, and the hands sent again with
their keys are stored once."""

from __future__ import annotations

import uuid

import pytest
import requests
from django.db import connection
from django.urls import reverse

from tests.factories import player_ids
from tests.faults.processes import CuttableProxy, gunicorn, started
from tests.integration.page_factories import hand_data, organised_table
from tournaments.models import Hand

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

BACK_IN_A_MOMENT = (
    "Back in a moment",
    "The database is unavailable for a moment. Nothing was lost: "
    "try again in a few seconds.",
    "Scores already entered are safe. Reload this page to try again.",
)


@pytest.fixture
def proxy(transactional_db):
    db = connection.settings_dict
    proxy = CuttableProxy((db["HOST"], int(db["PORT"])))
    proxy.restore()
    yield proxy
    proxy.cut()


@pytest.fixture
def served(proxy, environment, tmp_path):
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@127.0.0.1:{proxy.port}/{db['NAME']}"
    served = gunicorn(environment(database_url=url), tmp_path / "gunicorn.log")
    with started(served.group):
        yield served


class Tablet:
    """A referee's tablet: the table's page and its hand form, over HTTP."""

    def __init__(self, base: str, table) -> None:
        self.http = requests.Session()
        self.page_url = base + reverse("referee:table", args=[table.token])
        self.form_url = base + reverse("referee:hand-create", args=[table.token])

    def open(self) -> requests.Response:
        return self.http.get(self.page_url, timeout=10)

    def record(self, body: dict) -> requests.Response:
        csrf = {"csrfmiddlewaretoken": self.http.cookies["csrftoken"]}
        return self.http.post(
            self.form_url,
            {**body, **csrf},
            headers={"Referer": self.page_url},
            allow_redirects=False,
            timeout=10,
        )


def assert_back_in_a_moment(response: requests.Response) -> None:
    assert response.status_code == 503, response.text
    assert int(response.headers["Retry-After"]) > 0
    for words in BACK_IN_A_MOMENT:
        assert words in response.text


def test_the_database_cut_then_back(served, proxy, organiser, token):
    table = organised_table(organiser)
    slug = table.round.tournament.slug
    east, south, west, _ = player_ids(table)
    api_url = f"{served.url}/api/tables/{table.pk}/hands/"
    standings = served.url + reverse("public:standings", args=[slug])
    tablet = Tablet(served.url, table)
    assert tablet.open().status_code == 200
    by_api = {"kind": "discard", "winner": east, "discarder": south, "fan_total": 8}
    on_tablet = hand_data("discard", south, west, 12)
    api_key = {"Authorization": token, "Idempotency-Key": uuid.uuid4().hex}

    proxy.cut()

    # The referee's tablet and the public: the "back in a moment" page.
    assert_back_in_a_moment(tablet.open())
    assert_back_in_a_moment(tablet.record(on_tablet))
    assert_back_in_a_moment(requests.get(standings, timeout=10))
    # An API client: its usual error shape, and when to try again.
    answer = requests.post(api_url, json=by_api, headers=api_key, timeout=10)
    assert answer.status_code == 503, answer.text
    assert answer.json()["error"] == "database_unavailable"
    assert int(answer.headers["Retry-After"]) > 0
    # Nothing half-written (the test reads the database directly).
    assert Hand.objects.filter(table=table).count() == 0

    proxy.restore()

    # The very next requests work: no wait for a pool to notice.
    answer = requests.post(api_url, json=by_api, headers=api_key, timeout=10)
    assert answer.status_code == 201, answer.text
    recorded = tablet.record(on_tablet)
    assert recorded.status_code == 302, recorded.text
    # Both sent again (their first answers were lost on the way): stored once.
    again = requests.post(api_url, json=by_api, headers=api_key, timeout=10)
    assert again.status_code == 200, again.text
    assert tablet.record(on_tablet).status_code == 302
    hands = Hand.objects.filter(table=table).order_by("number")
    winners = [(h.number, h.winner.registration.player_id) for h in hands]
    assert winners == [(1, east), (2, south)]
    page = tablet.open()
    assert page.status_code == 200
    assert requests.get(standings, timeout=10).status_code == 200
