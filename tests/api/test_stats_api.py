"""The statistics API: an event's and a player's figures, each with what it
rests on; public only where the event is (issue 29)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import organiser_account
from tests.integration.stats_data import played_event
from tournaments import extensions
from tournaments.models import Tournament
from tournaments.selectors.stats import get_tournament_stats

pytestmark = pytest.mark.django_db


@pytest.fixture
def riichi_event():
    return played_event("riichi", organiser_account())


def by_key(figures):
    return {figure["key"]: figure for figure in figures}


def test_the_events_figures_with_their_counts(anonymous_api, riichi_event):
    answer = anonymous_api.get(f"/api/tournaments/{riichi_event.slug}/stats/")
    assert answer.status_code == 200
    body = answer.json()
    figures = by_key(body["figures"])
    assert figures["hands"]["value"] == 24
    assert figures["washout_rate"]["count"] == 24
    assert figures["washout_rate"]["count_unit"] == "hands"
    assert {p["player"] for p in body["players"]} == {
        r.player_id for r in riichi_event.registrations.all()
    }
    player = body["players"][0]
    mine = by_key(player["figures"])
    assert mine["declaration_rate"]["label"] == "Riichi rate"
    assert "item_total_average" not in mine  # not a riichi figure
    expected = get_tournament_stats(riichi_event).event.players[player["player"]]
    rate = expected.figures["win_rate"]
    assert mine["win_rate"]["exact"] == str(rate.value)
    assert mine["win_rate"]["count"] == rate.count
    assert body["items_label"] == "Yaku"
    assert body["biggest_hands"][0]["unit"] in ("han", "yakuman")


def test_a_private_events_figures_are_not_found(anonymous_api, riichi_event, api):
    riichi_event.is_public = False
    riichi_event.save()
    answer = anonymous_api.get(f"/api/tournaments/{riichi_event.slug}/stats/")
    assert answer.status_code == 404
    assert answer.json()["error"] == "not_found"
    player = riichi_event.registrations.first().player_id
    assert anonymous_api.get(f"/api/players/{player}/stats/").status_code == 404
    # Its organiser reads both.
    organiser = riichi_event.organisers.first() or organiser_account()
    riichi_event.organisers.add(organiser)
    client = APIClient()
    client.force_authenticate(organiser)
    assert client.get(f"/api/tournaments/{riichi_event.slug}/stats/").status_code == 200
    assert client.get(f"/api/players/{player}/stats/").status_code == 200


def test_an_event_without_a_closed_table_has_no_figures(anonymous_api, tournament):
    answer = anonymous_api.get(f"/api/tournaments/{tournament.slug}/stats/")
    assert answer.status_code == 200
    assert answer.json()["figures"] == []


def test_a_players_figures_by_rule_set_and_filters(anonymous_api, riichi_event):
    mcr = played_event("mcr", organiser_account())
    player = riichi_event.registrations.first().player
    # The same player plays the MCR event too, in place of one of its players.
    mcr.registrations.filter(number=1).update(player=player)
    url = f"/api/players/{player.pk}/stats/"
    body = anonymous_api.get(url).json()
    assert body["name"] == player.name
    assert [r["ruleset"] for r in body["rulesets"]] == ["riichi", "mcr"] or [
        r["ruleset"] for r in body["rulesets"]
    ] == ["mcr", "riichi"]
    only = anonymous_api.get(url, {"ruleset": "mcr"}).json()["rulesets"]
    assert [r["ruleset"] for r in only] == ["mcr"]
    assert by_key(only[0]["figures"])["item_total_average"]["count_unit"] == "wins"
    one = anonymous_api.get(url, {"tournament": riichi_event.slug}).json()
    assert [r["ruleset"] for r in one["rulesets"]] == ["riichi"]
    assert anonymous_api.get(url, {"tournament": "nowhere"}).status_code == 404
    assert anonymous_api.get(url, {"ruleset": "chess"}).status_code == 400


def test_the_league_filter_asks_the_registered_scope(anonymous_api, riichi_event):
    player = riichi_event.registrations.first().player_id
    url = f"/api/players/{player}/stats/"
    before = extensions._scopes.get("league")
    extensions.register_scope(
        "league",
        lambda slug, user: (
            Tournament.objects.filter(pk=riichi_event.pk) if slug == "season" else None
        ),
    )
    try:
        body = anonymous_api.get(url, {"league": "season"}).json()
        assert [r["ruleset"] for r in body["rulesets"]] == ["riichi"]
        assert anonymous_api.get(url, {"league": "other"}).status_code == 404
    finally:
        extensions._scopes.pop("league", None)
        if before is not None:
            extensions.register_scope("league", before)


def test_an_unknown_player_is_not_found(anonymous_api, db):
    assert anonymous_api.get("/api/players/999999/stats/").status_code == 404
