from django.conf import settings
from django.core.management.base import BaseCommand

from leagues.demo import load_league_demo


class Command(BaseCommand):
    help = (
        "Create the demo leagues (an MCR club season of three nights with the "
        "demo tournament counted, and a French classic family night). Run "
        "load_demo first. The demo login organises them with DEBUG on or "
        "--with-login."
    )

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--with-login",
            action="store_true",
            help="Make the demo login their organiser even with DEBUG off.",
        )

    def handle(self, *args, **options):
        for league in load_league_demo(
            seed=options["seed"],
            with_login=options["with_login"] or settings.DEBUG,
        ):
            self.stdout.write(
                self.style.SUCCESS(f"Demo league ready: /leagues/{league.slug}/")
            )
