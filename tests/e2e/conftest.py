"""Playwright on Debian's chromium (its own browser download does not work here)."""

from __future__ import annotations

import os
import shutil
import threading

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is missing: apt-get install chromium")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    }


def _request_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if "process_request_thread" in t.name]


@pytest.fixture(autouse=True)
def _quiet_server_before_flush():
    """Let the live server finish its requests before the test database is
    flushed. The browser page is closed by then (it was opened after this
    fixture), but a poll or a late htmx request it sent may still be writing
    through SQLite's shared in-memory database, and the flush then fails
    ("couldn't be flushed"), as CI saw once after a riichi tablet test."""
    yield
    for thread in _request_threads():
        thread.join(timeout=10)
