"""A second Muraille for the publishing tests: its own PostgreSQL database
(created fresh, dropped at the end), migrated, one organiser with an API
token, served by waitress on a free port of 127.0.0.1 in its own process.

PostgreSQL is the online side's usual database; the sending side is the
test's own database. Where PostgreSQL cannot be reached the tests skip,
except under ``CI=true``, where they fail: CI must not pass without them.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

from tests.integration.publishing.conftest import free_port

ROOT = Path(__file__).resolve().parents[3]
SERVER_URL = os.environ.get(
    "PUBLISH_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres"
)
"""Where the second Muraille's database is created (its ``postgres``
database is only used to create and drop it)."""
START_BOUND_S = 120
"""How long the server may take to answer its first request: a bound so a
server that never starts fails the test, never a figure the test checks."""

ORGANISER_SCRIPT = """
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from tournaments.permissions import organiser_permission
user = get_user_model().objects.create_user("online-organiser", password=None)
user.user_permissions.add(organiser_permission())
print(Token.objects.create(user=user).key)
"""


@dataclass(frozen=True)
class LiveRemote:
    url: str
    token: str

    def get_json(self, path: str) -> Any:
        """GET ``path`` of the remote's API, as its organiser."""
        request = urllib.request.Request(
            self.url + path.lstrip("/"),
            headers={"Authorization": f"Token {self.token}"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())


def postgres_or_skip() -> None:
    try:
        psycopg.connect(SERVER_URL, connect_timeout=5).close()
    except psycopg.OperationalError as error:
        message = f"PostgreSQL unreachable at {SERVER_URL}: {error}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new empty database; its URL. Dropped at the end, connections or not."""
    name = f"muraille_publish_{secrets.token_hex(6)}"
    with psycopg.connect(SERVER_URL, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield SERVER_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(SERVER_URL, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(name)
                )
            )


def server_env(database_url: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url,
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(40),
        ALLOWED_HOSTS="127.0.0.1",
        SESSION_COOKIE_SECURE="false",
        CSRF_COOKIE_SECURE="false",
        SECURE_SSL_REDIRECT="false",
        REDIS_URL="",
    )
    env.pop("TEST_DATABASE_URL", None)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def wait_until_serving(process: subprocess.Popen, url: str) -> None:
    deadline = time.monotonic() + START_BOUND_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the second Muraille stopped: {process.stdout.read()}")
        try:
            with urllib.request.urlopen(url + "api/tournaments/", timeout=5):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.3)
    pytest.fail("the second Muraille did not answer")


@contextmanager
def live_remote() -> Iterator[LiveRemote]:
    postgres_or_skip()
    with fresh_database() as database_url, tempfile.TemporaryDirectory() as static:
        env = server_env(database_url)
        manage(env, "migrate", "--noinput")
        # As a deployment does: DEBUG off, every page (the 404 page too)
        # names the hashed files of the manifest (uncompressed: the copies
        # for gzip and brotli were 20 s of CPU no test reads).
        env["STATIC_ROOT"] = static
        env["STATIC_COMPRESSED"] = "false"
        manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        token = manage(env, "shell", "-c", ORGANISER_SCRIPT).strip().splitlines()[-1]
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "waitress", f"--listen=127.0.0.1:{port}",
             "--threads=4", "config.wsgi:application"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )  # fmt: skip
        try:
            url = f"http://127.0.0.1:{port}/"
            wait_until_serving(process, url)
            yield LiveRemote(url, token)
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
