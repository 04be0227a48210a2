"""API: a tournament's teams, their standings and a round seated with
teammates kept apart."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.api.access import get_tournament
from leagues.api.errors import REFUSALS, refused
from leagues.api.serializers import TeamStandingOutput, exact
from leagues.selectors.teams import get_team_standings
from leagues.services import teams as team_services
from tournaments.api.inputs import StrictInput
from tournaments.models import Tournament


def team_standings_answer(tournament: Tournament) -> Response:
    """Members' table points, then score."""
    rows = [
        {
            "rank": row.rank,
            "shared": row.shared,
            "team": row.team.name,
            "table_points": exact(row.table_points),
            "score": row.score,
            "members": [m.registration.player_id for m in row.members],
        }
        for row in get_team_standings(tournament)
    ]
    return Response(TeamStandingOutput(rows, many=True).data)


class TeamInput(StrictInput):
    name = serializers.CharField(max_length=120)
    members = serializers.ListField(
        child=serializers.CharField(max_length=170),
        help_text="Registered players' names.",
        max_length=8,
    )


class TeamsApi(APIView):
    """A tournament's team standings (everyone who may see it); its teams,
    all replaced at once, each of ``team_size`` players (organisers)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        team_size = serializers.IntegerField(min_value=2, max_value=8, default=4)
        teams = serializers.ListField(child=TeamInput(), max_length=200)

    @extend_schema(responses=TeamStandingOutput(many=True))
    def get(self, request: Any, slug: str) -> Response:
        return team_standings_answer(get_tournament(request, slug))

    @extend_schema(
        request=InputSerializer, responses={200: TeamStandingOutput(many=True)}
    )
    def put(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            team_services.set_teams(
                tournament=tournament,
                teams=[(t["name"], t["members"]) for t in data.validated_data["teams"]],
                team_size=data.validated_data["team_size"],
                actor=request.user,
            )
        except REFUSALS as error:
            return refused(error)
        # Read again as a reader would: the answer is the standings' GET.
        return team_standings_answer(get_tournament(request, slug))


class TeamSeatingApi(APIView):
    """Seat a round with teammates kept apart (the engine, bounded time)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class RoundOutput(serializers.Serializer):
        round = serializers.IntegerField()
        status = serializers.CharField()

    @extend_schema(request=None, responses={200: RoundOutput})
    def post(self, request: Any, slug: str, number: int) -> Response:
        tournament = get_tournament(request, slug, write=True)
        round_ = get_object_or_404(tournament.rounds, number=number)
        try:
            round_ = team_services.seat_round_with_teams(
                round_id=round_.pk, actor=request.user
            )
        except REFUSALS as error:
            return refused(error)
        return Response({"round": round_.number, "status": round_.status})
