"""API: import a whole event from its archive (docs/event-archive.md).

``POST /api/events/`` takes the archive JSON as the body: the event is
created here, or updated when its ``uid`` is known here (its organisers
only). The body may be up to ``ARCHIVE_MAX_BYTES`` (32 MB): an event of
400 players over 7 rounds (11,200 hands and their audit trail) is 9 MB of
JSON and more with tiles, far above the 2.5 MB every other endpoint takes.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import BaseParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from config.parsers import read_bounded_json
from tournaments.api.schema import error
from tournaments.archive.limits import ARCHIVE_MAX_BYTES
from tournaments.permissions import ORGANISER_REQUIRED, can_create_tournament
from tournaments.services.archive import import_archive


class ArchiveJSONParser(BaseParser):
    """JSON bounded in depth, and in size by ``ARCHIVE_MAX_BYTES`` (413).

    Not a ``JSONParser``: DRF hands a ``JSONParser`` the body through
    ``request.body``, which Django caps at ``DATA_UPLOAD_MAX_MEMORY_SIZE``
    (2.5 MB, every other endpoint's limit); this one reads the request's
    stream itself, as ``config.parsers.BoundedJSONParser`` does, up to the
    archive's own limit.
    """

    media_type = "application/json"
    max_bytes = ARCHIVE_MAX_BYTES

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: dict[str, Any] | None = None,
    ) -> Any:
        return read_bounded_json(stream, parser_context, limit=self.max_bytes)


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
            # The archive's own format (docs/event-archive.md) refuses it:
            # the schema only says "an object".
            422: error(
                "The archive is refused whole: error and field name its "
                "first problem; nothing is stored."
            ),
            403: error("Not an organiser here, or not one of this event's."),
            413: error("The archive is larger than 32 MB."),
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
