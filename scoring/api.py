"""``POST /api/mcr/fans``: the fan calculator over HTTP.

The body is one hand of hand-format.md, the answer the one of
``python -m scoring.engine.mcr`` plus ``code``, ``field`` and ``payments``
(see ``scoring.services_fans.calculate``). A hand that does not win is a
normal answer (200, ``ok: false``), as on the command line; only a body
that is not a JSON object is refused with 400.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from config.parsers import BoundedJSONParser
from scoring.engine.errors import EngineError
from scoring.services_fans import calculate

PAYMENTS_HELP = (
    "Present (non-null) when ok. T = total (flowers included). "
    "kind: 'discard' or 'self_draw'. winner: what the winner receives "
    "(discard: T + 24; self-draw: 3 x (T + 8)). discarder: what the "
    "discarder pays, -(T + 8), null on a self-draw. each_other: what each "
    "other loser pays (discard: -8; self-draw: -(T + 8)). deltas: the four "
    "seats' deltas, summing to 0: [winner, discarder or first other, other, "
    "other]."
)
EXAMPLE_HAND = {
    "concealed": "123m456p78s11z",
    "melds": [{"kind": "pung", "tiles": "222z", "concealed": False, "from": "left"}],
    "winning_tile": "9s",
    "self_drawn": False,
    "last_of_kind": False,
    "last_tile": False,
    "replacement": False,
    "robbing_kong": False,
    "flowers": 0,
    "seat_wind": "E",
    "prevalent_wind": "E",
}


# Plain strings rather than enums: the names "kind" and "*_wind" already
# carry other choice sets in the schema, and a clash fails --fail-on-warn.
WIND_HELP = "E, S, W or N"


class FanCalculatorMeld(serializers.Serializer):
    kind = serializers.CharField(help_text="chow, pung or kong")
    tiles = serializers.CharField(help_text="e.g. 222z")
    concealed = serializers.BooleanField(
        default=False, help_text="True only for a concealed kong."
    )
    # ``from`` is a Python keyword: the field gets its name in get_fields.
    source = serializers.CharField(
        allow_null=True,
        required=False,
        help_text="left, opposite, right, or null for a concealed kong",
    )

    def get_fields(self) -> dict[str, Any]:
        fields = super().get_fields()
        fields["from"] = fields.pop("source")
        return fields


class FanCalculatorFan(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    name_fr = serializers.CharField()
    points = serializers.IntegerField(help_text="Points of one count.")
    count = serializers.IntegerField()


class FanCalculatorPayments(serializers.Serializer):
    kind = serializers.CharField(help_text="discard or self_draw")
    hand_value = serializers.IntegerField(help_text="T, flowers included.")
    winner = serializers.IntegerField()
    discarder = serializers.IntegerField(allow_null=True)
    each_other = serializers.IntegerField()
    deltas = serializers.ListField(
        child=serializers.IntegerField(), min_length=4, max_length=4
    )


class FanCalculatorApi(APIView):
    """Count the fans of an MCR winning hand; anyone may ask.

    Nothing is read or written, so no identity is needed: without
    authentication classes a browser session's CSRF check never applies.
    Anonymous callers are throttled by client address (scope ``fans``, the
    rate in ``DEFAULT_THROTTLE_RATES``).
    """

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    parser_classes = [BoundedJSONParser]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "fans"

    class InputSerializer(serializers.Serializer):
        """Documents the body only: the engine validates it, as the command."""

        concealed = serializers.CharField(
            allow_blank=True, help_text="Standing tiles without the winning tile."
        )
        melds = FanCalculatorMeld(many=True, required=False)
        winning_tile = serializers.CharField(help_text="One tile, e.g. 9s")
        self_drawn = serializers.BooleanField(default=False)
        last_of_kind = serializers.BooleanField(default=False)
        last_tile = serializers.BooleanField(default=False)
        replacement = serializers.BooleanField(default=False)
        robbing_kong = serializers.BooleanField(default=False)
        flowers = serializers.IntegerField(min_value=0, max_value=8, default=0)
        seat_wind = serializers.CharField(help_text=WIND_HELP)
        prevalent_wind = serializers.CharField(help_text=WIND_HELP)

    class OutputSerializer(serializers.Serializer):
        ok = serializers.BooleanField()
        total = serializers.IntegerField(
            help_text="Flowers included; below the minimum: points without flowers."
        )
        fans = FanCalculatorFan(many=True)
        error = serializers.CharField(
            allow_null=True, help_text="In the request's language (Accept-Language)."
        )
        code = serializers.CharField(allow_null=True, help_text="e.g. below_minimum")
        field = serializers.CharField(allow_null=True, help_text="e.g. winning_tile")
        payments = FanCalculatorPayments(allow_null=True, help_text=PAYMENTS_HELP)

    @extend_schema(
        operation_id="mcr_fans_calculate",
        summary="Count the fans of an MCR winning hand",
        description=(
            "The body is a hand in the JSON of hand-format.md; the answer is "
            "the one of `python -m scoring.engine.mcr` plus `code`, `field` "
            "and `payments`. A hand that does not win answers 200 with "
            "`ok: false`; a body that is not a JSON object answers 400 in the "
            "API's error shape with `error: malformed_json`. " + PAYMENTS_HELP
        ),
        request=InputSerializer,
        responses={200: OutputSerializer},
        examples=[OpenApiExample("Hand", value=EXAMPLE_HAND, request_only=True)],
        tags=["scoring"],
    )
    def post(self, request: Request) -> Response:
        """A body that is not a JSON object raises ``malformed_json``: the
        API's exception handler answers it in the shape of every error."""
        try:
            data = request.data
        except ParseError as error:
            raise EngineError("malformed_json", detail=_detail(error)) from None
        if not isinstance(data, Mapping):
            raise EngineError("malformed_json", detail=_("expected an object"))
        return Response(calculate(data))


def _detail(error: ParseError) -> str:
    # DRF prefixes "JSON parse error - "; the sentence already says it.
    return str(error.detail).removeprefix("JSON parse error - ")
