"""API: the statistics of an event and of a player (issue 29).

Every figure comes with the number of hands, wins or sessions it rests on
(``count``, ``count_unit``); a figure the event's rule set cannot know is
not in the list at all. Values are numbers (four decimals) with the exact
fraction beside them. Readable where the standings are: a public event, or
one the caller organises or referees.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.access import get_tournament
from tournaments.api.inputs import RulesetField
from tournaments.extensions import tournament_scope
from tournaments.models import Player, Registration
from tournaments.permissions import viewable_tournaments
from tournaments.selectors.room import get_standings_version
from tournaments.selectors.stats import (
    cached_view,
    get_cached_tournament_stats,
    get_player_stats,
)
from tournaments.selectors.stats_bodies import event_body, ruleset_body
from tournaments.selectors.stats_words import items_label


class StatsFigureOutput(serializers.Serializer):
    key = serializers.CharField(help_text="The figure's code, e.g. win_rate.")
    label = serializers.CharField(help_text="In the request's language.")
    value = serializers.FloatField(
        allow_null=True,
        help_text="Rates as a share of 1; null when it rests on nothing yet.",
    )
    exact = serializers.CharField(allow_null=True, help_text="e.g. 7/3.")
    count = serializers.IntegerField(help_text="What the value rests on.")
    count_unit = serializers.ChoiceField(
        choices=["hands", "wins", "sessions", "intervals"]
    )


class StatsItemOutput(serializers.Serializer):
    name = serializers.CharField(help_text="The breakdown's (English) name.")
    label = serializers.CharField(help_text="In the request's language.")
    hands = serializers.IntegerField(help_text="Won hands that have it.")
    share = serializers.FloatField(help_text="Of the hands entered with tiles.")


class StatsHandOutput(serializers.Serializer):
    player = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    value = serializers.IntegerField()
    unit = serializers.CharField(help_text="The rule set's unit, in words.")
    tournament = serializers.CharField(allow_null=True)
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    hand = serializers.IntegerField()
    items = serializers.ListField(child=serializers.CharField())


class RulesetStatsOutput(serializers.Serializer):
    ruleset = serializers.CharField()
    ruleset_name = serializers.CharField()
    figures = StatsFigureOutput(many=True)
    items_label = serializers.CharField(help_text="Fans, yaku...")
    items = StatsItemOutput(many=True)
    items_hands = serializers.IntegerField(
        help_text="The won hands entered with their breakdown."
    )
    best_hand = StatsHandOutput(allow_null=True)


class PlayerStatsOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    rulesets = RulesetStatsOutput(many=True)


class StatsLeaderOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    value = serializers.FloatField()
    exact = serializers.CharField()
    hands = serializers.IntegerField()


class StatsLeadersOutput(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    leaders = StatsLeaderOutput(many=True)


class StatsPaceOutput(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    hands = serializers.IntegerField()
    minutes = serializers.FloatField(help_text="Minutes per hand.")


class StatsEventPlayerOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    number = serializers.IntegerField(allow_null=True)
    figures = StatsFigureOutput(many=True)


class EventStatsOutput(serializers.Serializer):
    tournament = serializers.CharField()
    ruleset = serializers.CharField()
    min_hands = serializers.IntegerField(
        help_text="The hands a player needs to lead a figure."
    )
    figures = StatsFigureOutput(many=True)
    items_label = serializers.CharField()
    items = StatsItemOutput(many=True)
    items_hands = serializers.IntegerField()
    biggest_hands = StatsHandOutput(many=True)
    fastest_tables = StatsPaceOutput(many=True)
    slowest_tables = StatsPaceOutput(many=True)
    leaders = StatsLeadersOutput(many=True)
    players = StatsEventPlayerOutput(many=True)


class TournamentStatsApi(APIView):
    """The event's figures, biggest hands, fan or yaku table, paces,
    leaders and every player's figures, from its closed tables."""

    @extend_schema(responses=EventStatsOutput)
    def get(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug)
        version = get_standings_version(tournament)
        # The body is built as ``EventStatsOutput`` documents it, once per
        # version and language (a 200-player event has 4,000 figures).
        body = cached_view(
            "api", tournament, version, lambda: _event_answer(tournament, version)
        )
        return Response(body)


def _event_answer(tournament: Any, version: str) -> dict[str, Any]:
    found = get_cached_tournament_stats(tournament, version=version)
    body: dict[str, Any] = {
        "tournament": tournament.slug,
        "ruleset": tournament.ruleset,
        "min_hands": found.event.min_hands if found.event else 0,
        "figures": [],
        "items_label": items_label(tournament.ruleset),
        "items": [],
        "items_hands": 0,
        "biggest_hands": [],
        "fastest_tables": [],
        "slowest_tables": [],
        "leaders": [],
        "players": [],
    }
    if found.event is not None:
        registrations = found.registrations
        body.update(
            event_body(
                found.ruleset,
                found.event,
                {pk: r.player.name for pk, r in registrations.items()},
                {pk: r.number for pk, r in registrations.items()},
                {tournament.pk: tournament.slug},
            )
        )
    return dict(EventStatsOutput(body).data)


class PlayerStatsApi(APIView):
    """A player's figures by rule set over the events the caller may see,
    or those of one event (``tournament``) or league (``league``)."""

    class QuerySerializer(serializers.Serializer):
        tournament = serializers.SlugField(
            required=False, help_text="One event's slug."
        )
        league = serializers.SlugField(
            required=False, help_text="One league's slug: its events only."
        )
        ruleset = RulesetField(required=False)

    @extend_schema(parameters=[QuerySerializer], responses=PlayerStatsOutput)
    def get(self, request: Any, player: int) -> Response:
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = get_object_or_404(Player, pk=player)
        tournaments = viewable_tournaments(request.user)
        if not Registration.objects.filter(
            player=found, tournament__in=tournaments
        ).exists():
            raise NotFound()  # seen only in events this caller may not see
        options = query.validated_data
        if "tournament" in options:
            tournaments = tournaments.filter(slug=options["tournament"])
            if not tournaments.exists():
                raise NotFound()
        if "league" in options:
            scope = tournament_scope("league", options["league"], request.user)
            if scope is None:
                raise NotFound()
            tournaments = tournaments.filter(pk__in=scope.values("pk"))
        by_ruleset = get_player_stats(
            found.pk, tournaments, ruleset=options.get("ruleset")
        )
        slugs = dict(
            tournaments.filter(
                pk__in={s.best_hand.event for s in by_ruleset.values() if s.best_hand}
            ).values_list("pk", "slug")
        )
        names = {found.pk: found.name}
        body = {
            "player": found.pk,
            "name": found.name,
            "rulesets": [
                ruleset_body(stats, names, slugs) for stats in by_ruleset.values()
            ],
        }
        return Response(PlayerStatsOutput(body).data)
