"""API: standings files, background exports and the player import.

The standings files follow the tournament's visibility. A big tournament's
``standings.xlsx`` answers 202 with the export being built (poll
``/api/exports/<id>/``, then follow ``download_url``). Every sentence in an
answer is in the request's language (Accept-Language).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api import schema
from tournaments.api.access import get_tournament
from tournaments.api.inputs import StrictInput
from tournaments.downloads import CONTENT_TYPES, file_response
from tournaments.imports.messages import problem_message
from tournaments.imports.players import ImportPreview, ImportProblem
from tournaments.models import ExportFile
from tournaments.services import exports as export_services
from tournaments.services import imports as import_services
from tournaments.services import jobs


class _FileRenderer(BaseRenderer):
    """Lets a client ask for the file's type; JSON answers still render."""

    charset = None
    render_style = "binary"

    def render(self, data: Any, accepted_media_type: Any = None, context: Any = None):
        if isinstance(data, bytes):
            return data
        return json.dumps(data).encode()


class XlsxRenderer(_FileRenderer):
    media_type = CONTENT_TYPES[ExportFile.Kind.XLSX]
    format = "xlsx"


class CsvRenderer(_FileRenderer):
    media_type = "text/csv"
    format = "csv"


LANGUAGE = OpenApiParameter(
    "language", str, description="en or fr; default: the request's language."
)


def requested_language(request: Any) -> str:
    code = request.query_params.get("language") or translation.get_language()
    return export_services.supported_language(code)


def get_export(request: Any, export_id: int) -> ExportFile:
    """The export file, readable by whoever may view its tournament."""
    export = get_object_or_404(
        ExportFile.objects.defer("content").select_related("tournament"),
        pk=export_id,
    )
    get_tournament(request, export.tournament.slug)
    return export


class ExportDetailApi(APIView):
    class OutputSerializer(serializers.ModelSerializer):
        download_url = serializers.SerializerMethodField()
        queue_notice = serializers.SerializerMethodField(help_text=jobs.NOTICE_HELP)

        class Meta:
            model = ExportFile
            fields = [
                "id", "kind", "language", "status", "progress", "filename",
                "error", "created_at", "download_url", "queue_notice",
            ]  # fmt: skip

        def get_queue_notice(self, export: ExportFile) -> str | None:
            return jobs.queue_notice(export)

        def get_download_url(self, export: ExportFile) -> str | None:
            if export.status != ExportFile.Status.READY:
                return None
            url = reverse("export-download-api", kwargs={"export_id": export.pk})
            request = self.context.get("request")
            return request.build_absolute_uri(url) if request else url

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Any, export_id: int) -> Response:
        export = get_export(request, export_id)
        return Response(
            self.OutputSerializer(export, context={"request": request}).data
        )


def export_answer(request: Any, export: ExportFile) -> Response:
    """202 with the export's state and where to poll it."""
    data = ExportDetailApi.OutputSerializer(export, context={"request": request}).data
    response = Response(data, status=status.HTTP_202_ACCEPTED)
    response["Location"] = reverse("export-api", kwargs={"export_id": export.pk})
    return response


class ExportDownloadApi(APIView):
    renderer_classes = [JSONRenderer, XlsxRenderer, CsvRenderer]

    @extend_schema(
        responses={
            (200, CONTENT_TYPES[ExportFile.Kind.XLSX]): OpenApiTypes.BINARY,
            (200, "text/csv"): OpenApiTypes.STR,
            409: schema.error("The file is not ready yet (params.status)."),
        }
    )
    def get(self, request: Any, export_id: int) -> HttpResponse:
        export = get_export(request, export_id)
        if export.status != ExportFile.Status.READY:
            body = {
                "error": "export_not_ready",
                "field": None,
                "detail": _("The file is not ready yet."),
                "params": {"status": export.status},
                "status": export.status,
            }
            return Response(body, status=status.HTTP_409_CONFLICT)
        content = ExportFile.objects.values_list("content", flat=True).get(pk=export.pk)
        return file_response(export.filename, bytes(content), export.kind)


class ExportListApi(APIView):
    """GET lists the tournament's built files; POST starts a build (organisers)."""

    class InputSerializer(StrictInput):
        kind = serializers.ChoiceField(
            ExportFile.Kind.choices, default=ExportFile.Kind.XLSX
        )
        language = serializers.ChoiceField(settings.LANGUAGES, required=False)

    @extend_schema(responses=ExportDetailApi.OutputSerializer(many=True))
    def get(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug, write=True)
        exports = tournament.export_files.defer("content")[:50]
        serializer = ExportDetailApi.OutputSerializer(
            exports, many=True, context={"request": request}
        )
        return Response(serializer.data)

    @extend_schema(
        request=InputSerializer, responses={202: ExportDetailApi.OutputSerializer}
    )
    def post(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        language = data.validated_data.get("language") or requested_language(request)
        export = export_services.request_export(
            tournament_id=tournament.pk,
            kind=data.validated_data["kind"],
            language=language,
            actor=request.user,
        )
        export.refresh_from_db()
        return export_answer(request, export)


class StandingsXlsxApi(APIView):
    renderer_classes = [JSONRenderer, XlsxRenderer]

    @extend_schema(
        parameters=[LANGUAGE],
        responses={
            (200, CONTENT_TYPES[ExportFile.Kind.XLSX]): OpenApiTypes.BINARY,
            202: ExportDetailApi.OutputSerializer,
        },
    )
    def get(self, request: Any, slug: str) -> HttpResponse:
        """The workbook; 202 and an export to poll when the event is large."""
        tournament = get_tournament(request, slug)
        served = export_services.serve_workbook(
            tournament=tournament,
            language=requested_language(request),
            actor=request.user,
        )
        if isinstance(served, tuple):
            return file_response(*served, ExportFile.Kind.XLSX)
        served.refresh_from_db()
        return export_answer(request, served)


class StandingsCsvApi(APIView):
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        parameters=[
            LANGUAGE,
            OpenApiParameter(
                "sep", str, enum=["comma", "semicolon"], description="semicolon: "
                "cells split by ';' and decimal commas, for French spreadsheets.",
            ),
        ],
        responses={(200, "text/csv"): OpenApiTypes.STR},
    )  # fmt: skip
    def get(self, request: Any, slug: str) -> HttpResponse:
        tournament = get_tournament(request, slug)
        filename, content = export_services.build_export(
            tournament=tournament,
            kind=ExportFile.Kind.CSV,
            language=requested_language(request),
            separator=request.query_params.get("sep", "comma"),
        )
        return file_response(filename, content, ExportFile.Kind.CSV)


def problem_data(problem: ImportProblem) -> dict[str, Any]:
    return {
        "row": problem.row_number,
        "code": problem.code,
        "message": problem_message(problem),
        "params": dict(problem.params),
    }


def preview_data(tournament: Any, preview: ImportPreview) -> dict[str, Any]:
    """Every row with its problems, and what importing it would do."""
    matches = import_services.list_row_matches(tournament, preview)
    rows = [
        {
            "row": row.row_number,
            "name": row.name,
            "first_name": row.first_name,
            "last_name": row.last_name,
            "club": row.club,
            "country": row.country,
            "ema_number": row.ema_number,
            "match": str(match),
            "problems": [problem_data(problem) for problem in row.problems],
        }
        for row, match in zip(preview.rows, matches, strict=True)
    ]
    return {
        "valid": preview.is_valid,
        "file_format": preview.file_format,
        "problems": [problem_data(problem) for problem in preview.all_problems],
        "rows": rows,
        "to_register": sum(m != import_services.Match.REGISTERED for m in matches),
    }


class PlayerImportApi(APIView):
    """Register players from an XLSX or CSV file: all rows, or none."""

    parser_classes = [MultiPartParser, FormParser]

    class InputSerializer(serializers.Serializer):
        #: One part is read; Django's multipart parser may lose it behind a
        #: part of another name it cannot read, so none is documented.
        closed = True

        file = serializers.FileField(help_text="The player list, XLSX or CSV.")

    class OutputSerializer(serializers.Serializer):
        registered = serializers.IntegerField()
        created_players = serializers.IntegerField()
        known_players = serializers.IntegerField()
        already_registered = serializers.IntegerField()
        players = serializers.ListField(child=serializers.IntegerField())

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        parameters=[
            OpenApiParameter(
                "dry_run", bool, description="Only return the preview; save nothing."
            )
        ],
        responses={
            200: OpenApiResponse(description="The preview (dry run)."),
            201: OutputSerializer,
            422: schema.error("Nothing saved: the preview's rows and problems."),
        },
    )
    def post(self, request: Any, slug: str) -> Response:
        tournament = get_tournament(request, slug, write=True)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data["file"]
        preview = import_services.preview_upload(upload.name, upload.size, upload.read)
        if request.query_params.get("dry_run") in ("1", "true", "yes"):
            return Response(preview_data(tournament, preview))
        if not preview.is_valid:
            body = {
                "error": "import_has_problems",
                "field": None,
                "detail": _("Nothing was saved: correct the file and send it again."),
                "params": {},
                **preview_data(tournament, preview),
            }
            # The file was read: its rows are refused, not the request.
            return Response(body, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
        result = import_services.import_players(
            tournament=tournament, preview=preview, actor=request.user
        )
        output = {
            "registered": len(result.registrations),
            "created_players": result.created_players,
            "known_players": result.known_players,
            "already_registered": result.already_registered,
            "players": [r.player_id for r in result.registrations],
        }
        return Response(output, status=status.HTTP_201_CREATED)
