"""The Celery application: settings come from Django's, prefixed CELERY_."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("muraille")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
