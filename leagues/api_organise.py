"""API: what an organiser does besides creating leagues and typing tables.

A league's settings (the ranking rule among them), a night's seating by the
engine and its extra sessions, round 1 seeded by rating, a tournament's
teams and their seating, the players who may be duplicates, and the EMA
ranking of a league's players. The same services and selectors as the
pages; errors in the house's shape (``leagues.api._refused``).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.access import can_merge_players, managed_event
from leagues.api import (
    EventOutput,
    LeagueDetailApi,
    LeagueOutput,
    TeamStandingOutput,
    TeamStandingsApi,
    _event,
    _league,
    _refused,
)
from leagues.models import League, LeagueEvent
from leagues.selectors.players import list_duplicates
from leagues.selectors.ranking import get_league_ema_ranking
from leagues.selectors.visibility import audience_of
from leagues.services import leagues as league_services
from leagues.services import nights, ratings
from leagues.services import teams as team_services
from scoring.engine.errors import EngineError
from tournaments.api.inputs import (
    RulesetField,
    StrictInput,
    tiebreaks_field,
    type_error,
)
from tournaments.models import Tournament
from tournaments.permissions import ORGANISER_REQUIRED, can_organise, can_view
from tournaments.services.errors import ServiceError

ERRORS = (ServiceError, EngineError)


class LeagueSettingsInput(StrictInput):
    """Every field optional: only those sent change."""

    name = serializers.CharField(max_length=160, required=False)
    season_start = serializers.DateField(required=False, allow_null=True)
    season_end = serializers.DateField(required=False, allow_null=True)
    ranking_rule = serializers.ChoiceField(League.RankingRule.choices, required=False)
    min_sessions = serializers.IntegerField(min_value=0, max_value=1000, required=False)
    best_sessions = serializers.IntegerField(
        min_value=1, max_value=1000, required=False
    )
    tiebreaks = tiebreaks_field(required=False)
    ruleset = RulesetField(required=False)
    is_public = serializers.BooleanField(required=False)


class LeagueApi(LeagueDetailApi):
    """A league's standings (everyone who may see it); its settings
    (organisers), the standings following at once."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(request=LeagueSettingsInput, responses=LeagueOutput)
    def patch(self, request: Any, slug: str) -> Response:
        league = _league(request, slug, organise=True)
        data = LeagueSettingsInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            league = league_services.update_league(
                league_id=league.pk, actor=request.user, **data.validated_data
            )
        except ERRORS as error:
            return _refused(error)
        return Response(LeagueOutput(league).data)


def _night(request: Any, league: League, event: int) -> LeagueEvent:
    return managed_event(request.user, league, event, LeagueEvent.Kind.NIGHT)


class NightSeatingApi(APIView):
    """Let the seating engine form a session's tables from a list of names,
    and only them (searched and written at once, as typed tables are)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        round = serializers.IntegerField(min_value=1, max_value=10, default=1)
        names = serializers.ListField(
            child=serializers.CharField(max_length=170), min_length=4, max_length=400
        )

    @extend_schema(request=InputSerializer, responses={200: EventOutput})
    def post(self, request: Any, slug: str, event: int) -> Response:
        night = _night(request, _league(request, slug, organise=True), event)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            nights.seat_night_by_engine(
                event=night,
                names=data.validated_data["names"],
                actor=request.user,
                round_number=data.validated_data["round"],
            )
        except ERRORS as error:
            return _refused(error)
        return Response(EventOutput(_event(night)).data)


class NightSessionApi(APIView):
    """One more session in a night (its round number in the answer)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class SessionOutput(serializers.Serializer):
        round = serializers.IntegerField()

    @extend_schema(request=None, responses={201: SessionOutput})
    def post(self, request: Any, slug: str, event: int) -> Response:
        night = _night(request, _league(request, slug, organise=True), event)
        try:
            round_ = nights.add_night_session(event=night, actor=request.user)
        except ERRORS as error:
            return _refused(error)
        return Response({"round": round_.number}, status=status.HTTP_201_CREATED)


class SeedByRatingApi(APIView):
    """Seat round 1 of one of the league's tournaments by rating (optional)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(request=None, responses={200: EventOutput})
    def post(self, request: Any, slug: str, event: int) -> Response:
        league = _league(request, slug, organise=True)
        found = managed_event(request.user, league, event, LeagueEvent.Kind.TOURNAMENT)
        try:
            ratings.seed_first_round(
                tournament_id=found.tournament_id, actor=request.user
            )
        except ERRORS as error:
            return _refused(error)
        return Response(EventOutput(_event(found)).data)


class EmaLineOutput(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    ema_number = serializers.CharField()
    rating = serializers.DecimalField(max_digits=7, decimal_places=2)
    results = serializers.IntegerField(help_text="Counted results.")


class LeagueEmaApi(APIView):
    """The league's players in the EMA's MERS ranking on a date (today by
    default), from the weighted tournaments of the league's rule set."""

    @extend_schema(
        parameters=[OpenApiParameter("date", date, description="YYYY-MM-DD")],
        responses=EmaLineOutput(many=True),
    )
    def get(self, request: Any, slug: str) -> Response:
        league = _league(request, slug)
        field = serializers.DateField()
        text = request.query_params.get("date")
        # "?date=" is no date (the schema's format): refused, not today.
        mistyped = None if text is None else type_error(field, text)
        if mistyped:
            raise serializers.ValidationError({"date": mistyped})
        try:
            on = timezone.localdate() if text is None else field.to_internal_value(text)
        except serializers.ValidationError as error:
            raise serializers.ValidationError({"date": error.detail}) from None
        try:
            lines = get_league_ema_ranking(
                league, on=on, audience=audience_of(request.user)
            )
        except ERRORS as error:
            return _refused(error)
        rows = [
            {
                "position": line.position,
                "player": line.player.pk,
                "name": line.player.name,
                "ema_number": line.player.ema_number,
                "rating": line.rating,
                "results": line.results,
            }
            for line in lines
        ]
        return Response(EmaLineOutput(rows, many=True).data)


class TeamInput(StrictInput):
    name = serializers.CharField(max_length=120)
    members = serializers.ListField(
        child=serializers.CharField(max_length=170),
        help_text="Registered players' names.",
        max_length=8,
    )


class TeamsApi(TeamStandingsApi):
    """A tournament's team standings (everyone who may see it); its teams,
    all replaced at once, each of ``team_size`` players (organisers)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        team_size = serializers.IntegerField(min_value=2, max_value=8, default=4)
        teams = serializers.ListField(child=TeamInput(), max_length=200)

    @extend_schema(
        request=InputSerializer, responses={200: TeamStandingOutput(many=True)}
    )
    def put(self, request: Any, slug: str) -> Response:
        tournament = _organised(request, slug)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            team_services.set_teams(
                tournament=tournament,
                teams=[(t["name"], t["members"]) for t in data.validated_data["teams"]],
                team_size=data.validated_data["team_size"],
                actor=request.user,
            )
        except ERRORS as error:
            return _refused(error)
        return self.get(request, slug)


def _organised(request: Any, slug: str) -> Tournament:
    """The tournament of the URL for its organisers: 404 to those who may
    not see it (a private event's existence does not leak), 403 to the
    others."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not can_view(request.user, tournament):
        raise NotFound()
    if not can_organise(request.user, tournament):
        raise PermissionDenied()
    return tournament


class TeamSeatingApi(APIView):
    """Seat a round with teammates kept apart (the engine, bounded time)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class RoundOutput(serializers.Serializer):
        round = serializers.IntegerField()
        status = serializers.CharField()

    @extend_schema(request=None, responses={200: RoundOutput})
    def post(self, request: Any, slug: str, number: int) -> Response:
        tournament = _organised(request, slug)
        round_ = get_object_or_404(tournament.rounds, number=number)
        try:
            round_ = team_services.seat_round_with_teams(
                round_id=round_.pk, actor=request.user
            )
        except ERRORS as error:
            return _refused(error)
        return Response({"round": round_.number, "status": round_.status})


class DuplicateOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    ema_number = serializers.CharField()
    events = serializers.IntegerField(help_text="Tournaments and nights entered.")


class DuplicateGroupOutput(serializers.Serializer):
    players = DuplicateOutput(many=True)


class DuplicatesApi(APIView):
    """Players who may be one person (same name, not two EMA numbers): the
    candidates an organiser confirms with ``players/merge/``."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=DuplicateGroupOutput(many=True))
    def get(self, request: Any) -> Response:
        if not can_merge_players(request.user):
            raise PermissionDenied(ORGANISER_REQUIRED)
        groups = [
            {
                "players": [
                    {
                        "id": p.pk,
                        "name": p.name,
                        "ema_number": p.ema_number,
                        "events": p.events,  # type: ignore[attr-defined]
                    }
                    for p in group.players
                ]
            }
            for group in list_duplicates(audience=audience_of(request.user))
        ]
        return Response(DuplicateGroupOutput(groups, many=True).data)
