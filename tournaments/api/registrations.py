"""API: public registration (sign-ups), the same permissions as the pages.

Anyone may sign up while registration is open (POST to the tournament's
``registrations/``); the registrant reads, changes, cancels or deletes their
sign-up by its private token (``registrations/<token>/`` at the API's root);
the tournament's organisers list the sign-ups with their counts, set the
registration's options and confirm, refuse or mark paid.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils import timezone, translation
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.access import get_tournament
from tournaments.api.inputs import StrictInput
from tournaments.models import Signup, SignupOptions, Tournament
from tournaments.selectors.signups import signup_counts, waiting_positions
from tournaments.services import signups
from tournaments.services.signups import (
    ANSWER_MAX_LENGTH,
    CLUB_MAX_LENGTH,
    MAX_CAPACITY,
    MAX_QUESTIONS,
    MAX_RETENTION_DAYS,
    QUESTION_KINDS,
    QUESTION_LABEL_MAX_LENGTH,
)


class QuestionField(StrictInput):
    key = serializers.CharField(max_length=40, required=False)
    label = serializers.CharField(max_length=QUESTION_LABEL_MAX_LENGTH)
    kind = serializers.ChoiceField(QUESTION_KINDS, default="yes_no")


class SignupOptionsOutput(serializers.ModelSerializer):
    questions = serializers.ListField(child=serializers.DictField())
    opens_at = serializers.DateTimeField(default_timezone=UTC)
    closes_at = serializers.DateTimeField(default_timezone=UTC)

    class Meta:
        model = SignupOptions
        fields = [
            "opens_at",
            "closes_at",
            "capacity",
            "questions",
            "message",
            "retention_days",
        ]


class CountsOutput(serializers.Serializer):
    capacity = serializers.IntegerField()
    pending = serializers.IntegerField()
    confirmed = serializers.IntegerField()
    waiting = serializers.IntegerField()
    refused = serializers.IntegerField()
    cancelled = serializers.IntegerField()
    paid = serializers.IntegerField()
    free_places = serializers.IntegerField()


class SignupOutput(serializers.ModelSerializer):
    """A sign-up as its organiser sees it (the e-mail included)."""

    name = serializers.CharField()
    answers = serializers.DictField()
    waiting_position = serializers.IntegerField(allow_null=True, default=None)
    likely_player = serializers.IntegerField(source="likely_player_id", allow_null=True)
    likely_player_name = serializers.CharField(
        source="likely_player.name", allow_null=True, default=None
    )
    registration = serializers.IntegerField(source="registration_id", allow_null=True)
    created_at = serializers.DateTimeField(default_timezone=UTC)

    class Meta:
        model = Signup
        fields = [
            "id",
            "name",
            "first_name",
            "last_name",
            "club",
            "country",
            "ema_number",
            "email",
            "answers",
            "status",
            "paid",
            "waiting_position",
            "likely_player",
            "likely_player_name",
            "registration",
            "created_at",
        ]


class OwnSignupOutput(serializers.ModelSerializer):
    """A sign-up as its registrant sees it, by the private token."""

    tournament = serializers.CharField(source="tournament.slug")
    answers = serializers.DictField()
    waiting_position = serializers.IntegerField(allow_null=True, default=None)
    created_at = serializers.DateTimeField(default_timezone=UTC)

    class Meta:
        model = Signup
        fields = [
            "token",
            "tournament",
            "first_name",
            "last_name",
            "club",
            "country",
            "ema_number",
            "email",
            "answers",
            "status",
            "waiting_position",
            "created_at",
        ]


class RegistrationListOutput(serializers.Serializer):
    counts = CountsOutput()
    registrations = SignupOutput(many=True)


class SignupInput(StrictInput):
    first_name = serializers.CharField(max_length=80, default="", allow_blank=True)
    last_name = serializers.CharField(max_length=80)
    club = serializers.CharField(
        max_length=CLUB_MAX_LENGTH, default="", allow_blank=True
    )
    country = serializers.CharField(max_length=3, default="", allow_blank=True)
    ema_number = serializers.CharField(max_length=8, default="", allow_blank=True)
    email = serializers.EmailField(max_length=254)
    answers = serializers.DictField(
        child=serializers.JSONField(),
        default=dict,
        help_text=(
            "By question key: true or false for a yes/no question, a text of at "
            f"most {ANSWER_MAX_LENGTH} characters for a text question."
        ),
    )


def _with_position(signup: Signup) -> Signup:
    signup.waiting_position = waiting_positions(signup.tournament).get(signup.pk)  # type: ignore[attr-defined]
    return signup


def _open_tournament(slug: str) -> Tournament:
    """The tournament a sign-up is for: any with registration set up (a
    draft event takes registrations before it is published)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not SignupOptions.objects.filter(tournament=tournament).exists():
        raise NotFound()
    return tournament


class RegistrationListApi(APIView):
    permission_classes = [AllowAny]

    class InputSerializer(SignupInput):
        pass

    @extend_schema(responses=RegistrationListOutput)
    def get(self, request: Any, slug: str) -> Response:
        """The sign-ups in order of arrival and their counts (organisers)."""
        tournament = get_tournament(request, slug, write=True)
        rows = list(tournament.signups.select_related("likely_player"))
        positions = waiting_positions(tournament)
        for row in rows:
            row.waiting_position = positions.get(row.pk)  # type: ignore[attr-defined]
        return Response(
            {
                "counts": signup_counts(tournament),
                "registrations": SignupOutput(rows, many=True).data,
            }
        )

    @extend_schema(request=InputSerializer, responses={201: OwnSignupOutput})
    def post(self, request: Any, slug: str) -> Response:
        """Sign up (anyone, while registration is open): a place, or the
        waiting list when the places are taken. The answer carries the
        private token: keep it to see, change or cancel the sign-up."""
        tournament = _open_tournament(slug)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        signup = signups.create_signup(
            tournament_id=tournament.pk,
            fields=data.validated_data,
            language=translation.get_language() or "",
        )
        return Response(
            OwnSignupOutput(_with_position(signup)).data,
            status=status.HTTP_201_CREATED,
        )


class RegistrationOptionsApi(APIView):
    class InputSerializer(StrictInput):
        opens_at = serializers.DateTimeField()
        closes_at = serializers.DateTimeField()
        capacity = serializers.IntegerField(min_value=1, max_value=MAX_CAPACITY)
        questions = serializers.ListField(
            child=QuestionField(), max_length=MAX_QUESTIONS, default=list
        )
        message = serializers.CharField(max_length=2000, default="", allow_blank=True)
        retention_days = serializers.IntegerField(
            min_value=0, max_value=MAX_RETENTION_DAYS, default=30
        )

    @extend_schema(responses=SignupOptionsOutput)
    def get(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug, write=True)
        options = get_object_or_404(SignupOptions, tournament=tournament)
        return Response(SignupOptionsOutput(options).data)

    @extend_schema(request=InputSerializer, responses=SignupOptionsOutput)
    def put(self, request: Any, slug: str) -> Response:
        """Open registration, or change its dates, places and questions."""
        tournament = get_tournament(request, slug, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        options = signups.set_signup_options(
            tournament_id=tournament.pk, actor=request.user, **data.validated_data
        )
        return Response(SignupOptionsOutput(options).data)


def _organised_signup(request: Any, slug: str, signup_id: int) -> Signup:
    tournament = get_tournament(request, slug, write=True)
    return get_object_or_404(Signup, tournament=tournament, pk=signup_id)


def _answer(signup: Signup) -> Response:
    signup = Signup.objects.select_related("likely_player", "tournament").get(
        pk=signup.pk
    )
    return Response(SignupOutput(_with_position(signup)).data)


class RegistrationConfirmApi(APIView):
    class InputSerializer(StrictInput):
        same_player = serializers.BooleanField(
            required=False,
            allow_null=True,
            default=None,
            help_text=(
                "When a known player looks like the registrant: true to register "
                "that player, false for a new one."
            ),
        )

    @extend_schema(request=InputSerializer, responses=SignupOutput)
    def post(self, request: Any, slug: str, signup_id: int) -> Response:
        signup = _organised_signup(request, slug, signup_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        signup = signups.confirm_signup(
            signup_id=signup.pk, actor=request.user, **data.validated_data
        )
        return _answer(signup)


class RegistrationRefuseApi(APIView):
    @extend_schema(request=None, responses=SignupOutput)
    def post(self, request: Any, slug: str, signup_id: int) -> Response:
        signup = _organised_signup(request, slug, signup_id)
        signup = signups.refuse_signup(signup_id=signup.pk, actor=request.user)
        return _answer(signup)


class RegistrationPaidApi(APIView):
    class InputSerializer(StrictInput):
        paid = serializers.BooleanField()

    @extend_schema(request=InputSerializer, responses=SignupOutput)
    def post(self, request: Any, slug: str, signup_id: int) -> Response:
        signup = _organised_signup(request, slug, signup_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        signup = signups.set_signup_paid(
            signup_id=signup.pk, actor=request.user, paid=data.validated_data["paid"]
        )
        return _answer(signup)


def _own_signup(token: str) -> Signup:
    return get_object_or_404(Signup.objects.select_related("tournament"), token=token)


class OwnRegistrationApi(APIView):
    """The registrant's own sign-up, by its private token (no account)."""

    permission_classes = [AllowAny]

    class InputSerializer(SignupInput):
        pass

    @extend_schema(responses=OwnSignupOutput)
    def get(self, request: Any, token: str) -> Response:
        return Response(OwnSignupOutput(_with_position(_own_signup(token))).data)

    @extend_schema(request=InputSerializer, responses=OwnSignupOutput)
    def put(self, request: Any, token: str) -> Response:
        _own_signup(token)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        signup = signups.update_signup(token=token, fields=data.validated_data)
        return Response(OwnSignupOutput(_with_position(signup)).data)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Any, token: str) -> Response:
        """Delete the sign-up and its personal data (before the event only)."""
        _own_signup(token)
        signups.delete_signup(token=token, today=timezone.localdate())
        return Response(status=status.HTTP_204_NO_CONTENT)


class OwnRegistrationCancelApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses=OwnSignupOutput)
    def post(self, request: Any, token: str) -> Response:
        """Cancel: the place goes to the first of the waiting list."""
        _own_signup(token)
        signup = signups.cancel_signup(token=token)
        return Response(OwnSignupOutput(_with_position(signup)).data)
