"""API: tournaments, players, rounds, seating jobs and standings."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.access import ROUND_TABLES_PREFETCH, get_round, get_tournament
from tournaments.api.inputs import (
    RowsWindowInput,
    RulesetField,
    StrictInput,
    tiebreaks_field,
)
from tournaments.api.serializers import (
    RegistrationOutput,
    RoundOutput,
    SeatingPlanOutput,
    StandingOutput,
    TournamentOutput,
    object_id,
)
from tournaments.models import Registration, Round, SeatingPlan, Tournament
from tournaments.permissions import ORGANISER_REQUIRED, can_create_tournament
from tournaments.selectors.room import get_live_ranking
from tournaments.selectors.seating import attach_seating_plans, with_seating_plan
from tournaments.selectors.standings import standing_rows
from tournaments.services import seating, seating_plans, setup
from tournaments.services.checkin import MAX_ADMISSIONS, Admission


class TournamentListApi(APIView):
    class InputSerializer(StrictInput):
        name = serializers.CharField(max_length=160)
        slug = serializers.SlugField(max_length=60, required=False, allow_blank=True)
        city = serializers.CharField(max_length=80, required=False, allow_blank=True)
        country = serializers.CharField(max_length=3, required=False, allow_blank=True)
        start_date = serializers.DateField(required=False, allow_null=True)
        end_date = serializers.DateField(required=False, allow_null=True)
        ruleset = RulesetField(default="mcr")
        ruleset_options = serializers.DictField(required=False, default=dict)
        rounds_count = serializers.IntegerField(min_value=1, max_value=40, default=4)
        session_minutes = serializers.IntegerField(
            min_value=10, max_value=600, default=120
        )
        seating_mode = serializers.ChoiceField(
            Tournament.SeatingMode.choices, default=Tournament.SeatingMode.RANDOM
        )
        is_public = serializers.BooleanField(default=False)
        mers_weight = serializers.DecimalField(
            max_digits=4, decimal_places=2, min_value=0, required=False, allow_null=True
        )
        uses_checkin = serializers.BooleanField(required=False)
        self_checkin_opens_at = serializers.DateTimeField(
            required=False, allow_null=True
        )
        players_confirm_tables = serializers.BooleanField(required=False)

    @extend_schema(responses=TournamentOutput(many=True))
    def get(self, request: Any) -> Response:
        visible = Q(is_public=True)
        if request.user.is_authenticated:
            visible |= Q(organisers=request.user) | Q(referees=request.user)
        tournaments = Tournament.objects.filter(visible).distinct()
        return Response(TournamentOutput(tournaments, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: TournamentOutput})
    def post(self, request: Any) -> Response:
        if not can_create_tournament(request.user):
            raise PermissionDenied(ORGANISER_REQUIRED)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = setup.create_tournament(actor=request.user, **data.validated_data)
        return Response(
            TournamentOutput(tournament).data, status=status.HTTP_201_CREATED
        )


class TournamentDetailApi(APIView):
    class InputSerializer(StrictInput):
        name = serializers.CharField(max_length=160, required=False)
        city = serializers.CharField(max_length=80, required=False, allow_blank=True)
        country = serializers.CharField(max_length=3, required=False, allow_blank=True)
        start_date = serializers.DateField(required=False, allow_null=True)
        end_date = serializers.DateField(required=False, allow_null=True)
        ruleset_options = serializers.DictField(required=False)
        tiebreaks = tiebreaks_field(required=False)
        rounds_count = serializers.IntegerField(
            min_value=1, max_value=40, required=False
        )
        session_minutes = serializers.IntegerField(
            min_value=10, max_value=600, required=False
        )
        seating_mode = serializers.ChoiceField(
            Tournament.SeatingMode.choices, required=False
        )
        is_public = serializers.BooleanField(required=False)
        mers_weight = serializers.DecimalField(
            max_digits=4, decimal_places=2, min_value=0, required=False, allow_null=True
        )
        uses_checkin = serializers.BooleanField(required=False)
        self_checkin_opens_at = serializers.DateTimeField(
            required=False, allow_null=True
        )
        players_confirm_tables = serializers.BooleanField(required=False)

    @extend_schema(responses=TournamentOutput)
    def get(self, request: Any, slug: str) -> Response:
        return Response(TournamentOutput(get_tournament(request, slug)).data)

    @extend_schema(request=InputSerializer, responses=TournamentOutput)
    def patch(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug, write=True)
        data = self.InputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        tournament = setup.update_tournament(
            tournament_id=tournament.pk, actor=request.user, **data.validated_data
        )
        return Response(TournamentOutput(tournament).data)


class PlayerListApi(APIView):
    class InputSerializer(StrictInput):
        # Left out or blank: the same (a player known by one name, no club).
        first_name = serializers.CharField(max_length=80, default="", allow_blank=True)
        last_name = serializers.CharField(max_length=80)
        club = serializers.CharField(max_length=120, default="", allow_blank=True)
        country = serializers.CharField(max_length=3, default="", allow_blank=True)
        ema_number = serializers.CharField(max_length=8, default="", allow_blank=True)

    @extend_schema(responses=RegistrationOutput(many=True))
    def get(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug)
        registrations = tournament.registrations.select_related("player__club")
        return Response(RegistrationOutput(registrations, many=True).data)

    @extend_schema(
        request=PolymorphicProxySerializer(
            component_name="PlayerListInputOneOrMany",
            serializers=[InputSerializer, InputSerializer(many=True)],
            resource_type_field_name=None,
            many=False,
        ),
        responses={201: RegistrationOutput(many=True)},
    )
    def post(self, request: Any, slug: str) -> Response:
        """Register one player (an object) or several (a list); all or nothing."""
        tournament = get_tournament(request, slug, write=True)
        many = isinstance(request.data, list)
        data = self.InputSerializer(data=request.data, many=many)
        data.is_valid(raise_exception=True)
        rows = data.validated_data if many else [data.validated_data]
        setup.register_players(tournament=tournament, players=rows, actor=request.user)
        registrations = tournament.registrations.select_related("player__club")
        return Response(
            RegistrationOutput(registrations, many=True).data,
            status=status.HTTP_201_CREATED,
        )


class PlayerDetailApi(APIView):
    class InputSerializer(StrictInput):
        status = serializers.ChoiceField(Registration.Status.choices)

    @extend_schema(request=InputSerializer, responses=RegistrationOutput)
    def patch(self, request: Any, slug: str, player: int) -> Response:
        tournament = get_tournament(request, slug, write=True)
        registration = tournament.registrations.filter(player__pk=player).first()
        if registration is None:
            raise NotFound()
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        setup.set_registration_status(
            registration=registration, actor=request.user, **data.validated_data
        )
        return Response(RegistrationOutput(registration).data)


def _round_with_tables(round_id: int) -> Round:
    round_ = Round.objects.prefetch_related(*ROUND_TABLES_PREFETCH).get(pk=round_id)
    return with_seating_plan(round_)


class RoundListApi(APIView):
    @extend_schema(responses=RoundOutput(many=True))
    def get(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug)
        rounds = attach_seating_plans(
            list(tournament.rounds.prefetch_related(*ROUND_TABLES_PREFETCH))
        )
        return Response(RoundOutput(rounds, many=True).data)


class RoundDetailApi(APIView):
    @extend_schema(responses=RoundOutput)
    def get(self, request: Any, slug: str, number: int) -> Response:
        return Response(RoundOutput(get_round(request, slug, number)).data)


class AdmissionInput(StrictInput):
    """A waiting-list player who came to the door of round 1."""

    signup = object_id(
        help_text="Sign-up id (a sign-up on the waiting list: "
        "GET /api/tournaments/<slug>/registrations/)."
    )
    same_player = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Whether the sign-up's likely known player is this person; "
        "required when it has one (refused with door_same_player_unanswered).",
    )


class SeatingJobApi(APIView):
    """POST starts a seating job from this round; GET tells its state and result."""

    class InputSerializer(StrictInput):
        seed = serializers.IntegerField(
            required=False, min_value=0, max_value=2**31 - 1
        )
        rounds = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=1,
            min_value=1,
            help_text="Rounds to plan from this one; null plans every remaining round.",
        )
        publish = serializers.BooleanField(
            default=True, help_text="Publish the plan as soon as it is found."
        )
        withdraw_absent = serializers.BooleanField(
            default=False,
            help_text="Round 1 of an event using check-in: withdraw the players "
            "who have not checked in (refused with absent_players otherwise).",
        )
        admit_waiting = serializers.ListField(
            child=AdmissionInput(),
            required=False,
            default=list,
            max_length=MAX_ADMISSIONS,
            help_text="Round 1 of an event using check-in: the waiting-list "
            "players who came to the door, registered and checked in in the same "
            "step as the absentees' withdrawal (in order of arrival), and told by "
            "e-mail. Refused, with nothing written, when one is not on the "
            "waiting list (not_on_waiting_list), when they outnumber the places "
            "the absentees free (waiting_list_over_capacity), or when the players "
            "then present are not a multiple of four "
            "(door_count_not_multiple_of_four).",
        )

    @extend_schema(responses=SeatingPlanOutput)
    def get(self, request: Any, slug: str, number: int) -> Response:
        round_ = get_round(request, slug, number)
        if round_.seating_plan is None:
            raise NotFound()
        return Response(SeatingPlanOutput(round_.seating_plan).data)

    @extend_schema(request=InputSerializer, responses={202: SeatingPlanOutput})
    def post(self, request: Any, slug: str, number: int) -> Response:
        round_ = get_round(request, slug, number, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        admissions = [
            Admission(item["signup"], item.get("same_player"))
            for item in fields.pop("admit_waiting", [])
        ]
        plan = seating_plans.start_seating(
            tournament_id=round_.tournament_id,
            first_round=round_.number,
            actor=request.user,
            admit_waiting=admissions,
            **fields,
        )
        plan.refresh_from_db()
        return Response(SeatingPlanOutput(plan).data, status=status.HTTP_202_ACCEPTED)


def get_plan(request: Any, plan_id: int, *, write: bool = False) -> SeatingPlan:
    plan = get_object_or_404(
        SeatingPlan.objects.select_related("tournament"), pk=plan_id
    )
    get_tournament(request, plan.tournament.slug, write=write)
    return plan


class SeatingPlanDetailApi(APIView):
    @extend_schema(responses=SeatingPlanOutput)
    def get(self, request: Any, plan_id: int) -> Response:
        return Response(SeatingPlanOutput(get_plan(request, plan_id)).data)


class SeatingPlanPublishApi(APIView):
    @extend_schema(request=None, responses=SeatingPlanOutput)
    def post(self, request: Any, plan_id: int) -> Response:
        plan = get_plan(request, plan_id, write=True)
        plan = seating_plans.publish_seating(plan_id=plan.pk, actor=request.user)
        return Response(SeatingPlanOutput(plan).data)


class SeatingPlanCancelApi(APIView):
    @extend_schema(request=None, responses=SeatingPlanOutput)
    def post(self, request: Any, plan_id: int) -> Response:
        plan = get_plan(request, plan_id, write=True)
        plan = seating_plans.cancel_seating(plan_id=plan.pk, actor=request.user)
        return Response(SeatingPlanOutput(plan).data)


class SeatingPlanSwapApi(APIView):
    class InputSerializer(StrictInput):
        round = serializers.IntegerField()
        first = object_id(help_text="Player id")
        second = object_id(help_text="Player id")

    @extend_schema(request=InputSerializer, responses=SeatingPlanOutput)
    def post(self, request: Any, plan_id: int) -> Response:
        plan = get_plan(request, plan_id, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        plan = seating_plans.swap_in_plan(
            plan_id=plan.pk,
            round_number=fields.pop("round"),
            actor=request.user,
            **fields,
        )
        return Response(SeatingPlanOutput(plan).data)


class SeatingSwapApi(APIView):
    class InputSerializer(StrictInput):
        first = object_id(help_text="Player id")
        second = object_id(help_text="Player id")
        expected_seats = serializers.ListField(
            child=serializers.IntegerField(min_value=1),
            min_length=2,
            max_length=2,
            required=False,
            help_text=(
                "The seat ids of first and second as the client last read them: "
                "the same swap sent twice then answers 409 instead of swapping back."
            ),
        )

    @extend_schema(request=InputSerializer, responses=RoundOutput)
    def post(self, request: Any, slug: str, number: int) -> Response:
        round_ = get_round(request, slug, number, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seating.swap_players(
            round_id=round_.pk, actor=request.user, **data.validated_data
        )
        return Response(RoundOutput(_round_with_tables(round_.pk)).data)


class RoundFinishApi(APIView):
    @extend_schema(request=None, responses=RoundOutput)
    def post(self, request: Any, slug: str, number: int) -> Response:
        round_ = get_round(request, slug, number, write=True)
        setup.finish_round(round_id=round_.pk, actor=request.user)
        return Response(RoundOutput(_round_with_tables(round_.pk)).data)


class RoundReopenApi(APIView):
    @extend_schema(request=None, responses=RoundOutput)
    def post(self, request: Any, slug: str, number: int) -> Response:
        round_ = get_round(request, slug, number, write=True)
        setup.reopen_round(round_id=round_.pk, actor=request.user)
        return Response(RoundOutput(_round_with_tables(round_.pk)).data)


MAX_STANDINGS_ROWS = 1000
"""The most standings rows one request with a ``limit`` returns."""

TOTAL_COUNT = OpenApiParameter(
    "X-Total-Count",
    int,
    location=OpenApiParameter.HEADER,
    response=[200],
    description="Players ranked in the whole standings (`limit`, `offset` page them).",
)


class StandingsWindowInput(RowsWindowInput):
    """The standings' window (every row unless ``limit`` says fewer)."""

    limit = serializers.IntegerField(
        min_value=1,
        max_value=MAX_STANDINGS_ROWS,
        required=False,
        help_text=(
            "Standings rows to return (default: every row); the `X-Total-Count` "
            "header says how many there are."
        ),
    )


class StandingsApi(APIView):
    """The ranked players, best first; ``limit`` and ``offset`` page them.

    The ranking is the one the public pages share (computed once per
    change, ``get_live_ranking``); only the rows answered are read with
    their player and club.
    """

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[StandingsWindowInput, TOTAL_COUNT],
        responses=StandingOutput(many=True),
    )
    def get(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug)
        window = StandingsWindowInput(data=request.query_params)
        window.is_valid(raise_exception=True)
        start = window.validated_data["offset"]
        limit = window.validated_data.get("limit")
        ranking, _ = get_live_ranking(tournament)
        entries = ranking.entries[start:]
        if limit is not None:
            entries = entries[:limit]
        everyone = start == 0 and len(entries) == len(ranking)
        rows = standing_rows(tournament, entries, everyone=everyone)
        response = Response(StandingOutput(rows, many=True).data)
        response["X-Total-Count"] = str(len(ranking))
        return response
