"""``python manage.py grant_organiser <username>``: let an account create events."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.permissions import organiser_permission


class Command(BaseCommand):
    help = (
        "Give an account the organiser permission (creating tournaments); "
        "--revoke takes it back."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--revoke", action="store_true")

    def handle(self, *args, **options):
        user_model = get_user_model()
        try:
            user = user_model.objects.get(
                **{user_model.USERNAME_FIELD: options["username"]}
            )
        except user_model.DoesNotExist:
            raise CommandError(f"No account {options['username']!r}.") from None
        if options["revoke"]:
            user.user_permissions.remove(organiser_permission())
            self.stdout.write(
                f"{user.get_username()} may no longer create tournaments."
            )
        else:
            user.user_permissions.add(organiser_permission())
            self.stdout.write(f"{user.get_username()} may now create tournaments.")
