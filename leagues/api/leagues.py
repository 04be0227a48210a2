"""API: leagues, their settings and standings, and the tournaments they count."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.access import can_create_league
from leagues.api.access import get_league
from leagues.api.errors import REFUSALS, refused
from leagues.api.serializers import (
    EventOutput,
    LeagueDetailOutput,
    LeagueOutput,
    event_data,
    exact,
)
from leagues.models import League
from leagues.selectors.standings import get_league_page
from leagues.selectors.visibility import audience_of
from leagues.services import leagues as league_services
from tournaments.api.inputs import (
    RowsWindowInput,
    RulesetField,
    StrictInput,
    tiebreaks_field,
)
from tournaments.models import Tournament
from tournaments.permissions import ORGANISER_REQUIRED
from tournaments.selectors import row_pages
from tournaments.services.errors import ServiceError


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
        except REFUSALS as error:
            return refused(error)
        return Response(LeagueOutput(league).data, status=status.HTTP_201_CREATED)


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


MAX_ROWS = 1000
"""The most standings rows one request returns."""


class StandingsPageInput(RowsWindowInput):
    """The league standings' window (a page of 100 rows by default)."""

    limit = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROWS,
        required=False,
        help_text=(
            "Standings rows to return (default: a page, 100 rows); "
            "`standings_count` says how many there are."
        ),
    )


class LeagueApi(APIView):
    """A league's standings (everyone who may see it), a page of rows at a
    time; its settings (organisers), the standings following at once."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(parameters=[StandingsPageInput], responses=LeagueDetailOutput)
    def get(self, request: Any, slug: str) -> Response:
        league = get_league(request, slug)
        window = StandingsPageInput(data=request.query_params)
        window.is_valid(raise_exception=True)
        start = window.validated_data["offset"]
        limit = window.validated_data.get("limit", row_pages.ROWS_PER_PAGE)
        standings = get_league_page(league, audience=audience_of(request.user))
        body = {
            "league": LeagueOutput(league).data,
            "events": [event_data(s.event) for s in standings.events],
            "standings_count": len(standings.rows),
            "standings": [
                {
                    "rank": row.rank,
                    "shared": row.shared,
                    "player": row.player.pk,
                    "name": row.player.name,
                    "value": exact(row.value),
                    "table_points": exact(row.table_points),
                    "score": row.score,
                    "sessions": row.sessions,
                    "counted": row.counted,
                }
                for row in standings.rows[start : start + limit]
            ],
        }
        return Response(LeagueDetailOutput(body).data)

    @extend_schema(request=LeagueSettingsInput, responses=LeagueOutput)
    def patch(self, request: Any, slug: str) -> Response:
        league = get_league(request, slug, organise=True)
        data = LeagueSettingsInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            league = league_services.update_league(
                league_id=league.pk, actor=request.user, **data.validated_data
            )
        except REFUSALS as error:
            return refused(error)
        return Response(LeagueOutput(league).data)


class LeagueEventAddApi(APIView):
    """Count an existing tournament (that the caller organises) in the league."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        tournament = serializers.SlugField(help_text="The tournament's slug.")

    @extend_schema(request=InputSerializer, responses={201: EventOutput})
    def post(self, request: Any, slug: str) -> Response:
        league = get_league(request, slug, organise=True)
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
            return refused(error)
        return Response(
            EventOutput(event_data(event)).data, status=status.HTTP_201_CREATED
        )
