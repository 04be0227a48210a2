"""``python manage.py requeue_jobs``: send again the jobs the queue lost.

The same sweep as Celery beat's ``requeue-jobs`` entry: pending seating and
export jobs whose send failed (the queue was down) or whose task is
presumed lost. ``--all`` resends every pending job, as a worker's start
does; a job sent twice still runs once.
"""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError

from tournaments.services.jobs import requeue_jobs


class Command(BaseCommand):
    help = (
        "Send again the pending seating and export jobs that have no live task "
        "(their send failed, or the queue lost them)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--all",
            action="store_true",
            help="Resend every pending job, not only the presumed lost ones.",
        )

    def handle(self, *args, **options):
        kwargs = {"lost_after": timedelta(0)} if options["all"] else {}
        sent, unsent = requeue_jobs(**kwargs)
        self.stdout.write(f"{sent} job(s) sent again.")
        if unsent:
            raise CommandError(
                f"The job queue is unreachable: {unsent} job(s) still wait. "
                "They are sent by the next sweep, or run this command again."
            )
