"""``python manage.py publish_event <slug> --to <base URL> [--token <token>]``:
send an event to another Muraille (``tournaments.services.publishing``).

The token may come from the environment (``MURAILLE_PUBLISH_TOKEN``) so that
it is not typed on a command line, where the shell's history and the process
list would show it.
"""

import os

from django.core.management.base import BaseCommand, CommandError

from tournaments.management.events import event_or_error
from tournaments.messages import error_message
from tournaments.services.errors import ServiceError
from tournaments.services.publishing import DEFAULT_TIMEOUT_S, publish_event

TOKEN_VARIABLE = "MURAILLE_PUBLISH_TOKEN"
OUTCOMES = {
    "created": "Created on the other Muraille",
    "changed": "Updated on the other Muraille",
    "unchanged": "Unchanged: the other Muraille already had this event as it is",
}


class Command(BaseCommand):
    help = (
        "Publish a tournament to another Muraille through its API "
        f"(POST <base URL>/api/events/). The token may be set in {TOKEN_VARIABLE}."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's short name (its URL)")
        parser.add_argument(
            "--to", required=True, help="the other Muraille, e.g. https://club.org/"
        )
        parser.add_argument(
            "--token",
            default="",
            help=f"an API token of an organiser there (or {TOKEN_VARIABLE})",
        )
        parser.add_argument(
            "--timeout", type=float, default=DEFAULT_TIMEOUT_S, help="seconds"
        )

    def handle(self, *args, **options):
        tournament = event_or_error(options["slug"])
        token = options["token"] or os.environ.get(TOKEN_VARIABLE, "")
        try:
            result = publish_event(
                tournament=tournament,
                base_url=options["to"],
                token=token,
                timeout=options["timeout"],
            )
        except ServiceError as error:
            raise CommandError(error_message(error)) from None
        self.stdout.write(f"{OUTCOMES[result.outcome]}: {result.url}")
        for line in result.changes:
            self.stdout.write(f"  {line}")
