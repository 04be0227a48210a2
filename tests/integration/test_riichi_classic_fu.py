"""Seed 004's classic fu count as a riichi setting (``fu_count``): offered
with its words on the rules page, accepted by the API, and used when a
hand is recorded with its tiles; an event left at the modern count prices
the same hand as before.

The hand (riichi.md's worked example): South, a child, declared riichi and
self-draws a closed two-sided wait without pung, 234m 789m 123p 456p 66p
on 6p, with one dora: riichi, tsumo, pinfu and dora, 4 han. Classic: 30 + 2
= 32, 40 fu, a mangan, 4,000 from the dealer and 2,000 from each child.
Modern: 20 fu, 2,600 and 1,300. South's own riichi stick comes back."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.engine.riichi import RIICHI
from tests.factories import TournamentFactory, player_ids, seated_table
from tests.integration.page_factories import organised_table, post_hand
from tournaments.models import Tournament
from tournaments.services import hands

pytestmark = pytest.mark.django_db

TILES = {
    "concealed": "234789m1234566p",
    "winning_tile": "6p",
    "melds": [],
    "self_drawn": True,
    "dora": 1,
}
CLASSIC_DELTAS = [-4_000, 8_000, -2_000, -2_000]
MODERN_DELTAS = [-2_600, 5_200, -1_300, -1_300]


def self_draw(table):
    east, south, west, north = player_ids(table)
    return {"kind": "self_draw", "winner": south, "riichi": [south]}


@pytest.mark.parametrize(
    ("settings", "fu", "deltas"),
    [
        ({"fu_count": "classic"}, 40, CLASSIC_DELTAS),
        ({}, 20, MODERN_DELTAS),  # an event as it was before the setting
        ({"fu_count": "modern"}, 20, MODERN_DELTAS),
    ],
)
def test_a_recorded_pinfu_tsumo_is_counted_by_the_events_fu_count(
    organiser, settings, fu, deltas
):
    tournament = TournamentFactory(ruleset="riichi", ruleset_options=settings)
    table = seated_table(tournament)
    hand, created = hands.record_hand(
        table_id=table.pk, result=self_draw(table), tiles=TILES, actor=organiser
    )
    assert created
    assert (hand.result["han"], hand.result["fu"]) == (4, fu)
    assert hand.deltas == deltas


def test_the_api_creates_a_classic_event_and_prices_its_hands(api):
    response = api.post(
        "/api/tournaments/",
        {
            "name": "Classic Riichi",
            "ruleset": "riichi",
            "ruleset_options": {"fu_count": "classic"},
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get(name="Classic Riichi")
    assert RIICHI.clean_options(tournament.ruleset_options).fu_count == "classic"
    table = seated_table(tournament)
    answer = post_hand(api, table, {**self_draw(table), "tiles": TILES})
    assert answer["result"]["fu"] == 40 and answer["deltas"] == CLASSIC_DELTAS


def test_the_api_names_a_fu_count_it_does_not_know(api):
    response = api.post(
        "/api/tournaments/",
        {"name": "Odd", "ruleset": "riichi", "ruleset_options": {"fu_count": "old"}},
        format="json",
    )
    assert response.status_code == 422
    assert "fu_count" in response.content.decode()
    assert not Tournament.objects.filter(name="Odd").exists()


def test_the_rules_page_offers_the_fu_count_in_words(client, organiser):
    client.force_login(organiser)
    table = organised_table(organiser, ruleset="riichi")
    url = reverse("staff:tournament-rules", args=[table.round.tournament.slug])
    page = client.get(url).content.decode()
    assert "Counting fu (full count)" in page
    assert (
        '<option value="classic">Classic count of seed 004 (méthode classique)'
        "</option>" in page
    )
    assert '<option value="modern" selected>Modern count (EMA, Japanese leagues)' in (
        page
    )
