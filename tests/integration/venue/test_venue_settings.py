"""The venue's settings, read in a process of their own (MURAILLE_VENUE=1,
as ``manage.py venue`` sets it), and the default ones left as they were."""

from __future__ import annotations

import stat
import subprocess
import sys

import pytest
from django.conf import settings

from tests.commands import ROOT
from tests.integration.venue.venue_process import venue_env

# The venue in processes of its own, on its SQLite files whatever the
# suite's database: run once, in the SQLite pass.
pytestmark = pytest.mark.own_sqlite

PROBE = """
import sqlite3
from django.conf import settings as s
from django.db import connection, transaction
cursor = connection.cursor()
print("--- probe")
pragma = lambda name: cursor.execute(f"PRAGMA {name}").fetchone()[0]
print(pragma("journal_mode"), pragma("synchronous"), pragma("busy_timeout"))
print(connection.transaction_mode)
with transaction.atomic():
    other = sqlite3.connect(s.DATABASES["default"]["NAME"], timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
        print("write lock free")
    except sqlite3.OperationalError:
        print("write lock held")
    other.close()
print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT)
print(s.SECURE_HSTS_SECONDS, s.SECURE_PROXY_SSL_HEADER, s.ALLOWED_HOSTS)
print(s.VENUE_DIR, s.MEDIA_ROOT, s.STATIC_ROOT)
print(s.STORAGES["staticfiles"]["BACKEND"], s.CACHES["default"]["BACKEND"])
print(s.JOBS_IN_PROCESS, s.VENUE_BACKUP_MINUTES, s.VENUE_BACKUPS_KEPT)
print(s.SECRET_KEY)
"""


def probe(venue_dir, **env: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PROBE],
        cwd=ROOT,
        env=venue_env(venue_dir, MURAILLE_VENUE="1", **env),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    return lines[lines.index("--- probe") + 1 :]


def test_the_venue_database_runs_wal_immediate_and_waits(tmp_path):
    """Each connection is in WAL with synchronous FULL (2) and a 20 s busy
    timeout, and an atomic block holds the write lock from its BEGIN."""
    lines = probe(tmp_path / "venue")
    assert lines[0] == "wal 2 20000"
    assert lines[1] == "IMMEDIATE"
    assert lines[2] == "write lock held"


def test_the_venue_is_plain_http_with_debug_off(tmp_path):
    """DEBUG off, no Secure cookies, no TLS redirect, no HSTS, any host."""
    lines = probe(tmp_path / "venue")
    assert lines[3] == "False False False False"
    assert lines[4] == "0 None ['*']"


def test_the_venue_keeps_its_data_in_its_folder(tmp_path):
    """Database, uploads, static files and backups in VENUE_DIR; whitenoise's
    compressed manifest; local memory cache; jobs in the server's process."""
    folder = tmp_path / "venue"
    lines = probe(folder, VENUE_BACKUP_MINUTES="0.5")
    assert lines[5] == f"{folder} {folder / 'media'} {folder / 'static'}"
    assert lines[6] == (
        "whitenoise.storage.CompressedManifestStaticFilesStorage "
        "django.core.cache.backends.locmem.LocMemCache"
    )
    assert lines[7] == "True 0.5 24"
    assert {p.name for p in folder.iterdir()} >= {"db.sqlite3", "media", "backups"}


def test_the_secret_key_is_made_once_and_kept(tmp_path):
    """The first start writes the key (owner-only), later ones read it."""
    folder = tmp_path / "venue"
    first, again = probe(folder)[-1], probe(folder)[-1]
    assert first == again and len(first) >= 50
    key_file = folder / "secret_key"
    assert key_file.read_text().strip() == first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_the_tests_and_make_run_are_not_the_venue():
    """Outside the venue: no data folder, jobs through Celery as before."""
    assert settings.VENUE_DIR is None
    assert settings.JOBS_IN_PROCESS is False
    assert settings.VENUE_HOST == ""


def test_make_run_settings_are_not_the_venue(tmp_path):
    """Without MURAILLE_VENUE (``make run``): DEBUG on, no data folder, the
    database and jobs as before, even with VENUE_DIR in the environment."""
    code = (
        "from django.conf import settings as s;"
        "print(s.DEBUG, s.VENUE_DIR, s.JOBS_IN_PROCESS, s.ALLOWED_HOSTS,"
        " s.DATABASES['default']['NAME'], s.DATABASES['default'].get('OPTIONS'))"
    )
    env = venue_env(tmp_path / "venue")
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == (
        f"True None False ['127.0.0.1', 'localhost'] {ROOT / 'db.sqlite3'} {{}}"
    )
    assert not (tmp_path / "venue").exists()
