"""API: a round's clock (readable as the tournament is), and the organiser's
actions on it (start, pause, resume, extend, reset)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.access import get_round
from tournaments.api.inputs import StrictInput
from tournaments.models import Round
from tournaments.selectors.clock import get_round_clock, get_table_clock
from tournaments.services import clock as services


class ClockReadingOutput(serializers.Serializer):
    state = serializers.ChoiceField(["not_started", "running", "paused", "over"])
    seconds_left = serializers.IntegerField(help_text="Negative past the end.")
    total_s = serializers.IntegerField(help_text="Session plus extensions, seconds.")
    running = serializers.BooleanField()


class TableClockOutput(ClockReadingOutput):
    table = serializers.IntegerField()
    extra_minutes = serializers.IntegerField()


class RoundClockOutput(ClockReadingOutput):
    round = serializers.IntegerField()
    extra_minutes = serializers.IntegerField(help_text="Given to every table.")
    tables = TableClockOutput(many=True)


def clock_data(round_: Round) -> dict[str, Any]:
    """The round's clock and each table's (one ``now`` for all of them)."""
    now = timezone.now()
    reading = get_round_clock(round_, now)
    tables = []
    for table in round_.tables.order_by("number"):
        table.round = round_
        table_reading = get_table_clock(table, now)
        tables.append(
            {
                **vars(table_reading),
                "table": table.number,
                "extra_minutes": table.extra_minutes,
            }
        )
    return {
        **vars(reading),
        "round": round_.number,
        "extra_minutes": round_.clock_extra_minutes,
        "tables": tables,
    }


class RoundClockApi(APIView):
    @extend_schema(responses=RoundClockOutput)
    def get(self, request: Any, slug: str, number: int) -> Response:
        round_ = get_round(request, slug, number)
        return Response(RoundClockOutput(clock_data(round_)).data)


class RoundClockActionApi(APIView):
    """``action`` is start, pause, resume, extend (with ``minutes`` and an
    optional ``table`` number) or reset."""

    class InputSerializer(StrictInput):
        minutes = serializers.IntegerField(required=False)
        table = serializers.IntegerField(required=False, allow_null=True)

    @extend_schema(request=InputSerializer, responses=RoundClockOutput)
    def post(self, request: Any, slug: str, number: int, action: str) -> Response:
        round_ = get_round(request, slug, number, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = {"round_id": round_.pk, "actor": request.user}
        if action == "extend":
            services.extend_clock(
                minutes=data.validated_data.get("minutes", 0),
                table_number=data.validated_data.get("table"),
                **fields,
            )
        elif action in ("start", "pause", "resume", "reset"):
            getattr(services, f"{action}_clock")(**fields)
        else:
            raise Http404
        round_ = Round.objects.select_related("tournament").get(pk=round_.pk)
        return Response(RoundClockOutput(clock_data(round_)).data)
