"""The settings of the app the fault tests serve: production's, read from the
environment (DEBUG off, PostgreSQL, Redis), with one change: static files
without the manifest, which ``collectstatic`` would take a minute to write
(a page's stylesheet link is all the tests read of them)."""

from config.settings import *  # noqa: F403

STORAGES["staticfiles"]["BACKEND"] = (  # noqa: F405
    "django.contrib.staticfiles.storage.StaticFilesStorage"
)
