from django.core.management.base import BaseCommand

from tournaments.demo import DEMO_PASSWORD, DEMO_USERNAME, load_demo


class Command(BaseCommand):
    help = "Create the demo tournament (16 players, 4 MCR rounds, 2 played)."

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true", help="Recreate it.")
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args, **options):
        tournament = load_demo(seed=options["seed"], reset=options["reset"])
        self.stdout.write(
            self.style.SUCCESS(f"Demo tournament ready: /t/{tournament.slug}/")
        )
        self.stdout.write(
            f"Organiser login at http://127.0.0.1:8000/accounts/login/ : "
            f"username {DEMO_USERNAME!r}, password {DEMO_PASSWORD!r}"
        )
