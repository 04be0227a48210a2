from django.conf import settings
from django.core.management.base import BaseCommand

from tournaments.demo import DEMO_PASSWORD, DEMO_USERNAME, load_demo


class Command(BaseCommand):
    help = (
        "Create the demo tournament (16 players, 4 rounds, 2 played), MCR or "
        "with --ruleset riichi the riichi one (EMA settings). "
        "The demo login (a known password) is created only with DEBUG on or "
        "--with-login."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset", action="store_true", help="Delete the demo and recreate it."
        )
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--ruleset",
            choices=["mcr", "riichi"],
            default="mcr",
            help="The rule set of the demo (riichi has its own slug).",
        )
        parser.add_argument(
            "--with-login",
            action="store_true",
            help="Create the demo organiser login even with DEBUG off.",
        )

    def handle(self, *args, **options):
        with_login = options["with_login"] or settings.DEBUG
        tournament = load_demo(
            seed=options["seed"],
            reset=options["reset"],
            with_login=with_login,
            ruleset=options["ruleset"],
        )
        self.stdout.write(
            self.style.SUCCESS(f"Demo tournament ready: /t/{tournament.slug}/")
        )
        if with_login:
            self.stdout.write(
                f"Organiser login at http://127.0.0.1:8000/accounts/login/ : "
                f"username {DEMO_USERNAME!r}, password {DEMO_PASSWORD!r}"
            )
        else:
            self.stdout.write(
                "No demo login created (DEBUG is off): add --with-login for one."
            )
