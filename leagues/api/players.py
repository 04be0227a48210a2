"""API: a player's career, the players who may be one person, and their
merge."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues.access import can_merge, can_merge_players
from leagues.api.errors import MERGE_REFUSED, refused
from leagues.api.serializers import CareerOutput, DuplicateGroupOutput, exact
from leagues.selectors.careers import get_career
from leagues.selectors.players import list_duplicates
from leagues.selectors.visibility import audience_of
from leagues.services import merges
from tournaments.api.inputs import StrictInput
from tournaments.models import Player
from tournaments.permissions import ORGANISER_REQUIRED
from tournaments.services.errors import ServiceError


def career_answer(request: Any, player: int) -> Response:
    """A player's career as this user may see it."""
    career = get_career(player, audience=audience_of(request.user))
    body = {
        "player": career.player.pk,
        "name": career.player.name,
        "sessions": [
            {
                "tournament": s.tournament.slug,
                "day": s.day,
                "round": s.round,
                "table": s.table,
                "score": s.score,
                "rank": s.rank,
                "table_points": exact(s.table_points),
                "opponents": [o.player.pk for o in s.opponents],
            }
            for s in career.sessions
        ],
        "head_to_head": [
            {
                "opponent": r.opponent.pk,
                "name": r.opponent.name,
                "meetings": r.meetings,
                "ahead": r.ahead,
                "behind": r.behind,
                "points": exact(r.points),
            }
            for r in career.head_to_head
        ],
    }
    return Response(CareerOutput(body).data)


class CareerApi(APIView):
    @extend_schema(responses=CareerOutput)
    def get(self, request: Any, player: int) -> Response:
        return career_answer(request, player)


class PlayerMergeApi(APIView):
    """Merge player ``drop`` into ``keep`` (organisers; audited)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(StrictInput):
        keep = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
        drop = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
        different_names = serializers.BooleanField(
            default=False,
            help_text="Confirms a merge of two unlike names (the duplicates "
            "page's likeness); without it such a merge is refused.",
        )

    @extend_schema(request=InputSerializer, responses={200: CareerOutput})
    def post(self, request: Any) -> Response:
        if not can_merge_players(request.user):
            raise PermissionDenied(ORGANISER_REQUIRED)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        found = Player.objects.in_bulk(
            [data.validated_data["keep"], data.validated_data["drop"]]
        )
        keep = found.get(data.validated_data["keep"])
        drop = found.get(data.validated_data["drop"])
        if keep and drop and not can_merge(request.user, keep, drop):
            raise PermissionDenied(MERGE_REFUSED)
        try:
            kept = merges.merge_players(
                keep_id=data.validated_data["keep"],
                drop_id=data.validated_data["drop"],
                actor=request.user,
                different_names=data.validated_data["different_names"],
            )
        except ServiceError as error:
            return refused(error)
        return career_answer(request, kept.pk)


class DuplicatesApi(APIView):
    """Players who may be one person (same name, not two EMA numbers): the
    candidates an organiser confirms with ``players/merge/``."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=DuplicateGroupOutput(many=True))
    def get(self, request: Any) -> Response:
        if not can_merge_players(request.user):
            raise PermissionDenied(ORGANISER_REQUIRED)
        groups = [
            {
                "players": [
                    {
                        "id": p.pk,
                        "name": p.name,
                        "ema_number": p.ema_number,
                        "events": p.events,  # type: ignore[attr-defined]
                    }
                    for p in group.players
                ]
            }
            for group in list_duplicates(audience=audience_of(request.user))
        ]
        return Response(DuplicateGroupOutput(groups, many=True).data)
