"""Spreadsheet pages: the public standings files, the organiser's exports and
the player import (upload, preview, confirm).

Public files follow the tournament's visibility (a private event is a 404).
A small tournament's workbook is built in the request; a big one is served
from the newest file a worker built after the last change, or a build is
started and the visitor waits on a page that reloads itself.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views import View

from tournaments.downloads import file_response
from tournaments.imports.messages import problem_message
from tournaments.imports.players import ImportPreview
from tournaments.imports.readers import MAX_FILE_BYTES, MAX_ROWS
from tournaments.messages import error_message
from tournaments.models import ExportFile
from tournaments.services import exports as export_services
from tournaments.services import imports as import_services
from tournaments.services.errors import ServiceError
from tournaments.views.mixins import OrganiserMixin, TournamentMixin

EXAMPLE_CSV = (
    "First name,Last name,Club,Country,EMA number\r\n"
    "Anna,Martin,Mahjong Club de Paris,FRA,04010013\r\n"
    "Bo,Chen,Lyon Mahjong,FRA,\r\n"
)
"""The example file offered on the import page: the accepted columns."""


def export_language(request: HttpRequest) -> str:
    """The user's language if the exports speak it, else the site's."""
    return export_services.supported_language(translation.get_language())


class StandingsCsvView(TournamentMixin, View):
    """The standings as CSV; ``?sep=semicolon`` for French spreadsheet programs."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        separator = request.GET.get("sep", "comma")
        if separator not in export_services.CSV_SEPARATORS:
            separator = "comma"
        filename, content = export_services.build_export(
            tournament=self.tournament,
            kind=ExportFile.Kind.CSV,
            language=export_language(request),
            separator=separator,
        )
        return file_response(filename, content, ExportFile.Kind.CSV)


class StandingsXlsxView(TournamentMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        served = export_services.serve_workbook(
            tournament=self.tournament,
            language=export_language(request),
            actor=request.user,
        )
        if isinstance(served, tuple):
            return file_response(*served, ExportFile.Kind.XLSX)
        context = {"tournament": self.tournament, "export": served}
        response = render(
            request, "tournaments/exports/preparing.html", context, status=202
        )
        response["Retry-After"] = "3"
        return response


def list_exports(tournament: Any) -> list[ExportFile]:
    """The tournament's recent files, without their bytes."""
    files = tournament.export_files.defer("content").select_related("created_by")
    return list(files[:20])


class ExportListView(OrganiserMixin, View):
    """The organiser's files: build one, follow its progress, download it."""

    template = "tournaments/exports/exports.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        context = {
            "tournament": self.tournament,
            "exports": list_exports(self.tournament),
            "direct": export_services.builds_directly(self.tournament),
            "direct_limit": export_services.DIRECT_EXPORT_MAX_PLAYERS,
        }
        return render(request, self.template, context)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        kind = request.POST.get("kind", ExportFile.Kind.XLSX)
        try:
            export_services.request_export(
                tournament_id=self.tournament.pk,
                kind=kind,
                language=export_language(request),
                actor=request.user,
            )
        except ServiceError as error:
            messages.error(request, error_message(error))
        return redirect("exports:list", slug=slug)


class ExportProgressView(OrganiserMixin, View):
    """One file's line, polled by htmx while a worker builds it; the line of a
    finished file carries no polling attribute, so the polling stops."""

    def get(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        export = get_object_or_404(
            ExportFile.objects.defer("content"), pk=pk, tournament=self.tournament
        )
        context = {"tournament": self.tournament, "export": export}
        return render(request, "tournaments/exports/_export_row.html", context)


class ExportDownloadView(OrganiserMixin, View):
    def get(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        export = get_object_or_404(
            ExportFile,
            pk=pk,
            tournament=self.tournament,
            status=ExportFile.Status.READY,
        )
        return file_response(export.filename, bytes(export.content), export.kind)


class UploadForm(forms.Form):
    # An empty file reaches the parser, whose report names it like any other.
    file = forms.FileField(
        label=_("Player list (XLSX or CSV)"),
        allow_empty_file=True,
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv,.txt"}),
    )


def preview_context(tournament: Any, preview: ImportPreview) -> dict[str, Any]:
    """The preview table's context, shared by the file import and the pasted
    list: each row with what registering does and its problems as sentences
    in the user's language, and the signed token once nothing is wrong."""
    preview = import_services.check_known_players(tournament, preview)
    details = import_services.list_row_details(tournament, preview)
    rows = [
        {
            "row": row,
            "match": match,
            "matched_by": matched_by,
            "problems": [problem_message(problem) for problem in row.problems],
        }
        for row, (match, matched_by) in zip(preview.rows, details, strict=True)
    ]
    to_register = sum(
        match != import_services.Match.REGISTERED for match, _by in details
    )
    return {
        "preview": preview,
        "file_problems": [problem_message(p) for p in preview.problems],
        "rows": rows,
        "problem_count": len(preview.all_problems),
        "to_register": to_register,
        "token": import_services.preview_token(tournament, preview)
        if preview.is_valid and to_register
        else "",
    }


class ImportView(OrganiserMixin, View):
    """Upload a player list and see every row with its problems."""

    template = "tournaments/exports/import.html"

    def context(self, form: UploadForm, **extra: Any) -> dict[str, Any]:
        return {
            "tournament": self.tournament,
            "form": form,
            "max_rows": MAX_ROWS,
            "max_size": MAX_FILE_BYTES,
            **extra,
        }

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return render(request, self.template, self.context(UploadForm()))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = UploadForm(request.POST, request.FILES)
        if not form.is_valid():
            return render(request, self.template, self.context(form), status=400)
        upload = form.cleaned_data["file"]
        preview = import_services.preview_upload(upload.name, upload.size, upload.read)
        context = self.context(
            UploadForm(),
            filename=upload.name,
            **preview_context(self.tournament, preview),
        )
        return render(request, self.template, context)


class ImportConfirmView(OrganiserMixin, View):
    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        try:
            preview = import_services.preview_from_token(
                self.tournament, request.POST.get("token", "")
            )
            result = import_services.import_players(
                tournament=self.tournament, preview=preview, actor=request.user
            )
        except ServiceError as error:
            messages.error(request, error_message(error))
            return redirect("exports:import", slug=slug)
        count = len(result.registrations)
        messages.success(
            request,
            ngettext(
                "%(count)s player registered from the file.",
                "%(count)s players registered from the file.",
                count,
            )
            % {"count": count},
        )
        return redirect("staff:tournament", slug=slug)


class ImportExampleView(OrganiserMixin, View):
    """A CSV file with the accepted columns and two example players."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return file_response(
            "players-example.csv",
            EXAMPLE_CSV.encode("utf-8-sig"),
            ExportFile.Kind.CSV,
        )
