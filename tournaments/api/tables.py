"""API: a table's sheet, its hands and penalties, closing and reopening."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from config.client_address import client_ip
from config.parsers import BoundedJSONSerializerField
from scoring.engine.contract import result_forms
from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset, list_rulesets
from scoring.engine.types import ResultField, ResultForm
from scoring.messages import result_label
from tournaments.api.access import get_table
from tournaments.api.inputs import StrictInput
from tournaments.api.serializers import (
    HandOutput,
    PenaltyOutput,
    SeatOutput,
    TableOutput,
    object_id,
)
from tournaments.limits import (
    IDEMPOTENCY_KEY_MAX_LENGTH,
    MAX_INT,
    MAX_PENALTY_POINTS,
)
from tournaments.messages import error_message
from tournaments.models import Hand, Penalty, Table
from tournaments.result_inputs import result_api_field
from tournaments.selectors.tables import get_table_sheet
from tournaments.services import hands as hand_services
from tournaments.services import penalties
from tournaments.services.errors import ServiceError
from tournaments.services.rules import hand_entry_of

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    description=(
        "A client-chosen key: the same request sent again is stored once. "
        f"At most {IDEMPOTENCY_KEY_MAX_LENGTH} characters."
    ),
)


def idempotency_key(request: Any) -> str | None:
    """The request's ``Idempotency-Key``, refused (400) when longer than the
    stored column: a key cut short could match another request's."""
    key = request.headers.get("Idempotency-Key") or None
    if key is not None and len(key) > IDEMPOTENCY_KEY_MAX_LENGTH:
        raise ServiceError(
            "idempotency_key_too_long",
            field="Idempotency-Key",
            max=IDEMPOTENCY_KEY_MAX_LENGTH,
        )
    return key


def version_field(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=MAX_INT, **kwargs)


def result_serializer_field(spec: ResultField, ruleset: str) -> serializers.Field:
    """The serializer field of one input of ``ruleset``'s hand result."""
    return result_api_field(spec, str(result_label(spec.name, ruleset)))


def default_entry() -> tuple[ResultForm, dict[str, str]]:
    """The result inputs the schema documents: those of every registered
    rule set at its default settings and named settings (MCR's points,
    riichi's han and fu, its third winner under the EMA rules...), each
    once, with the rule set whose words describe it. A request is checked
    against its table's own rule set."""
    kinds: dict[str, None] = {}
    fields: dict[str, ResultField] = {}
    owners: dict[str, str] = {}
    for code in list_rulesets():
        for entry in result_forms(get_ruleset(code)):
            kinds.update(dict.fromkeys(entry.kinds))
            for field in entry.fields:
                fields.setdefault(field.name, field)
                owners.setdefault(field.name, code)
    return ResultForm(kinds=tuple(kinds), fields=tuple(fields.values())), owners


class ResultInput(StrictInput):
    """A hand result: its kind, the rule set's inputs (players named by
    Player id), and optionally its tiles. The fields are those of the table's
    rule set (``RuleSet.result_form``); the schema shows every rule set's."""

    kind = serializers.CharField(max_length=20)
    tiles = BoundedJSONSerializerField(
        required=False,
        allow_null=True,
        default=None,
        help_text=(
            "The winning hand in the format of hand-format.md: the rule set's "
            "tile calculator then counts the points (MCR: fan_total and "
            "flowers), and the breakdown is stored."
        ),
    )

    def __init__(self, *args: Any, entry: ResultForm | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        every, owners = default_entry()
        # What the schema names, kept for ``to_internal_value`` (which would
        # otherwise build every rule set's forms a second time per hand).
        self.documented = frozenset(spec.name for spec in every.fields)
        for spec in (entry or every).fields:
            ruleset = owners.get(spec.name, "")
            self.fields[spec.name] = result_serializer_field(spec, ruleset)

    #: The schema names every rule set's inputs, and no other (400).
    closed = True

    def to_internal_value(self, data: Any) -> Any:
        """Refuse an input the table's rule set does not read: DRF would drop
        it, and the hand be stored without it (a third winner where three
        callers are an abortive draw, MCR's points at a riichi table): 422,
        or 400 when no rule set reads it (the schema does not name it).
        Another rule set's input left blank is let through, as the other
        inputs' blanks are."""
        if isinstance(data, dict):
            for key, value in data.items():
                if key in self.fields:
                    continue
                error = EngineError("unknown_field", field=key, name=key)
                if key not in self.documented:
                    raise serializers.ValidationError({key: [error_message(error)]})
                if value not in (None, "", [], {}):
                    raise error
        return super().to_internal_value(data)


def sheet_data(table: Table) -> dict[str, Any]:
    sheet = get_table_sheet(table)
    return {
        **TableOutput(table).data,
        "seats": SeatOutput(sheet.seats, many=True).data,
        "hands": HandOutput(sheet.hands, many=True).data,
        "penalties": PenaltyOutput(sheet.penalties, many=True).data,
    }


class TableDetailApi(APIView):
    @extend_schema(responses=TableOutput)
    def get(self, request: Any, table_id: int) -> Response:
        return Response(sheet_data(get_table(request, table_id)))


class HandListApi(APIView):
    class InputSerializer(ResultInput):
        table_version = version_field(required=False, allow_null=True)

    @extend_schema(
        request=InputSerializer,
        responses={201: HandOutput, 200: HandOutput},
        parameters=[IDEMPOTENCY_HEADER],
    )
    def post(self, request: Any, table_id: int) -> Response:
        """Record the table's next hand; a repeated Idempotency-Key answers 200."""
        table = get_table(request, table_id, write=True)
        data = self.InputSerializer(
            data=request.data, entry=hand_entry_of(table.round.tournament)
        )
        data.is_valid(raise_exception=True)
        result = dict(data.validated_data)
        version = result.pop("table_version", None)
        tiles = result.pop("tiles", None)
        hand, created = hand_services.record_hand(
            table_id=table.pk,
            result=result,
            tiles=tiles,
            actor=request.user,
            idempotency_key=idempotency_key(request),
            expected_table_version=version,
            ip_address=client_ip(request),
        )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(HandOutput(hand).data, status=code)


class HandDetailApi(APIView):
    class InputSerializer(StrictInput):
        version = version_field(help_text="The version you are editing.")
        result = ResultInput(required=False)
        seat_winds = serializers.CharField(max_length=4, required=False)
        prevalent_wind = serializers.CharField(max_length=1, required=False)

        def __init__(
            self, *args: Any, entry: ResultForm | None = None, **kwargs: Any
        ) -> None:
            super().__init__(*args, **kwargs)
            self.fields["result"] = ResultInput(required=False, entry=entry)

    class DeleteSerializer(serializers.Serializer):
        version = version_field(help_text="The version you are deleting.")

    def _hand(self, request: Any, hand_id: int) -> Hand:
        hand = get_object_or_404(Hand, pk=hand_id)
        get_table(request, hand.table_id, write=request.method != "GET")
        return hand

    @extend_schema(responses=HandOutput)
    def get(self, request: Any, hand_id: int) -> Response:
        return Response(HandOutput(self._hand(request, hand_id)).data)

    @extend_schema(request=InputSerializer, responses=HandOutput)
    def patch(self, request: Any, hand_id: int) -> Response:
        """Correct a hand; a stale ``version`` gets 409 Conflict."""
        hand = self._hand(request, hand_id)
        entry = hand_entry_of(hand.table.round.tournament)
        data = self.InputSerializer(data=request.data, entry=entry)
        data.is_valid(raise_exception=True)
        result = data.validated_data.get("result")
        tiles = result.pop("tiles", None) if result else None
        hand = hand_services.correct_hand(
            hand_id=hand.pk,
            expected_version=data.validated_data["version"],
            actor=request.user,
            result=result,
            tiles=tiles,
            seat_winds=data.validated_data.get("seat_winds"),
            prevalent_wind=data.validated_data.get("prevalent_wind"),
            ip_address=client_ip(request),
        )
        return Response(HandOutput(hand).data)

    # A DELETE has no documented body: ``version`` is a query parameter
    # (a body carrying it is still read, as clients sent it before).
    @extend_schema(request=None, parameters=[DeleteSerializer], responses={204: None})
    def delete(self, request: Any, hand_id: int) -> Response:
        hand = self._hand(request, hand_id)
        data = self.DeleteSerializer(data=request.data or request.query_params)
        data.is_valid(raise_exception=True)
        hand_services.delete_hand(
            hand_id=hand.pk,
            expected_version=data.validated_data["version"],
            actor=request.user,
            ip_address=client_ip(request),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class PenaltyListApi(APIView):
    class InputSerializer(StrictInput):
        player = object_id()
        kind = serializers.ChoiceField(Penalty.Kind.choices)
        points = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=1,
            max_value=MAX_PENALTY_POINTS,
        )
        reason = serializers.CharField(max_length=200, required=False, default="")

    @extend_schema(
        request=InputSerializer,
        responses={201: PenaltyOutput},
        parameters=[IDEMPOTENCY_HEADER],
    )
    def post(self, request: Any, table_id: int) -> Response:
        table = get_table(request, table_id, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        penalty, created = penalties.add_penalty(
            table_id=table.pk,
            player_id=fields.pop("player"),
            actor=request.user,
            idempotency_key=idempotency_key(request),
            ip_address=client_ip(request),
            **fields,
        )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(PenaltyOutput(penalty).data, status=code)


class PenaltyDetailApi(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request: Any, penalty_id: int) -> Response:
        penalty = get_object_or_404(Penalty, pk=penalty_id)
        get_table(request, penalty.table_id, write=True)
        penalties.remove_penalty(
            penalty_id=penalty.pk, actor=request.user, ip_address=client_ip(request)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class TableCloseApi(APIView):
    class InputSerializer(StrictInput):
        time_called = serializers.BooleanField(default=False)

    @extend_schema(request=InputSerializer, responses=TableOutput)
    def post(self, request: Any, table_id: int) -> Response:
        table = get_table(request, table_id, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hand_services.close_table(
            table_id=table.pk,
            actor=request.user,
            time_called=data.validated_data["time_called"],
            ip_address=client_ip(request),
        )
        return Response(sheet_data(Table.objects.get(pk=table.pk)))


class TableReopenApi(APIView):
    @extend_schema(request=None, responses=TableOutput)
    def post(self, request: Any, table_id: int) -> Response:
        table = get_table(request, table_id, write=True)
        hand_services.reopen_table(
            table_id=table.pk, actor=request.user, ip_address=client_ip(request)
        )
        return Response(sheet_data(Table.objects.get(pk=table.pk)))
