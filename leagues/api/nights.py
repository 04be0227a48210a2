"""API: club nights, made, seated (typed tables or the seating engine) and
given more sessions."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.api.access import get_league, get_night
from leagues.api.errors import REFUSALS, refused
from leagues.api.serializers import EventOutput, event_data
from leagues.services import nights
from tournaments.api.inputs import RulesetField, StrictInput


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
        league = get_league(request, slug, organise=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            event = nights.create_club_night(
                league=league, actor=request.user, **data.validated_data
            )
        except REFUSALS as error:
            return refused(error)
        return Response(
            EventOutput(event_data(event)).data, status=status.HTTP_201_CREATED
        )


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
        night = get_night(request, slug, event)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            nights.seat_night_tables(
                event=night,
                tables=data.validated_data["tables"],
                actor=request.user,
                round_number=data.validated_data["round"],
            )
        except REFUSALS as error:
            return refused(error)
        return Response(EventOutput(event_data(night)).data)


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
        night = get_night(request, slug, event)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            nights.seat_night_by_engine(
                event=night,
                names=data.validated_data["names"],
                actor=request.user,
                round_number=data.validated_data["round"],
            )
        except REFUSALS as error:
            return refused(error)
        return Response(EventOutput(event_data(night)).data)


class NightSessionApi(APIView):
    """One more session in a night (its round number in the answer)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class SessionOutput(serializers.Serializer):
        round = serializers.IntegerField()

    @extend_schema(request=None, responses={201: SessionOutput})
    def post(self, request: Any, slug: str, event: int) -> Response:
        night = get_night(request, slug, event)
        try:
            round_ = nights.add_night_session(event=night, actor=request.user)
        except REFUSALS as error:
            return refused(error)
        return Response({"round": round_.number}, status=status.HTTP_201_CREATED)
