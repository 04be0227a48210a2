"""Rate every session again, here and now (the jobs rate only the new ones
when they can): after a restore, a bulk import or any doubt."""

from django.core.management.base import BaseCommand

from leagues.models import RatingJob
from leagues.services.ratings import run_rating_job


class Command(BaseCommand):
    help = (
        "Recompute every player's rating from every closed session, in the "
        "canonical order, in this process (no worker needed)."
    )

    def handle(self, *args, **options):
        job = RatingJob.objects.create(mode=RatingJob.Mode.FULL)
        job = run_rating_job(job_id=job.pk, on_progress=lambda _percent: None)
        if job.status != RatingJob.Status.DONE:
            self.stderr.write(f"Rating job {job.pk} failed: {job.error}")
            raise SystemExit(1)
        self.stdout.write(
            self.style.SUCCESS(f"Ratings recomputed: {job.sessions} sessions.")
        )
