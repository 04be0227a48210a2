"""The Celery application: settings come from Django's, prefixed CELERY_."""

import os

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("muraille")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
def requeue_jobs_at_start(sender: object = None, **kwargs: object) -> None:
    """Send again every pending job once a worker is up: a broker that
    restarted empty lost their tasks, and a job whose send failed while the
    queue was down has none. A job sent twice runs once (``jobs.claim``)."""
    from tournaments.tasks.jobs import requeue_jobs_task

    requeue_jobs_task.delay(lost_after_s=0)
