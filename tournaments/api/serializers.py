"""Output serializers shared by the API views (inputs are nested in the views)."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from rest_framework import serializers

from scoring.engine.base import HandValue
from tournaments.limits import MAX_ID
from tournaments.models import (
    Hand,
    Penalty,
    Registration,
    Round,
    Seat,
    SeatingPlan,
    Table,
    Tournament,
    in_wind_order,
)
from tournaments.selectors.hand_values import hand_value_of, ruleset_of_table
from tournaments.services import jobs


def object_id(**kwargs: Any) -> serializers.IntegerField:
    """An input naming a row by id (a Player id, mostly), bounded to the key's
    range so that a huge number is a 400, not an overflow in the lookup."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


class TournamentOutput(serializers.ModelSerializer):
    # In UTC: a time far in the past reads in the local zone's mean time
    # ("+00:09:21"), which no RFC 3339 client parses.
    self_checkin_opens_at = serializers.DateTimeField(
        default_timezone=UTC, allow_null=True
    )

    class Meta:
        model = Tournament
        fields = [
            "slug",
            "name",
            "city",
            "country",
            "start_date",
            "end_date",
            "ruleset",
            "ruleset_options",
            "rounds_count",
            "session_minutes",
            "seating_mode",
            "status",
            "is_public",
            "tiebreaks",
            "mers_weight",
            "uses_checkin",
            "self_checkin_opens_at",
            "players_confirm_tables",
        ]


class RegistrationOutput(serializers.ModelSerializer):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    first_name = serializers.CharField(source="player.first_name")
    last_name = serializers.CharField(source="player.last_name")
    club = serializers.CharField(source="player.club.name", default="")
    country = serializers.CharField(source="player.country")
    ema_number = serializers.CharField(source="player.ema_number")

    class Meta:
        model = Registration
        fields = [
            "player",
            "number",
            "status",
            "name",
            "first_name",
            "last_name",
            "club",
            "country",
            "ema_number",
        ]


class SeatOutput(serializers.ModelSerializer):
    player = serializers.IntegerField(source="registration.player_id")
    name = serializers.CharField(source="registration.player.name")
    score = serializers.SerializerMethodField()
    rank = serializers.SerializerMethodField()
    table_points = serializers.SerializerMethodField()

    class Meta:
        model = Seat
        fields = ["wind", "player", "name", "score", "rank", "table_points"]

    def _result(self, seat: Seat) -> Any:
        return getattr(seat, "result", None)

    def get_score(self, seat: Seat) -> int:
        result = self._result(seat)
        return result.score if result else 0

    def get_rank(self, seat: Seat) -> int | None:
        result = self._result(seat)
        return result.rank if result else None

    def get_table_points(self, seat: Seat) -> str:
        result = self._result(seat)
        return str(result.table_points) if result else "0"


class TableOutput(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number")
    seats = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = [
            "id",
            "round",
            "number",
            "is_closed",
            "time_called",
            "version",
            "seats",
        ]

    def get_seats(self, table: Table) -> list[dict[str, Any]]:
        seats = in_wind_order(table.seats.all())
        return SeatOutput(seats, many=True).data


class RoundOutput(serializers.ModelSerializer):
    tables = TableOutput(many=True, read_only=True)

    class Meta:
        model = Round
        fields = [
            "number",
            "status",
            "seating_state",
            "seating_progress",
            "seating_stats",
            "seating_error",
            "tables",
        ]


class HandOutput(serializers.ModelSerializer):
    winner = serializers.IntegerField(
        source="winner.registration.player_id", default=None
    )
    discarder = serializers.IntegerField(
        source="discarder.registration.player_id", default=None
    )
    value = serializers.SerializerMethodField(
        help_text=(
            "What the hand was worth, in ``unit`` (the rule set's hand value: "
            "MCR's points with flowers, riichi's han); null when nobody won."
        ),
    )
    unit = serializers.SerializerMethodField(
        help_text='The unit of ``value`` ("points", "han", "yakuman"); null with it.',
    )
    result = serializers.JSONField(
        read_only=True,
        help_text="The result as the rule set stores it (seats 0..3, East first).",
    )
    counters = serializers.JSONField(
        read_only=True,
        help_text=(
            "The counters of the deal the hand was played under, before it "
            '(riichi: {"honba": n, "deposits": riichi sticks on the table, '
            '"round": 0 East to 3 North}); {} for rule sets without counters.'
        ),
    )
    needs_check = serializers.BooleanField(
        read_only=True,
        help_text=(
            "The hand's winds changed after its points were typed (a hand "
            "deleted before it, a wind correction): the referee is to check "
            "the points. A hand with tiles is counted again instead."
        ),
    )
    fans = serializers.JSONField(
        read_only=True,
        allow_null=True,
        help_text=(
            "MCR: the fans the calculator counted (null without tiles). French "
            "classic and encyclopaedia: every player's hand score and its sheet, "
            '{"scores": [4 ints], "sheets": [4 sheets or null]}, seats 0..3.'
        ),
    )

    class Meta:
        model = Hand
        fields = [
            "id",
            "number",
            "kind",
            "winner",
            "discarder",
            "value",
            "unit",
            "result",
            "prevalent_wind",
            "seat_winds",
            "winds_corrected",
            "needs_check",
            "counters",
            "deltas",
            "tiles",
            "fans",
            "version",
        ]

    def _worth(self, hand: Hand) -> HandValue | None:
        # One rule-set lookup per table for a sheet's hands (``many=True``
        # shares this serializer), then the rule set's own hand value.
        codes = self.context.setdefault("ruleset_of_table", {})
        if hand.table_id not in codes:
            codes[hand.table_id] = ruleset_of_table(hand.table_id)
        return hand_value_of(hand, codes[hand.table_id])

    def get_value(self, hand: Hand) -> int | None:
        worth = self._worth(hand)
        return None if worth is None else worth.value

    def get_unit(self, hand: Hand) -> str | None:
        worth = self._worth(hand)
        return None if worth is None else worth.unit


class PenaltyOutput(serializers.ModelSerializer):
    player = serializers.IntegerField(source="seat.registration.player_id")

    class Meta:
        model = Penalty
        fields = ["id", "player", "kind", "points", "reason", "deltas", "created_at"]


class StandingOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    shared = serializers.BooleanField()
    player = serializers.IntegerField(source="registration.player_id")
    name = serializers.CharField(source="registration.player.name")
    club = serializers.CharField(source="registration.player.club.name", default="")
    table_points = serializers.SerializerMethodField()
    score = serializers.IntegerField()
    places = serializers.ListField(child=serializers.IntegerField())
    best_session = serializers.IntegerField(allow_null=True)
    sessions = serializers.IntegerField()

    def get_table_points(self, row: Any) -> str:
        """Exact: an integer or a fraction such as ``"29/3"``."""
        return str(row.table_points)


class SeatingPlanOutput(serializers.ModelSerializer):
    """A seating job and its plan; tables list Player ids in seat order E, S, W, N.

    ``request`` is what the job asked the engine (in Registration ids), as
    ``python -m tournaments.seating`` reads it: running it gives the same plan.
    """

    rounds = serializers.SerializerMethodField()
    round_numbers = serializers.ListField(child=serializers.IntegerField())
    queue_notice = serializers.SerializerMethodField(help_text=jobs.NOTICE_HELP)

    class Meta:
        model = SeatingPlan
        fields = [
            "id",
            "status",
            "progress",
            "first_round",
            "rounds_count",
            "round_numbers",
            "mode",
            "seed",
            "publish_when_ready",
            "stats",
            "error",
            "error_params",
            "rounds",
            "request",
            "created_at",
            "queue_notice",
        ]

    def get_queue_notice(self, plan: SeatingPlan) -> str | None:
        return jobs.queue_notice(plan)

    def get_rounds(self, plan: SeatingPlan) -> list[list[list[int]]]:
        players = dict(plan.tournament.registrations.values_list("pk", "player_id"))
        return [
            [[players[rid] for rid in table] for table in round_]
            for round_ in plan.rounds
        ]
