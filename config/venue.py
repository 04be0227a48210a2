"""The venue's settings helpers: one laptop in a hall, on the embedded defaults.

``python manage.py venue`` sets ``MURAILLE_VENUE=1`` before the settings
load; config/settings.py then asks this module for the data folder, the
secret key kept in it and the tuned SQLite database. Everything the venue
writes lives in that one folder, so that a restart (or another laptop given
the folder) carries on where the last run stopped.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

SECRET_KEY_FILE = "secret_key"

BUSY_TIMEOUT_MS = 20_000
"""How long a writer waits for another's lock before SQLite gives up. 30
tablets pressing "Record" together queue for a few hundred milliseconds at
most: 20 s is a margin no tablet's request would wait in practice."""


def venue_dir(path: str | os.PathLike[str]) -> Path:
    """The data folder, created with its ``media/`` and ``backups/``."""
    folder = Path(path).resolve()
    for sub in (folder, folder / "media", folder / "backups"):
        sub.mkdir(parents=True, exist_ok=True)
    return folder


def secret_key(folder: Path) -> str:
    """The key kept in ``folder/secret_key``, made on the first start.

    Kept, not drawn at each start: sessions (the organiser's login) and the
    CSRF tokens of the tablets' open pages stay valid across a restart. The
    file is created exclusively, so two processes starting together agree
    on one key; readable by its owner only.
    """
    path = folder / SECRET_KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if key:
            return key
        raise ValueError(f"{path} is empty: delete it to make a new key") from None
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(secrets.token_urlsafe(50))
        file.flush()
        os.fsync(file.fileno())
    return path.read_text(encoding="ascii").strip()


def sqlite_database(folder: Path) -> dict[str, Any]:
    """The embedded database, tuned for many tablets writing at once.

    - ``transaction_mode`` IMMEDIATE: every ``atomic`` block takes the write
      lock at its BEGIN, where SQLite waits for it (the busy timeout). A
      DEFERRED transaction that read first and then writes must upgrade its
      lock; when another writer holds it SQLite answers SQLITE_BUSY at once,
      without waiting, since waiting could deadlock: that "database is
      locked" became the 503s of issue 26.
    - WAL: readers (the phones' standings) never block the writer and the
      writer never blocks them.
    - ``synchronous=FULL``: in WAL mode, NORMAL may lose the last
      transactions at a power cut (they are in the WAL but not yet synced);
      FULL syncs the WAL at every commit, so a hand whose answer reached its
      tablet survives the laptop's battery running out. It costs one fsync
      per hand, which a tablet's hand a minute easily affords.
    - ``timeout`` (seconds, Python's sqlite3) and ``busy_timeout`` (the same
      wait, in milliseconds, set on the connection itself).
    """
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": folder / "db.sqlite3",
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": BUSY_TIMEOUT_MS / 1000,
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
                f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS};"
            ),
        },
        # Each server thread keeps its connection: the PRAGMAs run once.
        "CONN_MAX_AGE": None,
        "CONN_HEALTH_CHECKS": True,
        "ATOMIC_REQUESTS": False,
    }


LOCAL_MEMORY_CACHE = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
"""The venue's one server process shares its memory between its threads."""
