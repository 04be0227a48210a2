"""Words for the codes of ``BackupError``: the backups page and the
``venue_backup`` and ``venue_restore`` commands show them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.venue.backups import BackupError

BACKUP_MESSAGES: dict[str, Any] = {
    "not_sqlite": _(
        "Backups are for the embedded SQLite database; this server uses "
        "another database, which has backups of its own."
    ),
    "missing": _("There is no file %(path)s."),
    "not_sqlite_file": _("%(path)s is not an SQLite database."),
    "unreadable": _("%(path)s cannot be opened as a database: %(problem)s."),
    "damaged": _("%(path)s is damaged (SQLite's integrity check: %(problem)s)."),
    "not_muraille": _(
        "%(path)s is an SQLite database but not Muraille's (it has no "
        "django_migrations table)."
    ),
}


def backup_error_message(error: BackupError) -> str:
    """The sentence for ``error``, in the active language."""
    template = BACKUP_MESSAGES.get(error.code)
    if template is None:
        return error.code
    return str(template) % error.params
