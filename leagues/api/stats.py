"""API: a league's statistics, ``GET /api/leagues/<slug>/stats/`` (issue 29).

The league's figures over its season, as an event's are answered
(``tournaments.selectors.stats_bodies``), one block per rule set the
league's events were played under (its own first). Each figure carries
its count of hands, wins or sessions. Readable where the league's pages
are, over the events the caller may see (a private night of a public
league is for its organisers).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.api.access import get_league
from leagues.selectors.stats import (
    LeagueStats,
    cached_league_view,
    get_cached_league_stats,
)
from leagues.selectors.visibility import audience_of
from scoring.messages import ruleset_label
from tournaments.api.stats import (
    StatsEventPlayerOutput,
    StatsFigureOutput,
    StatsHandOutput,
    StatsItemOutput,
    StatsLeadersOutput,
    StatsPaceOutput,
)
from tournaments.selectors.stats_bodies import event_body


class LeagueRulesetStatsOutput(serializers.Serializer):
    ruleset = serializers.CharField()
    ruleset_name = serializers.CharField()
    figures = StatsFigureOutput(many=True)
    items_label = serializers.CharField(help_text="Fans, yaku...")
    items = StatsItemOutput(many=True)
    items_hands = serializers.IntegerField(
        help_text="The won hands entered with their breakdown."
    )
    biggest_hands = StatsHandOutput(many=True)
    fastest_tables = StatsPaceOutput(many=True)
    slowest_tables = StatsPaceOutput(many=True)
    leaders = StatsLeadersOutput(many=True)
    players = StatsEventPlayerOutput(many=True)


class LeagueStatsOutput(serializers.Serializer):
    league = serializers.CharField()
    min_hands = serializers.IntegerField(
        help_text="The hands a player needs to lead a figure."
    )
    rulesets = LeagueRulesetStatsOutput(
        many=True, help_text="The league's own rule set first; none yet: empty."
    )


class LeagueStatsApi(APIView):
    """The league's figures, biggest hands, fan or yaku table, paces,
    leaders and every player's figures over the season, from the closed
    tables of the events the caller may see."""

    @extend_schema(responses=LeagueStatsOutput)
    def get(self, request: Any, slug: str) -> Response:
        league = get_league(request, slug)
        audience = audience_of(request.user)

        def build(version: str) -> dict[str, Any]:
            found = get_cached_league_stats(league, audience=audience, version=version)
            return dict(LeagueStatsOutput(league_body(found)).data)

        return Response(cached_league_view("api", league, audience, build))


def league_body(found: LeagueStats) -> dict[str, Any]:
    names = {pk: player.name for pk, player in found.players.items()}
    slugs = {pk: event.slug for pk, event in found.events.items()}
    rulesets = []
    for block in found.blocks:
        body = event_body(block.ruleset, block.event, names, {}, slugs)
        rulesets.append(
            {
                "ruleset": block.ruleset,
                "ruleset_name": ruleset_label(block.ruleset),
                **body,
            }
        )
    return {
        "league": found.league.slug,
        "min_hands": found.min_hands,
        "rulesets": rulesets,
    }
