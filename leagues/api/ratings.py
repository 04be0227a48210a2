"""API: the players' ratings (a league's, the job that computes them again,
round 1 seeded by them) and the EMA ranking of a league's players."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.access import can_merge_players, managed_event
from leagues.api.access import get_league
from leagues.api.errors import REFUSALS, refused
from leagues.api.serializers import (
    EmaLineOutput,
    EventOutput,
    RatingJobOutput,
    RatingOutput,
    event_data,
)
from leagues.models import LeagueEvent, RatingJob
from leagues.selectors.ranking import get_league_ema_ranking, list_league_ratings
from leagues.selectors.visibility import audience_of
from leagues.services import ratings
from tournaments.api.inputs import type_error
from tournaments.permissions import ORGANISER_REQUIRED


class LeagueRatingsApi(APIView):
    @extend_schema(responses=RatingOutput(many=True))
    def get(self, request: Any, slug: str) -> Response:
        league = get_league(request, slug)
        found = list_league_ratings(league, audience=audience_of(request.user))
        return Response(RatingOutput(found, many=True).data)


class RatingJobApi(APIView):
    """Ask for the ratings to be computed again (organisers)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(request=None, responses={202: RatingJobOutput})
    def post(self, request: Any) -> Response:
        if not can_merge_players(request.user):
            raise PermissionDenied(ORGANISER_REQUIRED)
        job = ratings.request_ratings(actor=request.user, full=True)
        return Response(RatingJobOutput(job).data, status=status.HTTP_202_ACCEPTED)


class RatingJobDetailApi(APIView):
    @extend_schema(responses=RatingJobOutput)
    def get(self, request: Any, job: int) -> Response:
        return Response(RatingJobOutput(get_object_or_404(RatingJob, pk=job)).data)


class SeedByRatingApi(APIView):
    """Seat round 1 of one of the league's tournaments by rating (optional)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(request=None, responses={200: EventOutput})
    def post(self, request: Any, slug: str, event: int) -> Response:
        league = get_league(request, slug, organise=True)
        found = managed_event(request.user, league, event, LeagueEvent.Kind.TOURNAMENT)
        try:
            ratings.seed_first_round(
                tournament_id=found.tournament_id, actor=request.user
            )
        except REFUSALS as error:
            return refused(error)
        return Response(EventOutput(event_data(found)).data)


class LeagueEmaApi(APIView):
    """The league's players in the EMA's MERS ranking on a date (today by
    default), from the weighted tournaments of the league's rule set."""

    @extend_schema(
        parameters=[OpenApiParameter("date", date, description="YYYY-MM-DD")],
        responses=EmaLineOutput(many=True),
    )
    def get(self, request: Any, slug: str) -> Response:
        league = get_league(request, slug)
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
        except REFUSALS as error:
            return refused(error)
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
