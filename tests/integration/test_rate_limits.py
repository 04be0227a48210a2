"""The public HTML forms are rate limited like the API (issue 15): a table
link's POSTs per link, the anonymous fan calculator page per address."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from tests.integration.page_factories import hand_data, organised_table, player_ids
from tournaments.models import Hand

pytestmark = pytest.mark.django_db

LIMITED = override_settings(
    RATELIMIT_ENABLE=True, TABLE_FORM_RATE="3/m", PUBLIC_FORM_RATE="2/m"
)


@pytest.fixture(autouse=True)
def fresh_counters():
    cache.clear()
    yield
    cache.clear()


def hand_url(table):
    return reverse("referee:hand-create", kwargs={"token": table.token})


@LIMITED
def test_a_table_link_posting_too_fast_gets_429_and_nothing_is_stored(
    client, organiser
):
    table = organised_table(organiser)
    e, s, w, n = player_ids(table)
    for _ in range(3):
        assert client.post(hand_url(table), hand_data("draw")).status_code == 302
    response = client.post(hand_url(table), hand_data("discard", e, s, 8))
    assert response.status_code == 429
    assert "wait a moment" in response.content.decode()
    assert Hand.objects.filter(table=table).count() == 3


@LIMITED
def test_each_table_link_has_its_own_budget(client, organiser):
    """A room of tablets behind one router shares an address, not a budget."""
    first = organised_table(organiser)
    second = organised_table(organiser, name="Second")
    for _ in range(3):
        client.post(hand_url(first), hand_data("draw"))
    assert client.post(hand_url(second), hand_data("draw")).status_code == 302


@LIMITED
def test_reading_the_sheet_is_not_counted(client, organiser):
    table = organised_table(organiser)
    sheet = reverse("referee:table", kwargs={"token": table.token})
    for _ in range(5):
        assert client.get(sheet).status_code == 200
    assert client.post(hand_url(table), hand_data("draw")).status_code == 302


@LIMITED
def test_the_fan_calculator_page_is_limited_per_address(client):
    answers = [client.post("/mcr/fans/", {"tiles": "{}"}).status_code for _ in range(3)]
    assert answers == [200, 200, 429]
    other = client.post(
        "/mcr/fans/", {"tiles": "{}"}, REMOTE_ADDR="192.0.2.7"
    ).status_code
    assert other == 200
