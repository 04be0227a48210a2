"""Check-in and table confirmation routes (issue 30), with the pages'
permissions: the door list is the organisers'; a table's confirmations are
read by whoever sees the table and written by its organisers and referees
(the tablet's link is the pages' write permission, a token the API's)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.client_address import client_ip
from tournaments.api.access import get_table, get_tournament
from tournaments.api.inputs import StrictInput
from tournaments.models import Registration, Table, TableConfirmation, Tournament
from tournaments.selectors.checkin import checkin_counts, checkin_list, clean_query
from tournaments.selectors.confirmations import seat_answers
from tournaments.services import checkin, confirmations
from tournaments.services.errors import ServiceError

PLAYER_ID = serializers.IntegerField(min_value=1, max_value=2**31 - 1)


class CheckinRowOutput(serializers.ModelSerializer):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    club = serializers.CharField(source="player.club.name", default="")
    present = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = ["player", "number", "name", "club", "status", "present"]
        fields += ["checked_in_at"]

    def get_present(self, registration: Registration) -> bool:
        return registration.checked_in_at is not None


class CheckinListOutput(serializers.Serializer):
    present = serializers.IntegerField(help_text="Players present, not withdrawn.")
    expected = serializers.IntegerField(help_text="Players not withdrawn.")
    players = CheckinRowOutput(many=True)


def registration_of(tournament: Tournament, player: int) -> Registration:
    registration = tournament.registrations.filter(player_id=player).first()
    if registration is None:
        raise ServiceError("unknown_registration", field="player", player=player)
    return registration


class CheckinApi(APIView):
    """GET the door's list and counts; POST marks one player present or not."""

    class InputSerializer(StrictInput):
        player = PLAYER_ID
        present = serializers.BooleanField(
            default=True, help_text="false undoes the check-in."
        )

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "q", str, description="Words of the name or club.", required=False
            )
        ],
        responses=CheckinListOutput,
    )
    def get(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug, write=True)
        query = clean_query(str(request.query_params.get("q", "")))
        counts = checkin_counts(tournament)
        body = {
            "present": counts.present,
            "expected": counts.expected,
            "players": checkin_list(tournament, query),
        }
        return Response(CheckinListOutput(body).data)

    @extend_schema(request=InputSerializer, responses=CheckinRowOutput)
    def post(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        registration = checkin.set_present(
            tournament_id=tournament.pk,
            registration_id=registration_of(
                tournament, data.validated_data["player"]
            ).pk,
            present=data.validated_data["present"],
            actor=request.user,
            ip_address=client_ip(request),
        )
        return Response(CheckinRowOutput(registration).data)


class SeatAnswerOutput(serializers.Serializer):
    player = serializers.IntegerField(source="registration.player_id")
    name = serializers.CharField(source="registration.player.name")
    answer = serializers.ChoiceField(
        choices=["", *TableConfirmation.Kind.values],
        source="kind",
        help_text="Empty until the player answers.",
    )


class ConfirmationsOutput(serializers.Serializer):
    required = serializers.BooleanField(
        help_text="Whether the event asks its players to confirm their tables."
    )
    confirmed = serializers.IntegerField()
    disputed = serializers.IntegerField()
    players = SeatAnswerOutput(many=True)


def confirmations_body(table: Table) -> dict[str, Any]:
    answers = seat_answers(table)
    return {
        "required": table.round.tournament.players_confirm_tables,
        "confirmed": sum(a.kind == TableConfirmation.Kind.CONFIRM for a in answers),
        "disputed": sum(a.kind == TableConfirmation.Kind.DISPUTE for a in answers),
        "players": answers,
    }


class TableConfirmationsApi(APIView):
    """GET each player's answer; POST one player's confirmation or dispute of
    the closed table's final scores."""

    class InputSerializer(StrictInput):
        player = PLAYER_ID
        answer = serializers.ChoiceField(choices=TableConfirmation.Kind.values)

    @extend_schema(responses=ConfirmationsOutput)
    def get(self, request: Any, table_id: int) -> Response:
        table = get_table(request, table_id)
        return Response(ConfirmationsOutput(confirmations_body(table)).data)

    @extend_schema(request=InputSerializer, responses=ConfirmationsOutput)
    def post(self, request: Any, table_id: int) -> Response:
        table = get_table(request, table_id, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seat = table.seats.filter(
            registration__player_id=data.validated_data["player"]
        ).first()
        confirmations.answer_table(
            table_id=table.pk,
            registration_id=seat.registration_id if seat else 0,
            kind=data.validated_data["answer"],
            actor=request.user,
            ip_address=client_ip(request),
        )
        table = Table.objects.select_related("round__tournament").get(pk=table.pk)
        return Response(ConfirmationsOutput(confirmations_body(table)).data)
