"""Putting a backup back in place of the venue's database.

The checks come first and touch nothing: a file that is not a whole
Muraille database is refused before the current database is moved. The
current database is then kept aside (renamed, with its ``-wal`` and
``-shm`` files, so that it can still be opened as it was), and the backup
copied in through the backup API under a temporary name that is renamed
last. Bringing the schema up to date (``migrate``) is the command's job.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from datetime import datetime
from pathlib import Path

from tournaments.venue.backups import (
    BackupError,
    connect,
    copy_database,
    integrity_problem,
    sync_folder,
)

SQLITE_HEADER = b"SQLite format 3\x00"
#: What SQLite puts beside a database file (name + suffix).
COMPANIONS = ("-wal", "-shm", "-journal")


def check_backup(path: Path) -> None:
    """Refuse (BackupError) a file that is not a whole Muraille database."""
    if not path.is_file():
        raise BackupError("missing", path=str(path))
    with path.open("rb") as handle:
        if handle.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise BackupError("not_sqlite_file", path=str(path))
    try:
        connection = connect(path)
    except sqlite3.Error as error:
        raise BackupError("unreadable", path=str(path), problem=str(error)) from error
    try:
        problem = integrity_problem(connection)
        tables = connection.execute(
            "SELECT count(*) FROM sqlite_master "
            "WHERE type = 'table' AND name = 'django_migrations'"
        ).fetchone()[0]
    except sqlite3.Error as error:
        raise BackupError("damaged", path=str(path), problem=str(error)) from error
    finally:
        connection.close()
    if problem is not None:
        raise BackupError("damaged", path=str(path), problem=problem)
    if not tables:
        raise BackupError("not_muraille", path=str(path))


def database_in_use(path: Path) -> bool:
    """Whether another connection holds ``path`` open (a server running).

    An exclusive lock in exclusive locking mode is refused while any other
    connection has a WAL database open, even an idle one: the venue's
    backup scheduler keeps one open for the server's whole life. A
    database in the rollback journal mode shows only its active writers.
    """
    if not path.is_file():
        return False
    try:
        connection = sqlite3.connect(path, timeout=0, isolation_level=None)
    except sqlite3.Error:
        return False
    try:
        connection.execute("PRAGMA locking_mode=EXCLUSIVE")
        connection.execute("BEGIN EXCLUSIVE")
        connection.execute("ROLLBACK")
    except sqlite3.OperationalError as error:
        # A damaged file says so here too; only a lock means "in use".
        return "locked" in str(error) or "busy" in str(error)
    except sqlite3.Error:
        return False
    finally:
        connection.close()
    return False


def aside_name(target: Path, now: datetime) -> Path:
    """Where the current database goes: ``<name>.before-restore-<time>``."""
    return target.with_name(f"{target.name}.before-restore-{now:%Y%m%d-%H%M%S}")


def set_aside(target: Path, now: datetime) -> Path | None:
    """Rename the database and its companions; None when there is none."""
    if not target.exists():
        return None
    aside = aside_name(target, now)
    for suffix in ("", *COMPANIONS):
        current = Path(f"{target}{suffix}")
        if current.exists():
            os.replace(current, Path(f"{aside}{suffix}"))
    return aside


def restore_database(*, backup: Path, target: Path, now: datetime) -> Path | None:
    """Put the checked ``backup`` in place of the database ``target``.

    The server must be stopped (``database_in_use``). Returns where the
    former database was kept, or None when there was none.
    """
    check_backup(backup)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, partial_name = tempfile.mkstemp(
        prefix=".restoring-", suffix=".partial", dir=target.parent
    )
    os.close(handle)
    partial = Path(partial_name)
    try:
        copy_database(backup, partial)
        if target.exists():  # the new file is private (0600) otherwise
            shutil.copymode(target, partial)
        aside = set_aside(target, now)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    sync_folder(target.parent)
    return aside
