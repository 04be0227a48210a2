"""An event leaving one Muraille for another: publishing it online from the
organiser's tournament page, downloading its archive file (for a USB key),
and importing such a file on the dashboard (upload, preview, import).

The API token typed to publish is used for the one request and dropped: it
is never shown again, stored, or kept in the session. The address of the
other Muraille is remembered through the audit trail of the last publication.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.decorators import method_decorator
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.decorators.debug import sensitive_post_parameters

from tournaments.archive.errors import ArchiveError
from tournaments.archive.limits import ARCHIVE_MAX_BYTES
from tournaments.messages import error_message
from tournaments.models import AuditEvent, Tournament
from tournaments.permissions import TournamentCreatorRequiredMixin
from tournaments.selectors.archive import build_archive
from tournaments.services import archive_uploads
from tournaments.services.archive import import_archive, load_document
from tournaments.services.errors import ServiceError
from tournaments.services.publishing import PUBLISH_ACTION, publish_event
from tournaments.views.mixins import OrganiserMixin

ERRORS = (ServiceError, ArchiveError)


class PublishForm(forms.Form):
    base_url = forms.CharField(
        label=gettext_lazy("Address of the other Muraille"),
        max_length=500,
        widget=forms.TextInput(
            attrs={"placeholder": "https://muraille.example.org/", "inputmode": "url"}
        ),
    )
    token = forms.CharField(
        label=gettext_lazy("Your API token there"),
        max_length=200,
        strip=True,
        # Never written back into the page, even when the form has errors.
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text=gettext_lazy(
            "Used for this sending only: it is not stored. Ask the other "
            "Muraille's administrator for it if you do not have one."
        ),
    )


def last_publication(tournament: Tournament) -> AuditEvent | None:
    return (
        tournament.audit_events.filter(action=PUBLISH_ACTION)
        .select_related("actor")
        .order_by("-created_at", "-pk")
        .first()
    )


def publish_context(tournament: Tournament) -> dict[str, Any]:
    """The tournament page's "Publish online" section: the form, its address
    filled with the last publication's."""
    last = last_publication(tournament)
    initial = {"base_url": (last.after or {}).get("to", "")} if last else {}
    return {"publish_form": PublishForm(initial=initial), "last_publication": last}


@method_decorator(sensitive_post_parameters("token"), name="dispatch")
class PublishView(OrganiserMixin, View):
    """Send the event to another Muraille and show what it did with it.

    The token is hidden from Django's error reports, should a request fail.
    """

    template = "tournaments/staff/event_publish.html"

    def render(self, form: PublishForm, status: int = 200, **extra: Any) -> Any:
        context = {
            "tournament": self.tournament,
            "publish_form": form,
            "last_publication": last_publication(self.tournament),
            **extra,
        }
        return render(self.request, self.template, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.render(publish_context(self.tournament)["publish_form"])

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = PublishForm(request.POST)
        if not form.is_valid():
            return self.render(form, status=400)
        try:
            result = publish_event(
                tournament=self.tournament,
                base_url=form.cleaned_data["base_url"],
                token=form.cleaned_data["token"],
                actor=request.user,
            )
        except ServiceError as error:
            field = error.field if error.field in form.fields else None
            form.add_error(field, error_message(error))
            return self.render(form, status=400)
        form = PublishForm(initial={"base_url": form.cleaned_data["base_url"]})
        return self.render(form, result=result)


def archive_filename(tournament: Tournament) -> str:
    return f"{tournament.slug}.muraille.json"


class ArchiveDownloadView(OrganiserMixin, View):
    """The event archive as one JSON file, to carry on a USB key."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        document = build_archive(self.tournament)
        content = json.dumps(document, ensure_ascii=False, indent=1).encode()
        response = HttpResponse(content, content_type="application/json")
        response["Content-Disposition"] = content_disposition_header(
            True, archive_filename(self.tournament)
        )
        return response


class ArchiveUploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Event archive (.muraille.json)"),
        allow_empty_file=True,
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )


def read_document(data: bytes) -> dict[str, Any]:
    """The uploaded bytes as a JSON object, else a ``ServiceError`` naming
    why the file is not an archive."""
    try:
        # Bounded: a file of 5,000 "[" must not recurse the server away.
        document = load_document(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ServiceError) as error:
        raise ServiceError("event_upload_not_json") from error
    if not isinstance(document, dict):
        raise ServiceError("event_upload_not_json")
    return document


def archive_counts(document: dict[str, Any]) -> dict[str, int]:
    """Players, rounds, tables and hands of an archive the dry run accepted."""
    rounds = document.get("rounds") or []
    tables = [table for r in rounds for table in r.get("tables") or []]
    return {
        "players": len(document.get("registrations") or []),
        "rounds": len(rounds),
        "tables": len(tables),
        "hands": sum(len(table.get("hands") or []) for table in tables),
    }


class EventImportView(TournamentCreatorRequiredMixin, View):
    """Upload an archive file and see what importing it would change; the
    file is kept (see ``archive_uploads``) only when it can be imported."""

    template = "tournaments/staff/event_import.html"

    def render(self, form: ArchiveUploadForm, status: int = 200, **extra: Any) -> Any:
        context = {"form": form, "max_size": ARCHIVE_MAX_BYTES, **extra}
        return render(self.request, self.template, context, status=status)

    def get(self, request: HttpRequest) -> HttpResponse:
        return self.render(ArchiveUploadForm())

    def post(self, request: HttpRequest) -> HttpResponse:
        form = ArchiveUploadForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.render(form, status=400)
        upload = form.cleaned_data["file"]
        try:
            if upload.size > ARCHIVE_MAX_BYTES:
                raise ServiceError(
                    "event_upload_too_large", size=upload.size, limit=ARCHIVE_MAX_BYTES
                )
            data = upload.read()
            document = read_document(data)
            outcome = import_archive(
                document=document, actor=request.user, dry_run=True
            )
        except ERRORS as error:
            form.add_error("file", error_message(error))
            return self.render(form, status=400)
        token = archive_uploads.keep_upload(data=data, user=request.user)
        return self.render(
            ArchiveUploadForm(),
            outcome=outcome,
            counts=archive_counts(document),
            filename=upload.name,
            token=token,
        )


class EventImportConfirmView(TournamentCreatorRequiredMixin, View):
    """Import the bytes the preview showed, then open the event's page."""

    def post(self, request: HttpRequest) -> HttpResponse:
        try:
            name, data = archive_uploads.read_upload(
                token=request.POST.get("token", ""), user=request.user
            )
            outcome = import_archive(document=read_document(data), actor=request.user)
        except ERRORS as error:
            messages.error(request, error_message(error))
            return redirect("staff:event-import")
        archive_uploads.forget_upload(name)
        if outcome.created:
            text = _("The event “%(name)s” was imported.")
        elif outcome.changed:
            text = _("The event “%(name)s” was updated from the archive.")
        else:
            text = _("The event “%(name)s” was already as in the archive.")
        messages.success(request, text % {"name": outcome.tournament.name})
        return redirect("staff:tournament", slug=outcome.tournament.slug)
