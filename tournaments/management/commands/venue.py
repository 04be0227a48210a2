"""``python manage.py venue``: Muraille for a hall, on one laptop.

manage.py switches the settings to the venue's (MURAILLE_VENUE=1: DEBUG off,
the data in VENUE_DIR, SQLite tuned for many writers, jobs in a thread);
this command prepares the folder, prints the organiser's login on the first
start and the addresses the tablets can use, and serves with waitress
until Ctrl-C. It needs Python alone: no make, no Redis, no gunicorn.
"""

from __future__ import annotations

import os

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.module_loading import import_string

from tournaments.venue import addresses, jobs, server, startup
from tournaments.venue.backups import start_backup_scheduler


class Command(BaseCommand):
    help = (
        "Serve Muraille to the tablets of a hall from this computer (every "
        "interface, plain HTTP, data in VENUE_DIR); Ctrl-C stops it."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--host",
            default="0.0.0.0",
            help="Address to listen on (default 0.0.0.0: every interface).",
        )
        parser.add_argument(
            "--port",
            type=int,
            default=int(os.environ.get("PORT", "8000")),
            help="Port to listen on (default: PORT, else 8000).",
        )
        parser.add_argument(
            "--threads", type=int, default=server.THREADS, help="Server threads."
        )

    def handle(self, *args, **options):
        if settings.VENUE_DIR is None:
            raise CommandError(
                "The venue's settings are off: start it as "
                "`python manage.py venue` (or set MURAILLE_VENUE=1)."
            )
        self.stdout.write(f"Venue data: {settings.VENUE_DIR}")
        for mo in startup.prepare_files():
            self.stdout.write(f"Compiled {mo}")
        # Bound before anything is announced: a port in use stops here.
        try:
            wsgi = server.make_server(
                options["host"], options["port"], options["threads"]
            )
        except OSError as error:
            raise CommandError(
                f"Cannot listen on {options['host']}:{options['port']}: {error}"
            ) from error
        login = startup.create_organiser()
        if login is not None:
            self.stdout.write(f"Organiser login: {login[0]} / {login[1]}")
        revived = startup.revive_jobs()
        if revived:
            self.stdout.write(f"Jobs started again after the last stop: {revived}")
        jobs.start_beat(settings.CELERY_BEAT_SCHEDULE, import_string)
        start_backup_scheduler()
        self._announce(options["host"], wsgi.effective_port)
        server.run_server(wsgi)
        self.stdout.write("Venue stopped.")

    def _announce(self, host: str, port: int) -> None:
        self.stdout.write(f"Listening on {host}:{port} (Ctrl-C stops)")
        every = host in ("0.0.0.0", "")
        found = addresses.lan_addresses() if every else [host]
        if not found:
            self.stdout.write("No network address: join the hall's network first.")
        for url in addresses.urls(found, port):
            self.stdout.write(f"Tablets: {url}")
