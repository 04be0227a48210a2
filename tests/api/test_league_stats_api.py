"""The league statistics API, and a player's figures over one league:
visible where the league's pages are, over the events the caller may see
(issue 29)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.integration.leagues.stats_data import mixed_league

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def by_key(figures):
    return {figure["key"]: figure for figure in figures}


def test_the_leagues_figures_by_rule_set(anonymous_api, organiser):
    league, events = mixed_league(organiser, is_public=True)
    answer = anonymous_api.get(f"/api/leagues/{league.slug}/stats/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["league"] == league.slug
    assert [b["ruleset"] for b in body["rulesets"]] == [
        "mcr",
        "french_simple",
        "riichi",
    ]
    mcr = body["rulesets"][0]
    figures = by_key(mcr["figures"])
    assert figures["hands"]["value"] == 48
    assert figures["washout_rate"]["count"] == 48
    assert len(mcr["players"]) == 8
    player = by_key(mcr["players"][0]["figures"])
    assert player["sessions"]["value"] == 4
    assert "declaration_rate" not in player  # MCR cannot know it
    slugs = {t.slug for t in events["mcr"]}
    assert {hand["tournament"] for hand in mcr["biggest_hands"]} <= slugs
    assert "declaration_rate" in by_key(body["rulesets"][2]["players"][0]["figures"])


def test_a_private_league_is_a_404_to_others(anonymous_api, api, organiser):
    league, _events = mixed_league(organiser, is_public=False)
    url = f"/api/leagues/{league.slug}/stats/"
    assert anonymous_api.get(url).status_code == 404
    assert api.get(url).status_code == 200  # its organiser
    assert anonymous_api.get("/api/leagues/nothing-here/stats/").status_code == 404


def test_a_private_night_is_left_out_for_the_public(anonymous_api, api, organiser):
    league, events = mixed_league(organiser, is_public=True)
    riichi = events["riichi"][0]
    riichi.is_public = False
    riichi.save()
    riichi.organisers.add(organiser)
    url = f"/api/leagues/{league.slug}/stats/"
    public = [b["ruleset"] for b in anonymous_api.get(url).json()["rulesets"]]
    assert "riichi" not in public
    organised = [b["ruleset"] for b in api.get(url).json()["rulesets"]]
    assert "riichi" in organised


def test_a_players_figures_over_one_league(anonymous_api, api, organiser):
    league, events = mixed_league(organiser, is_public=True)
    player = events["mcr"][0].registrations.first().player_id
    url = f"/api/players/{player}/stats/"
    body = anonymous_api.get(url, {"league": league.slug}).json()
    (mcr,) = body["rulesets"]
    assert by_key(mcr["figures"])["sessions"]["value"] == 4
    league_body = anonymous_api.get(f"/api/leagues/{league.slug}/stats/").json()
    mine = next(
        p for p in league_body["rulesets"][0]["players"] if p["player"] == player
    )
    assert by_key(mine["figures"]) == by_key(mcr["figures"])
    # Another league's events are not counted; an unknown league is a 404.
    assert anonymous_api.get(url, {"league": "unknown"}).status_code == 404
    league.is_public = False
    league.save()
    assert anonymous_api.get(url, {"league": league.slug}).status_code == 404
    assert api.get(url, {"league": league.slug}).status_code == 200


def test_the_schema_documents_the_route_and_each_figures_count():
    from tests.api.test_schemathesis import schema

    raw = schema.raw_schema
    components = raw["components"]["schemas"]
    answer = raw["paths"]["/api/leagues/{slug}/stats/"]["get"]["responses"]["200"]
    reference = answer["content"]["application/json"]["schema"]["$ref"]
    body = components[reference.rsplit("/", 1)[1]]
    assert {"league", "min_hands", "rulesets"} <= set(body["properties"])
    block = components[body["properties"]["rulesets"]["items"]["$ref"].rsplit("/")[-1]]
    figure = components[block["properties"]["figures"]["items"]["$ref"].rsplit("/")[-1]]
    assert {"value", "exact", "count", "count_unit"} <= set(figure["properties"])
    query = raw["paths"]["/api/players/{player}/stats/"]["get"]["parameters"]
    assert "league" in {parameter["name"] for parameter in query}
