"""The organiser's backups page: the list, and "Back up now".

Only where the database is an SQLite file (the venue's laptop, or a
small club's ``make run``); on PostgreSQL the page does not exist (404):
that database has backups of its own, outside Muraille. Organisers only
(the permission to create tournaments): a backup holds every event.
No AuditEvent: the audit trail belongs to a tournament and records score
changes, and a backup changes nothing; the log names who asked.
"""

from __future__ import annotations

import logging
from pathlib import Path

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View

from tournaments.permissions import TournamentCreatorRequiredMixin
from tournaments.venue.backups import (
    BackupError,
    backup_folder,
    backup_now,
    list_backups,
    local_now,
)
from tournaments.venue.messages import backup_error_message

logger = logging.getLogger(__name__)


def folder_or_404() -> Path:
    folder = backup_folder()
    if folder is None:
        raise Http404(_("Backups are only for the embedded SQLite database."))
    return folder


class BackupsView(TournamentCreatorRequiredMixin, View):
    def get(self, request: HttpRequest) -> HttpResponse:
        folder = folder_or_404()
        backups = list_backups(folder)
        context = {
            "backups": backups,
            "latest": backups[0] if backups else None,
            "now": local_now(),
            "folder": folder,
            "restore_command": "python manage.py venue_restore "
            + str(backups[0].path if backups else folder / "<file>"),
        }
        return render(request, "tournaments/staff/backups.html", context)

    def post(self, request: HttpRequest) -> HttpResponse:
        folder_or_404()
        try:
            path = backup_now()
        except Exception as error:  # a full disk, a lock: a message, not a 500
            logger.exception("Backup asked by %s failed", request.user)
            messages.error(request, failure_message(error))
        else:
            logger.info("Backup %s written, asked by %s", path, request.user)
            messages.success(
                request, _("Backup written: %(name)s.") % {"name": path.name}
            )
        return redirect("staff:backups")


def failure_message(error: Exception) -> str:
    if isinstance(error, BackupError):
        reason = backup_error_message(error)
    else:
        reason = str(error) or type(error).__name__
    return _("The backup failed: %(reason)s") % {"reason": reason}
