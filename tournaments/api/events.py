"""API: import a whole event from its archive (docs/event-archive.md).

``POST /api/events/`` takes the archive JSON as the body: the event is
created here, or updated when its ``uid`` is known here (its organisers
only). The body may be up to ``ARCHIVE_MAX_BYTES``: an event of 400 players
over 7 rounds (11,200 hands with their tiles and audit trail) is about
15 MB of JSON, above the 2.5 MB every other endpoint takes.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from config.parsers import BoundedJSONParser
from tournaments.api.schema import error
from tournaments.permissions import ORGANISER_REQUIRED, can_create_tournament
from tournaments.services.archive import import_archive

ARCHIVE_MAX_BYTES = 64 * 1024 * 1024
"""The largest archive body: four times the largest event measured."""


class ArchiveJSONParser(BoundedJSONParser):
    """The bounded JSON parser, with the archive's own size cap."""

    max_bytes = ARCHIVE_MAX_BYTES


class EventImportOutput(serializers.Serializer):
    slug = serializers.SlugField(help_text="The event's short name here.")
    url = serializers.URLField(
        help_text="The event's page here: its standings when public, else "
        "its organiser page."
    )
    created = serializers.BooleanField(help_text="A new event here.")
    changed = serializers.BooleanField(
        help_text="False when the archive brought nothing new (sent again)."
    )
    changes = serializers.ListField(
        child=serializers.CharField(),
        help_text="What the import did, in sentences for people.",
    )


class EventImportApi(APIView):
    parser_classes = [ArchiveJSONParser]
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses={
            201: EventImportOutput,
            200: EventImportOutput,
            400: error(
                "The archive is refused whole: error and field name its "
                "first problem; nothing is stored."
            ),
            403: error("Not an organiser here, or not one of this event's."),
            413: error("The archive is larger than 64 MB."),
        },
        description="Import an event archive (format muraille-event): the "
        "event is created, or updated when its uid is known here. Importing "
        "the same archive again changes nothing.",
    )
    def post(self, request: Any) -> Response:
        user = request.user
        if not (can_create_tournament(user) or user.organised_tournaments.exists()):
            raise PermissionDenied(ORGANISER_REQUIRED)
        outcome = import_archive(document=request.data, actor=user)
        tournament = outcome.tournament
        if tournament.is_public:
            path = reverse("public:standings", kwargs={"slug": tournament.slug})
        else:
            path = reverse("staff:tournament", kwargs={"slug": tournament.slug})
        body = {
            "slug": tournament.slug,
            "url": request.build_absolute_uri(path),
            "created": outcome.created,
            "changed": outcome.changed,
            "changes": outcome.changes,
        }
        code = status.HTTP_201_CREATED if outcome.created else status.HTTP_200_OK
        return Response(EventImportOutput(body).data, status=code)
