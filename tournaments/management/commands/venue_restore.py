"""``python manage.py venue_restore <backup file> [--force]``: restore a backup.

For the morning after a crash, or another laptop when the venue's died:

1. stop the venue server (Ctrl+C in its window);
2. ``python manage.py venue_restore venue/backups/muraille-20261127-153000.sqlite3``
   (any backup file works, one copied from another laptop's ``backups``
   folder or a USB key included);
3. start the server again (``make venue`` or ``python manage.py venue``).

The file is checked first (an SQLite database that passes SQLite's
integrity check and has Muraille's ``django_migrations`` table); anything
else is refused with the reason, and nothing is changed. The current
database is kept aside, renamed ``<name>.before-restore-YYYYMMDD-HHMMSS``
with its ``-wal`` and ``-shm`` files, never deleted. The backup is copied in
with SQLite's backup API, then ``migrate`` brings a backup made by an older
Muraille up to date.

While a venue server has the database open the command refuses: the
server would go on writing into the database set aside. ``--force``
restores anyway (only when that check is wrong, e.g. a stale lock on a
network drive).
"""

from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from tournaments.venue.backups import BackupError, database_file, local_now
from tournaments.venue.messages import backup_error_message
from tournaments.venue.restore import check_backup, database_in_use, restore_database

IN_USE = (
    "The database {target} is in use: stop the venue server first (Ctrl+C in "
    "its window), then run this command again. --force restores anyway."
)


class Command(BaseCommand):
    help = "Put a backup file in place of the SQLite database (the server stopped)."
    # A file put in place; the migrate run after it checks the project.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("backup", type=Path, help="The backup file to restore.")
        parser.add_argument(
            "--force",
            action="store_true",
            help="Restore even though the database seems in use by a server.",
        )

    def handle(self, *args, **options):
        backup, target = options["backup"], database_file()
        if target is None:
            raise CommandError(backup_error_message(BackupError("not_sqlite")))
        try:
            check_backup(backup)
        except BackupError as error:
            raise CommandError(backup_error_message(error)) from error
        # This command's own connection would hold the old file open.
        connections["default"].close()
        if database_in_use(target):
            if not options["force"]:
                raise CommandError(IN_USE.format(target=target))
            self.stderr.write("Warning: the database is in use; restoring anyway.")
        try:
            aside = restore_database(backup=backup, target=target, now=local_now())
        except BackupError as error:
            raise CommandError(backup_error_message(error)) from error
        if aside is not None:
            self.stdout.write(f"The former database is kept as {aside}.")
        self.stdout.write(f"Restored {backup} into {target}.")
        try:
            call_command("migrate", interactive=False, verbosity=0)
        except Exception as error:
            raise CommandError(
                f"The backup is in place, but bringing it up to date failed: "
                f"{error}. Run python manage.py migrate to see why."
            ) from error
        self.stdout.write("Database up to date. Start the venue server again.")
