"""Edge-case input on the pages: a form error naming the field, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.page_factories import hand_data, organised_table, player_ids
from tournaments.models import Hand, Penalty

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def table(organiser):
    return organised_table(organiser)


def url(name, table):
    return reverse(f"referee:{name}", kwargs={"token": table.token})


def a_win(table, **extra):
    return hand_data("self_draw", winner=player_ids(table)[0], fan_total=8, **extra)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("fan_total", 10**12),
        ("flowers", 10**12),
        ("table_version", 10**20),
        ("hand_number", 10**20),
        ("idempotency_key", "k" * 81),
    ],
)
def test_tablet_hand_out_of_bounds_is_a_form_error(client, table, field, value):
    body = a_win(table)
    body[field] = value
    response = client.post(url("hand-create", table), body)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Hand.objects.exists()


def test_tablet_hand_with_deeply_nested_tiles_is_a_form_error(client, table):
    response = client.post(url("hand-create", table), a_win(table, tiles=DEEP))
    assert response.status_code == 400
    assert "nested too deep" in response.content.decode()
    assert not Hand.objects.exists()


@pytest.mark.parametrize("points", [10**12, 2**31, 100_001])
def test_tablet_penalty_points_out_of_bounds_are_a_form_error(client, table, points):
    body = {"player": player_ids(table)[0], "kind": "referee", "points": points}
    response = client.post(url("penalty-create", table), body)
    assert response.status_code == 400
    # The bound: riichi's EMA chombo deduction (20,000) and its setting
    # (up to 100,000) fit.
    assert "100000" in response.content.decode().replace(",", "").replace("\u202f", "")
    assert not Penalty.objects.exists()


def test_tablet_penalty_within_bounds_is_stored(client, table):
    body = {"player": player_ids(table)[0], "kind": "referee", "points": 100_000}
    assert client.post(url("penalty-create", table), body).status_code == 302
    assert Penalty.objects.get().points == 100_000


def test_calculator_page_with_deeply_nested_tiles_is_a_form_error(client):
    """Anonymous, as the page is public: the form names the problem."""
    response = client.post(reverse("scoring:calculator"), {"tiles": DEEP})
    assert response.status_code == 200
    page = response.content.decode()
    assert "nested too deep" in page


def test_tablet_penalty_key_reused_with_another_body_is_refused(client, table):
    """The same form sent again for another player: refused, one penalty."""
    east, south = player_ids(table)[:2]
    body = {"player": east, "kind": "referee", "points": 10, "idempotency_key": "k1"}
    assert client.post(url("penalty-create", table), body).status_code == 302
    again = client.post(url("penalty-create", table), {**body, "player": south})
    assert again.status_code in (302, 409)
    page = client.get(url("table", table)).content.decode()
    if again.status_code == 409:
        page = again.content.decode()
    assert "already used for another penalty" in page
    assert Penalty.objects.count() == 1


def test_tablet_penalty_sent_twice_is_stored_once(client, table):
    body = {
        "player": player_ids(table)[0],
        "kind": "false_hu",
        "idempotency_key": "k2",
    }
    assert client.post(url("penalty-create", table), body).status_code == 302
    assert client.post(url("penalty-create", table), body).status_code == 302
    assert Penalty.objects.count() == 1
