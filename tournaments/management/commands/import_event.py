"""``python manage.py import_event <file> --user <organiser>``: import an
event archive (``export_event``'s file), creating or updating the event;
prints what changed. ``--dry-run`` only prints what would change.
"""

import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from config.parsers import JSONTooDeep, loads_bounded
from tournaments.messages import error_message
from tournaments.services.archive import import_archive
from tournaments.services.errors import ServiceError


class Command(BaseCommand):
    help = "Import an event archive (JSON) as an organiser; - reads stdin."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The archive; - for stdin.")
        parser.add_argument(
            "--user", required=True, help="The organiser account importing it."
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Show the changes, store nothing."
        )

    def handle(self, *args, **options):
        user = self._user(options["user"])
        document = self._read(options["file"])
        try:
            outcome = import_archive(
                document=document, actor=user, dry_run=options["dry_run"]
            )
        except ServiceError as error:
            raise CommandError(error_message(error)) from None
        tournament = outcome.tournament
        if options["dry_run"]:
            verb = "would be created" if outcome.created else "would be updated"
        else:
            verb = "created" if outcome.created else "updated"
        if not outcome.changed:
            verb = "unchanged"
        self.stdout.write(f"{tournament.slug}: {verb}.")
        for line in outcome.changes:
            self.stdout.write(f"  {line}")

    def _user(self, username):
        user_model = get_user_model()
        try:
            return user_model.objects.get(**{user_model.USERNAME_FIELD: username})
        except user_model.DoesNotExist:
            raise CommandError(f"No account {username!r}.") from None

    def _read(self, name):
        try:
            if name == "-":
                text = sys.stdin.read()
            else:
                text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"Cannot read {name}: {error}") from None
        try:
            return loads_bounded(text)
        except (ValueError, JSONTooDeep) as error:
            message = error_message(ServiceError("archive_not_json", reason=str(error)))
            raise CommandError(message) from None
