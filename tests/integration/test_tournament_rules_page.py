"""The organiser's rules page: rule-set options and the tie-break order."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.engine.standings import DEFAULT_TIEBREAKS
from tests.integration.page_factories import organised_table
from tournaments.services import hands

pytestmark = pytest.mark.django_db


def rules_data(options: dict[str, int], tiebreaks: list[str]) -> dict[str, object]:
    data: dict[str, object] = dict(options)
    for place, name in enumerate(tiebreaks, start=1):
        data[f"tiebreak_{place}"] = name
    return data


MCR = {"minimum_points": 8, "hands_per_session": 16, "false_hu_penalty": 30}


@pytest.fixture
def table(organiser):
    return organised_table(organiser)


def test_options_and_order_saved_before_play(client, organiser, table):
    tournament = table.round.tournament
    client.force_login(organiser)
    url = reverse("staff:tournament-rules", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "Minimum points" in page and 'value="8"' in page
    order = ["score", "table_points", "firsts"]
    response = client.post(url, rules_data({**MCR, "minimum_points": 6}, order))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.ruleset_options == {**MCR, "minimum_points": 6}
    assert tournament.tiebreaks == order


def test_once_a_hand_is_stored_options_are_frozen_but_the_order_is_not(
    client, organiser, table
):
    tournament = table.round.tournament
    hands.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)
    client.force_login(organiser)
    url = reverse("staff:tournament-rules", args=[tournament.slug])
    assert "can no longer change" in client.get(url).content.decode()
    frozen = client.post(
        url, rules_data({**MCR, "minimum_points": 6}, list(DEFAULT_TIEBREAKS))
    )
    assert frozen.status_code == 400
    tournament.refresh_from_db()
    assert tournament.ruleset_options == {}
    order = ["table_points", "best_session", "score"]
    assert client.post(url, rules_data(MCR, order)).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.ruleset_options, tournament.tiebreaks) == ({}, order)


@pytest.mark.parametrize(
    ("options", "order", "message"),
    [
        ({**MCR, "false_hu_penalty": 31}, ["score"], "cannot be shared equally"),
        (MCR, ["score", "score"], "listed twice"),
    ],
)
def test_bad_rules_name_the_problem_and_save_nothing(
    client, organiser, table, options, order, message
):
    tournament = table.round.tournament
    client.force_login(organiser)
    response = client.post(
        reverse("staff:tournament-rules", args=[tournament.slug]),
        rules_data(options, order),
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.ruleset_options, tournament.tiebreaks) == ({}, [])
