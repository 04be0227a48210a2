"""API: leagues, club nights, standings, careers, ratings and merges.

The same services and selectors as the pages; errors in the house's shape
(``tournaments.api.errors.error_body``) with the leagues' words.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.access import (
    can_create_league,
    can_merge,
    can_merge_players,
    can_organise_league,
    can_view_league,
    managed_event,
)
from leagues.messages import error_message
from leagues.models import League, LeagueEvent, PlayerRating, RatingJob
from leagues.selectors.careers import get_career
from leagues.selectors.ranking import list_league_ratings
from leagues.selectors.standings import get_league_standings
from leagues.selectors.teams import get_team_standings
from leagues.selectors.visibility import audience_of
from leagues.services import leagues as league_services
from leagues.services import merges, nights, ratings
from scoring.engine.errors import EngineError
from tournaments.api.errors import error_body, refusal_status
from tournaments.api.inputs import RulesetField, StrictInput, tiebreaks_field
from tournaments.models import Player, Tournament
from tournaments.permissions import ORGANISER_REQUIRED, can_view
from tournaments.services.errors import ServiceError


def _refused(error: ServiceError | EngineError) -> Response:
    return Response(error_body(error, error_message), status=refusal_status(error))


MERGE_REFUSED = _(
    "A merge needs the organiser's right over every event of both players."
)


def _points(value: Any) -> str:
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


def _event(event: LeagueEvent) -> dict[str, Any]:
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
    standings = LeagueStandingOutput(many=True)


def _league(request: Any, slug: str, organise: bool = False) -> League:
    league = League.objects.filter(slug=slug).first()
    if league is None or not can_view_league(request.user, league):
        raise NotFound()
    if organise and not can_organise_league(request.user, league):
        raise PermissionDenied()
    return league


class LeagueListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        name = serializers.CharField(max_length=160)
        slug = serializers.SlugField(max_length=60, required=False, allow_blank=True)
        season_start = serializers.DateField(required=False, allow_null=True)
        season_end = serializers.DateField(required=False, allow_null=True)
        ranking_rule = serializers.ChoiceField(
            League.RankingRule.choices, default="total"
        )
        min_sessions = serializers.IntegerField(min_value=0, max_value=1000, default=0)
        best_sessions = serializers.IntegerField(
            min_value=1, max_value=1000, default=10
        )
        tiebreaks = tiebreaks_field(default=list)
        ruleset = RulesetField(default="mcr")
        is_public = serializers.BooleanField(default=False)

    @extend_schema(responses=LeagueOutput(many=True))
    def get(self, request: Any) -> Response:
        visible = Q(is_public=True)
        if request.user.is_authenticated:
            visible |= Q(organisers=request.user)
        leagues = League.objects.filter(visible).distinct()
        return Response(LeagueOutput(leagues, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: LeagueOutput})
    def post(self, request: Any) -> Response:
        if not can_create_league(request.user):
            raise PermissionDenied(ORGANISER_REQUIRED)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            league = league_services.create_league(
                actor=request.user, **data.validated_data
            )
        except (ServiceError, EngineError) as error:
            return _refused(error)
        return Response(LeagueOutput(league).data, status=status.HTTP_201_CREATED)


class LeagueDetailApi(APIView):
    @extend_schema(responses=LeagueDetailOutput)
    def get(self, request: Any, slug: str) -> Response:
        league = _league(request, slug)
        standings = get_league_standings(league, audience=audience_of(request.user))
        body = {
            "league": LeagueOutput(league).data,
            "events": [_event(s.event) for s in standings.events],
            "standings": [
                {
                    "rank": row.rank,
                    "shared": row.shared,
                    "player": row.player.pk,
                    "name": row.player.name,
                    "value": _points(row.value),
                    "table_points": _points(row.table_points),
                    "score": row.score,
                    "sessions": row.sessions,
                    "counted": row.counted,
                }
                for row in standings.rows
            ],
        }
        return Response(LeagueDetailOutput(body).data)


class NightCreateApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        day = serializers.DateField()
        sessions = serializers.IntegerField(min_value=1, max_value=10, default=1)
        name = serializers.CharField(max_length=160, required=False, allow_blank=True)
        ruleset = RulesetField(required=False, help_text="The league's by default.")
        preset = serializers.CharField(max_length=40, required=False)
        ruleset_options = serializers.DictField(
            required=False, help_text="E.g. MCR's hands_per_session."
        )
        session_minutes = serializers.IntegerField(
            min_value=10, max_value=600, required=False
        )

    @extend_schema(request=InputSerializer, responses={201: EventOutput})
    def post(self, request: Any, slug: str) -> Response:
        league = _league(request, slug, organise=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            event = nights.create_club_night(
                league=league, actor=request.user, **data.validated_data
            )
        except (ServiceError, EngineError) as error:
            return _refused(error)
        return Response(EventOutput(_event(event)).data, status=status.HTTP_201_CREATED)


class NightTablesApi(APIView):
    """Seat a session of a night: four names a table, East first."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        round = serializers.IntegerField(min_value=1, max_value=10, default=1)
        tables = serializers.ListField(
            child=serializers.ListField(
                child=serializers.CharField(max_length=170), max_length=8
            ),
            min_length=1,
            max_length=100,
        )

    @extend_schema(request=InputSerializer, responses={200: EventOutput})
    def post(self, request: Any, slug: str, event: int) -> Response:
        league = _league(request, slug, organise=True)
        night = managed_event(request.user, league, event, LeagueEvent.Kind.NIGHT)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            nights.seat_night_tables(
                event=night,
                tables=data.validated_data["tables"],
                actor=request.user,
                round_number=data.validated_data["round"],
            )
        except (ServiceError, EngineError) as error:
            return _refused(error)
        return Response(EventOutput(_event(night)).data)


class LeagueEventAddApi(APIView):
    """Count an existing tournament (that the caller organises) in the league."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        tournament = serializers.SlugField(help_text="The tournament's slug.")

    @extend_schema(request=InputSerializer, responses={201: EventOutput})
    def post(self, request: Any, slug: str) -> Response:
        league = _league(request, slug, organise=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournaments = Tournament.objects.all()
        if not request.user.is_superuser:
            tournaments = request.user.organised_tournaments.all()
        tournament = tournaments.filter(slug=data.validated_data["tournament"]).first()
        if tournament is None:
            raise NotFound()
        try:
            event = league_services.add_event(
                league=league, tournament=tournament, actor=request.user
            )
        except ServiceError as error:
            return _refused(error)
        return Response(EventOutput(_event(event)).data, status=status.HTTP_201_CREATED)


class RatingOutput(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name")

    class Meta:
        model = PlayerRating
        fields = ["player", "name", "ordinal", "mu", "sigma", "sessions", "updated_at"]


class LeagueRatingsApi(APIView):
    @extend_schema(responses=RatingOutput(many=True))
    def get(self, request: Any, slug: str) -> Response:
        league = _league(request, slug)
        ratings = list_league_ratings(league, audience=audience_of(request.user))
        return Response(RatingOutput(ratings, many=True).data)


class RatingJobOutput(serializers.ModelSerializer):
    class Meta:
        model = RatingJob
        fields = ["id", "status", "progress", "sessions", "error", "created_at"]


class RatingJobApi(APIView):
    """Ask for the ratings to be computed again (organisers)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(request=None, responses={202: RatingJobOutput})
    def post(self, request: Any) -> Response:
        if not can_merge_players(request.user):
            raise PermissionDenied(ORGANISER_REQUIRED)
        job = ratings.request_ratings(actor=request.user)
        return Response(RatingJobOutput(job).data, status=status.HTTP_202_ACCEPTED)


class RatingJobDetailApi(APIView):
    @extend_schema(responses=RatingJobOutput)
    def get(self, request: Any, job: int) -> Response:
        return Response(RatingJobOutput(get_object_or_404(RatingJob, pk=job)).data)


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


class CareerApi(APIView):
    @extend_schema(responses=CareerOutput)
    def get(self, request: Any, player: int) -> Response:
        career = get_career(player, audience=audience_of(request.user))
        body = {
            "player": career.player.pk,
            "name": career.player.name,
            "sessions": [
                {
                    "tournament": s.tournament.slug,
                    "day": s.day,
                    "round": s.round,
                    "table": s.table,
                    "score": s.score,
                    "rank": s.rank,
                    "table_points": _points(s.table_points),
                    "opponents": [o.player.pk for o in s.opponents],
                }
                for s in career.sessions
            ],
            "head_to_head": [
                {
                    "opponent": r.opponent.pk,
                    "name": r.opponent.name,
                    "meetings": r.meetings,
                    "ahead": r.ahead,
                    "behind": r.behind,
                    "points": _points(r.points),
                }
                for r in career.head_to_head
            ],
        }
        return Response(CareerOutput(body).data)


class PlayerMergeApi(APIView):
    """Merge player ``drop`` into ``keep`` (organisers; audited)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        keep = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
        drop = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
        different_names = serializers.BooleanField(
            default=False,
            help_text="Confirms a merge of two unlike names (the duplicates "
            "page's likeness); without it such a merge is refused.",
        )

    @extend_schema(request=InputSerializer, responses={200: CareerOutput})
    def post(self, request: Any) -> Response:
        if not can_merge_players(request.user):
            raise PermissionDenied(ORGANISER_REQUIRED)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        found = Player.objects.in_bulk(
            [data.validated_data["keep"], data.validated_data["drop"]]
        )
        keep = found.get(data.validated_data["keep"])
        drop = found.get(data.validated_data["drop"])
        if keep and drop and not can_merge(request.user, keep, drop):
            raise PermissionDenied(MERGE_REFUSED)
        try:
            kept = merges.merge_players(
                keep_id=data.validated_data["keep"],
                drop_id=data.validated_data["drop"],
                actor=request.user,
                different_names=data.validated_data["different_names"],
            )
        except ServiceError as error:
            return _refused(error)
        return CareerApi().get(request, kept.pk)


class TeamStandingOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    shared = serializers.BooleanField()
    team = serializers.CharField()
    table_points = serializers.CharField(help_text="An exact fraction, e.g. 7/3.")
    score = serializers.IntegerField()
    members = serializers.ListField(
        child=serializers.IntegerField(), help_text="Player ids, best first."
    )


class TeamStandingsApi(APIView):
    """A tournament's team standings: members' table points, then score."""

    @extend_schema(responses=TeamStandingOutput(many=True))
    def get(self, request: Any, slug: str) -> Response:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None or not can_view(request.user, tournament):
            raise NotFound()
        rows = [
            {
                "rank": row.rank,
                "shared": row.shared,
                "team": row.team.name,
                "table_points": _points(row.table_points),
                "score": row.score,
                "members": [m.registration.player_id for m in row.members],
            }
            for row in get_team_standings(tournament)
        ]
        return Response(TeamStandingOutput(rows, many=True).data)
