"""Output serializers shared by the leagues' API views (inputs are nested in
the views), and the functions that turn a selector's rows into their data."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from leagues.models import League, LeagueEvent, PlayerRating, RatingJob


def exact(value: Any) -> str:
    """Exact table points as a fraction string ("7/3")."""
    return str(value)


class LeagueOutput(serializers.ModelSerializer):
    class Meta:
        model = League
        fields = [
            "id", "slug", "name", "season_start", "season_end", "ranking_rule",
            "min_sessions", "best_sessions", "tiebreaks", "ruleset", "is_public",
        ]  # fmt: skip


class EventOutput(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    day = serializers.DateField()
    tournament = serializers.CharField(help_text="The tournament's slug.")
    name = serializers.CharField()


def event_data(event: LeagueEvent) -> dict[str, Any]:
    """An event of a league as ``EventOutput`` reads it."""
    return {
        "id": event.pk,
        "kind": event.kind,
        "day": event.day,
        "tournament": event.tournament.slug,
        "name": event.tournament.name,
    }


class LeagueStandingOutput(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Null: too few sessions")
    shared = serializers.BooleanField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    value = serializers.CharField(help_text="The rule's figure, an exact fraction.")
    table_points = serializers.CharField(help_text="An exact fraction, e.g. 7/3.")
    score = serializers.IntegerField()
    sessions = serializers.IntegerField()
    counted = serializers.IntegerField()


class LeagueDetailOutput(serializers.Serializer):
    league = LeagueOutput()
    events = EventOutput(many=True)
    standings_count = serializers.IntegerField(
        help_text="Rows of the whole standings (`limit` and `offset` page them)."
    )
    standings = LeagueStandingOutput(many=True, help_text="The rows asked for.")


class RatingOutput(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name")

    class Meta:
        model = PlayerRating
        fields = ["player", "name", "ordinal", "mu", "sigma", "sessions", "updated_at"]


class RatingJobOutput(serializers.ModelSerializer):
    class Meta:
        model = RatingJob
        fields = ["id", "status", "progress", "sessions", "error", "created_at"]


class EmaLineOutput(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    ema_number = serializers.CharField()
    rating = serializers.DecimalField(max_digits=7, decimal_places=2)
    results = serializers.IntegerField(help_text="Counted results.")


class CareerSessionOutput(serializers.Serializer):
    tournament = serializers.CharField(help_text="The tournament's slug.")
    day = serializers.DateField(allow_null=True)
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    score = serializers.IntegerField()
    rank = serializers.IntegerField()
    table_points = serializers.CharField()
    opponents = serializers.ListField(child=serializers.IntegerField())


class HeadToHeadOutput(serializers.Serializer):
    opponent = serializers.IntegerField()
    name = serializers.CharField()
    meetings = serializers.IntegerField()
    ahead = serializers.IntegerField()
    behind = serializers.IntegerField()
    points = serializers.CharField()


class CareerOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    sessions = CareerSessionOutput(many=True)
    head_to_head = HeadToHeadOutput(many=True)


class DuplicateOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    ema_number = serializers.CharField()
    events = serializers.IntegerField(help_text="Tournaments and nights entered.")


class DuplicateGroupOutput(serializers.Serializer):
    players = DuplicateOutput(many=True)


class TeamStandingOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    shared = serializers.BooleanField()
    team = serializers.CharField()
    table_points = serializers.CharField(help_text="An exact fraction, e.g. 7/3.")
    score = serializers.IntegerField()
    members = serializers.ListField(
        child=serializers.IntegerField(), help_text="Player ids, best first."
    )
