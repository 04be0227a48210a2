"""Production settings: ``check --deploy`` is clean with the README's variables."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.commands import ROOT

#: The production environment of the README (Production section), minimal.
PRODUCTION_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "k" * 20 + "-production-secret-key-of-fifty-or-more-chars-0123",
    "ALLOWED_HOSTS": "muraille.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://muraille.example.org",
}


def run_manage(*args: str, env: dict[str, str]):
    # A clean environment: the test session's own variables (the settings
    # module, DJANGO_ALLOW_ASYNC_UNSAFE of the browser tests) are not production.
    base = {k: os.environ[k] for k in ("PATH", "HOME", "LANG") if k in os.environ}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        timeout=120,
    )


def test_check_deploy_is_clean_in_production():
    """No warning at all from Django's deployment checklist."""
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_complains_without_hsts():
    """The check is real: turning HSTS off brings its warning back."""
    env = {**PRODUCTION_ENV, "SECURE_HSTS_SECONDS": "0"}
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode != 0
    assert "security.W004" in result.stdout + result.stderr


def test_production_settings_values():
    """HSTS a year, SSL redirect, secure cookies, proxy header, in production."""
    code = (
        "from django.conf import settings as s;"
        "print(s.SECURE_HSTS_SECONDS, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE,"
        " s.CSRF_COOKIE_SECURE, s.SECURE_PROXY_SSL_HEADER, s.X_FRAME_OPTIONS,"
        " s.SECURE_CONTENT_TYPE_NOSNIFF, s.SECURE_REFERRER_POLICY)"
    )
    result = run_manage("shell", "-c", code, env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == (
        "31536000 True True True ('HTTP_X_FORWARDED_PROTO', 'https') DENY True "
        "same-origin"
    )


def test_development_settings_stay_plain():
    """DEBUG=true: no HSTS and no SSL redirect on the development server."""
    code = (
        "from django.conf import settings as s;"
        "print(s.SECURE_HSTS_SECONDS, s.SECURE_SSL_REDIRECT)"
    )
    result = run_manage("shell", "-c", code, env={"DEBUG": "true"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "0 False"
