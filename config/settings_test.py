"""Test settings: fast hashing, eager Celery, local memory cache.

TEST_DATABASE_URL selects the database the suite runs on (SQLite by default;
``make test`` runs it again on PostgreSQL).
"""

import os

os.environ.setdefault("DEBUG", "true")
# The suite is never the venue, whatever the shell exported (the venue's tests
# start it in processes of their own).
os.environ["MURAILLE_VENUE"] = "false"

from .settings import *  # noqa: F403
from .settings import env

DATABASES = {"default": env.db("TEST_DATABASE_URL", default="sqlite:///:memory:")}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# The worker tests (``make test-worker``) set TEST_CELERY_BROKER_URL to a real
# Redis; every other test runs tasks in-process.
CELERY_BROKER_URL = env.str("TEST_CELERY_BROKER_URL", default="memory://")
CELERY_RESULT_BACKEND = env.str("TEST_CELERY_BROKER_URL", default="cache+memory://")
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL == "memory://"
SEATING_TIME_LIMIT_S = 2.0
LANGUAGE_CODE = "en"
STORAGES["staticfiles"]["BACKEND"] = (  # noqa: F405
    "django.contrib.staticfiles.storage.StaticFilesStorage"
)
# Tests post far faster than a person would.
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {  # noqa: F405
    "fans": "100000/min",
    "writes": "100000/min",
}

# Many tests post from one address within a minute; the rate limit tests
# switch it on (override_settings).
RATELIMIT_ENABLE = False
