"""``python manage.py venue_backup [--to FOLDER]``: write a backup now.

The same copy as the venue server's periodic backups and the dashboard's
"Back up now" button: SQLite's backup API (safe while the server runs and
tablets write), checked with SQLite's integrity check, named
``muraille-YYYYMMDD-HHMMSS.sqlite3``, in the venue's ``backups`` folder
(``VENUE_DIR/backups``; outside the venue, a ``backups`` folder beside the
database file). The oldest backups beyond ``VENUE_BACKUPS_KEPT`` (24) are
deleted; no other file is touched. ``--to`` writes into another folder, a
USB key for instance.

Put a backup back with ``python manage.py venue_restore <file>``.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.venue.backups import BackupError, backup_now
from tournaments.venue.messages import backup_error_message


class Command(BaseCommand):
    help = "Write a consistent, checked backup of the SQLite database now."
    # A copy of the database file: the URLs, views and API need not be loaded
    # and checked first (half the command's start on a laptop).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument(
            "--to",
            type=Path,
            metavar="FOLDER",
            help="Write into this folder instead of the venue's backups folder.",
        )

    def handle(self, *args, **options):
        try:
            path = backup_now(folder=options["to"])
        except BackupError as error:
            raise CommandError(backup_error_message(error)) from error
        except OSError as error:
            raise CommandError(f"The backup could not be written: {error}") from error
        size = path.stat().st_size
        self.stdout.write(f"Backup written: {path} ({size} bytes).")
