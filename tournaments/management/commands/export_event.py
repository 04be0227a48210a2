"""``python manage.py export_event <slug> <file>``: the event archive.

Writes the event (docs/event-archive.md) as one JSON document, to a file
(a USB key) or to the standard output with ``-``; another Muraille imports
it with ``import_event``, its dashboard or ``POST /api/events/``.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.management.events import event_or_error
from tournaments.models import Tournament
from tournaments.selectors.archive import build_archive


def archive_text(tournament: Tournament) -> str:
    """The archive as text: UTF-8, one key per line, the same text for an
    unchanged event."""
    return json.dumps(build_archive(tournament), ensure_ascii=False, indent=1) + "\n"


class Command(BaseCommand):
    help = "Write an event's archive (JSON) to a file, or to stdout with -."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", help="The file to write; - for stdout.")

    def handle(self, *args, **options):
        tournament = event_or_error(options["slug"])
        text = archive_text(tournament)
        if options["file"] == "-":
            sys.stdout.write(text)
            return
        path = Path(options["file"])
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"Cannot write {path}: {error}") from None
        self.stderr.write(f"{tournament.slug}: {len(text.encode())} bytes in {path}")
