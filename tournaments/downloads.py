"""File downloads, the same for the pages and the API: content types and the
response that makes a browser save the file under its name."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.http import content_disposition_header

from tournaments.models import ExportFile

CONTENT_TYPES = {
    ExportFile.Kind.XLSX: (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    ),
    ExportFile.Kind.CSV: "text/csv; charset=utf-8",
}


def file_response(filename: str, content: bytes, kind: str) -> HttpResponse:
    """``content`` as an attachment named ``filename``."""
    response = HttpResponse(content, content_type=CONTENT_TYPES[kind])
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response
