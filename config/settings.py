"""Settings for every environment, read from environment variables.

Defaults run the development server on SQLite with Celery in eager mode, so
``make run`` needs no service. Production sets DATABASE_URL, REDIS_URL,
SECRET_KEY, ALLOWED_HOSTS and DEBUG=false.
"""

from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _
from whitenoise.compress import Compressor

from config import venue

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

# The venue (``python manage.py venue`` sets MURAILLE_VENUE=1): a laptop in a
# hall, DEBUG off, its data in one folder (config/venue.py, the block below).
VENUE = env.bool("MURAILLE_VENUE", default=False)
VENUE_DIR = (
    venue.venue_dir(env.str("VENUE_DIR", default=str(BASE_DIR / "venue")))
    if VENUE
    else None
)
DEBUG = env.bool("DEBUG", default=VENUE_DIR is None)
# The name or address in the tablets' links (tournaments/venue/links.py);
# empty: the laptop's LAN address, detected.
VENUE_HOST = env.str("VENUE_HOST", default="")
VENUE_BACKUP_MINUTES = env.float("VENUE_BACKUP_MINUTES", default=5.0)
VENUE_BACKUPS_KEPT = env.int("VENUE_BACKUPS_KEPT", default=24)
if VENUE_DIR is not None:
    # Made on the first start and kept: sessions survive a restart.
    SECRET_KEY = env.str("SECRET_KEY", default=venue.secret_key(VENUE_DIR))
else:
    SECRET_KEY = env.str(
        "SECRET_KEY",
        default="insecure-development-key-change-me" if DEBUG else environ.Env.NOTSET,
    )
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    "tournaments",
    "scoring",
    "leagues",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Outside the 503 middleware, so the "back in a moment" page has it too.
    "csp.middleware.CSPMiddleware",
    "config.middleware.DatabaseUnavailableMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a lockout into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Keep each worker's connection between requests: a new PostgreSQL connection
# costs a backend process and its catalogue warm-up (about 10 ms of the
# room's requests, that take 3 to 30 ms of their own). The health check
# reconnects once after a database restart instead of failing the request.
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.redis_cache.SharedClientRedisCache",
            "LOCATION": REDIS_URL,
        }
    }
# Seconds a tournament row and its room versions stay in the cache, so that
# a poll answered 304 reads no database (tournaments/room_cache.py). Writes
# at tables forget the versions at once; other changes show within this
# delay. Off in development (and the tests that do not ask for it).
ROOM_VERSION_CACHE_SECONDS = env.int(
    "ROOM_VERSION_CACHE_SECONDS", default=0 if DEBUG else 2
)

AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation."
        "UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes counts failed logins per user name and address (the standalone
# backend first: it refuses a locked-out pair before any password is checked).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# The hands a player needs to lead a figure of an event's or a league's
# statistics (fewer make a 100 % win rate out of one hand).
STATS_MIN_HANDS = env.int("STATS_MIN_HANDS", default=16)
# A league's: four MCR sessions.
LEAGUE_STATS_MIN_HANDS = env.int("LEAGUE_STATS_MIN_HANDS", default=64)
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.middleware.lockout_response"
AXES_CLIENT_IP_CALLABLE = "config.client_address.client_ip"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "staff:dashboard"
LOGOUT_REDIRECT_URL = "public:home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
# Gzip and brotli copies of every static file, served by WhiteNoise: most of
# collectstatic's time (24 s of CPU). STATIC_COMPRESSED=false keeps the
# hashed names without them, for a server whose proxy compresses.
STATIC_COMPRESSED = env.bool("STATIC_COMPRESSED", default=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if STATIC_COMPRESSED
            else "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
        )
    },
}
# Source maps are for a developer's tools, never fetched by a tablet:
# compressing them took half of collectstatic (a venue's first start).
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
MEDIA_ROOT = BASE_DIR / "media"

# Reverse proxies in front of gunicorn that append to X-Forwarded-For. At 0
# the header is ignored, so a forged one cannot dodge a throttle or a lockout.
NUM_PROXIES = env.int("NUM_PROXIES", default=0)
# HTML forms outside the API (config/rate_limits.py): a table link's POSTs
# (a tablet sends a hand a minute; a room of 100 in the load test, one every
# 5 s each), and the anonymous fan calculator page per address.
TABLE_FORM_RATE = env.str("TABLE_FORM_RATE", default="60/m")
PUBLIC_FORM_RATE = env.str("PUBLIC_FORM_RATE", default="60/m")
RATELIMIT_ENABLE = env.bool("RATELIMIT_ENABLE", default=True)

REST_FRAMEWORK = {
    # Token first: its WWW-Authenticate header makes a missing or bad token a
    # 401 rather than a 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly"
    ],
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.MurailleAutoSchema",
    # JSON only, bounded in size and depth: a form cannot say null, a number
    # or a list of lists, so its schema would promise what it cannot carry.
    # The file uploads (players' import) name their own parsers.
    "DEFAULT_PARSER_CLASSES": ["config.parsers.BoundedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": (
        "tournaments.api.negotiation.ExactContentNegotiation"
    ),
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
    "DEFAULT_THROTTLE_CLASSES": ["tournaments.api.throttles.WriteRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "fans": env.str("FANS_THROTTLE_RATE", default="120/min"),
        "writes": env.str("WRITES_THROTTLE_RATE", default="120/min"),
    },
    "NUM_PROXIES": NUM_PROXIES,
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Muraille API",
    "DESCRIPTION": "Mahjong club tournaments and leagues.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "HandKindEnum": "tournaments.models.Hand.Kind",
        "PenaltyKindEnum": "tournaments.models.Penalty.Kind",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "RegistrationStatusEnum": "tournaments.models.Registration.Status",
        "SignupStatusEnum": "tournaments.models.Signup.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "ExportKindEnum": "tournaments.models.ExportFile.Kind",
        "ExportStatusEnum": "tournaments.models.ExportFile.Status",
    },
}

# Celery: eager (in-process) unless a broker is configured.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = env.str(
    "CELERY_RESULT_BACKEND", default=REDIS_URL or "cache+memory://"
)
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
# The venue runs its jobs in a thread of the server (tournaments/venue/jobs.py).
JOBS_IN_PROCESS = False
CELERY_TASK_TRACK_STARTED = True
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# A request that enqueues a job must answer within a few seconds when Redis
# is down: the job row stays pending and the sweep below sends it later. The
# defaults (4 s connection timeout, 20 result-store reconnects one second
# apart) held a request for about 19 s and then answered 500. No retry: a
# frozen Redis made each one cost another read timeout (6 s in all), and
# redis-py already reconnects a pooled connection that a restart closed.
JOB_CONNECT_TIMEOUT_S = 1.0
_JOB_RETRY_POLICY = {
    "max_retries": 0,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 0.5,
}
# A Redis that accepts connections but never answers would hold a request
# forever without a read timeout; longer than the worker's 1 s BRPOP poll.
JOB_SOCKET_TIMEOUT_S = 2.0
CELERY_BROKER_CONNECTION_TIMEOUT = JOB_CONNECT_TIMEOUT_S
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": JOB_CONNECT_TIMEOUT_S,
    "socket_timeout": JOB_SOCKET_TIMEOUT_S,
}
CELERY_TASK_PUBLISH_RETRY_POLICY = _JOB_RETRY_POLICY
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = JOB_CONNECT_TIMEOUT_S
# The result store (no blocking poll of its own: one second is plenty)
# already reconnects once when a subscription fails, which doubles its wait.
CELERY_REDIS_SOCKET_TIMEOUT = JOB_CONNECT_TIMEOUT_S
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {**_JOB_RETRY_POLICY, "max_retries": 0}
}
# Jobs whose dispatch failed, or whose task was lost (a broker restarted
# empty), are sent again by this sweep, by the worker's start, and by
# ``python manage.py requeue_jobs``. Every 15 s: with the lost-after bounds
# of tournaments/services/jobs.py, a lost job runs again within a minute.
JOB_REQUEUE_EVERY_S = 15
CELERY_BEAT_SCHEDULE = {
    "requeue-jobs": {
        "task": "tournaments.tasks.jobs.requeue_jobs_task",
        "schedule": JOB_REQUEUE_EVERY_S,
    },
    # Registration: the e-mails whose task was lost, then the personal data
    # whose retention after the event is over (tournaments/tasks/signups.py).
    "send-owed-signup-emails": {
        "task": "tournaments.tasks.signups.send_owed_signup_emails_task",
        "schedule": 300.0,
    },
    "erase-expired-signups": {
        "task": "tournaments.tasks.signups.erase_expired_signups_task",
        "schedule": 6 * 3600.0,
    },
    # Ratings follow the sessions: a job is queued when a score changed.
    "refresh-ratings": {
        "task": "leagues.tasks.refresh_ratings_task",
        "schedule": env.float("RATINGS_REFRESH_EVERY_S", default=60.0),
    },
}

# Registration's e-mails (tournaments/services/signup_emails.py): printed on
# the console in development, sent by SMTP in production (EMAIL_HOST...).
EMAIL_BACKEND = env.str(
    "EMAIL_BACKEND",
    default="django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=20)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="muraille@localhost")
# The site's address in the e-mails' links (a Celery task has no request).
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000")

# Seating: seconds a seating job may search before it keeps its best plan.
SEATING_TIME_LIMIT_S = env.float("SEATING_TIME_LIMIT_S", default=5.0)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}

# Browser hardening that costs nothing in development.
# Content-Security-Policy (django-csp): every script, style, image and fetch
# comes from this site, and no inline script runs (the pages load static/js/
# files, data goes through json_script blocks, htmx is told not to inject its
# indicator styles nor to eval). No nonce: a nonce changes every response,
# which would defeat the ETag/304 of the public pages and polls.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        # data: for the images Chart.js and the browser's own widgets draw.
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
        "base-uri": [SELF],
        "object-src": [NONE],
    },
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Production behind TLS; the venue's hall is plain HTTP (its block below).
if not DEBUG and VENUE_DIR is None:
    SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=True)
    CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)
    # The header the proxy sets to the scheme the browser used; empty when
    # gunicorn terminates TLS itself (a forged header would then be trusted).
    _proxy_ssl_header = env.str(
        "SECURE_PROXY_SSL_HEADER", default="HTTP_X_FORWARDED_PROTO"
    )
    SECURE_PROXY_SSL_HEADER = (
        (_proxy_ssl_header, "https") if _proxy_ssl_header else None
    )
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool(
        "SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True
    )
    # Preloading is a promise to the browsers' list, hard to take back: opt in.
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
    if not SECURE_HSTS_PRELOAD:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]

# The venue: plain HTTP on the hall's network (Django's defaults: cookies
# without Secure, no TLS redirect, no HSTS), the embedded database tuned for
# many writers, one process (local memory cache, jobs in a thread of the
# server: config/venue.py, tournaments/venue/jobs.py).
if VENUE_DIR is not None:
    # Any host: the laptop's address comes from the router's DHCP and can
    # change during the day, and tablets may use a name (VENUE_HOST). The
    # links handed out are built from VENUE_HOST or the detected address,
    # never from the Host header; cookies stay bound to the address a browser
    # used. CSRF needs nothing more over HTTP: Django accepts a POST whose
    # Origin is http://<the Host it was sent to>.
    ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["*"])
    DATABASES = {"default": venue.sqlite_database(VENUE_DIR)}
    CACHES = venue.LOCAL_MEMORY_CACHE
    MEDIA_ROOT = VENUE_DIR / "media"
    STATIC_ROOT = VENUE_DIR / "static"
    JOBS_IN_PROCESS = True
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
