"""Backups of the venue's SQLite database, written while the hall plays.

A backup is a consistent copy made through SQLite's online backup API (a
file copy of a database in WAL mode can miss the pages still in its
``-wal`` file, or catch a page half written). It is written under a
temporary name, checked, then renamed, so that a file named
``muraille-YYYYMMDD-HHMMSS.sqlite3`` is always a whole, checked database.
Names carry the laptop's local time (the organiser reads them) and sort in
time order, which is all the pruning needs.

The pure parts (names, what to prune) take names in and give names out;
the rest touches files and ``sqlite3`` only: no Django model is involved.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.utils import timezone

logger = logging.getLogger(__name__)

NAME_FORMAT = "muraille-%Y%m%d-%H%M%S.sqlite3"
NAME_PATTERN = re.compile(r"^muraille-(\d{8}-\d{6})\.sqlite3$")
DEFAULT_MINUTES = 5
DEFAULT_KEPT = 24


class BackupError(Exception):
    """A backup or a restore refused; ``code`` names why (``messages``)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class BackupFile:
    path: Path
    taken_at: datetime
    size: int

    @property
    def name(self) -> str:
        return self.path.name


# Pure parts --------------------------------------------------------------


def backup_name(now: datetime) -> str:
    """The file name of a backup taken at ``now`` (local time)."""
    return now.strftime(NAME_FORMAT)


def taken_at(name: str) -> datetime | None:
    """When the backup ``name`` was taken; None for any other file."""
    match = NAME_PATTERN.match(name)
    if match is None:
        return None
    try:
        return datetime.strptime(match.group(1), "%Y%m%d-%H%M%S")
    except ValueError:  # the shape of a name, but no such date
        return None


def backups_to_prune(names: Iterable[str], keep: int) -> list[str]:
    """The backups beyond the ``keep`` newest, oldest first.

    Only backup names count and only they are returned: anything else in
    the folder (a copy the organiser put there, a partial file) stays. The
    newest backup is always kept, even with ``keep`` below 1, so that a
    wrong setting cannot delete the copy just written.
    """
    backups = sorted(name for name in names if taken_at(name) is not None)
    return backups[: max(len(backups) - max(keep, 1), 0)]


# Files -------------------------------------------------------------------


def list_backups(folder: Path) -> list[BackupFile]:
    """The backups in ``folder``, newest first (none when it is missing)."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        when = taken_at(path.name)
        if when is not None and path.is_file():
            found.append(BackupFile(path=path, taken_at=when, size=path.stat().st_size))
    return sorted(found, key=lambda backup: backup.name, reverse=True)


def prune_backups(folder: Path, keep: int) -> list[Path]:
    """Delete the backups beyond the ``keep`` newest; the deleted paths."""
    names = [path.name for path in folder.iterdir() if path.is_file()]
    removed = [folder / name for name in backups_to_prune(names, keep)]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


def connect(
    path: Path, *, create: bool = False, check_same_thread: bool = True
) -> sqlite3.Connection:
    """A plain connection to ``path``; it never creates the file unless told.

    ``mode=rw`` makes a mistyped path an error instead of a new empty
    database, which a backup would then copy without a word.
    """
    mode = "rwc" if create else "rw"
    uri = f"{path.resolve().as_uri()}?mode={mode}"
    return sqlite3.connect(
        uri,
        uri=True,
        timeout=10,
        isolation_level=None,
        check_same_thread=check_same_thread,
    )


def integrity_problem(connection: sqlite3.Connection) -> str | None:
    """SQLite's own verdict on a database: None when whole, else its words."""
    rows = [row[0] for row in connection.execute("PRAGMA integrity_check")]
    return None if rows == ["ok"] else "; ".join(str(row) for row in rows[:5])


def copy_database(source: Path, destination: Path) -> None:
    """Copy ``source`` into ``destination`` with the backup API, then check it.

    One step (``pages=-1``) reads the whole source in one read transaction:
    in WAL mode that is a snapshot as of its start, and writers go on
    meanwhile. The copy is switched to the rollback journal so that it is
    one self-contained file, with no ``-wal`` beside it.
    """
    if not source.is_file():
        raise BackupError("missing", path=str(source))
    reader = connect(source)
    try:
        writer = connect(destination, create=True)
        try:
            reader.backup(writer, pages=-1)
            writer.execute("PRAGMA journal_mode=DELETE")
            problem = integrity_problem(writer)
        finally:
            writer.close()
    finally:
        reader.close()
    if problem is not None:
        raise BackupError("damaged", path=str(source), problem=problem)


def sync_file(path: Path) -> None:
    """Flush ``path`` to the disk, so a power cut after the rename keeps it.

    Opened for writing: Windows flushes only a handle that may write.
    """
    with path.open("r+b") as handle:
        os.fsync(handle.fileno())


def sync_folder(folder: Path) -> None:
    """Flush a rename to the disk; Windows cannot open a folder, nor needs to."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def backup_database(
    *, source: str | Path, backup_dir: Path, keep: int, now: datetime
) -> Path:
    """Write a checked copy of the database ``source`` into ``backup_dir``.

    Safe while other threads and processes write (WAL mode). Two backups in
    the same second share a name: the second replaces the first. Then the
    backups beyond the ``keep`` newest are deleted. Returns the new file.
    """
    backup_dir.mkdir(parents=True, exist_ok=True)
    final = backup_dir / backup_name(now)
    # A name of its own per call (two backups may run at once), which the
    # name pattern never matches: a crash mid-copy leaves no "backup".
    handle, partial_name = tempfile.mkstemp(
        prefix=".muraille-", suffix=".partial", dir=backup_dir
    )
    os.close(handle)
    partial = Path(partial_name)
    try:
        copy_database(Path(source), partial)
        sync_file(partial)
        os.replace(partial, final)
    finally:
        partial.unlink(missing_ok=True)
    sync_folder(backup_dir)
    for path in prune_backups(backup_dir, keep):
        logger.info("Old backup deleted: %s", path)
    return final


# The schedule ------------------------------------------------------------


class BackupScheduler:
    """Writes a backup every ``interval`` when the database changed.

    "Changed" is SQLite's ``PRAGMA data_version`` read on a connection of
    the scheduler's own, which never writes: its value moves whenever any
    other connection, of this process or another, commits, and never for
    this connection's own reads or for a backup. That is exact and costs
    one read: a file's size and time miss changes still in the ``-wal``
    and move on a checkpoint that changes nothing, and the latest
    AuditEvent or Hand would miss the tables that carry no timestamp.
    The version is read before the copy: a write committed during the copy
    moves it again, so the next tick writes one more backup.

    The connection it keeps open also tells ``venue_restore`` that the
    server runs (it holds the database's shared memory).

    ``tick(now)`` does the work and is what tests call; ``start()`` runs it
    in a daemon thread every ``interval`` until ``stop()``.
    """

    def __init__(
        self, *, source: Path, backup_dir: Path, keep: int, interval: timedelta
    ) -> None:
        self.source = source
        self.backup_dir = backup_dir
        self.keep = keep
        self.interval = interval
        self._monitor: sqlite3.Connection | None = None
        self._backed_up_version: int | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def prime(self) -> None:
        """Take the database as it is now as already backed up.

        Called at the start, so that the first backup follows the first
        write after it and an idle evening writes none.
        """
        with self._lock:
            self._backed_up_version = self._data_version()

    def tick(self, now: datetime) -> Path | None:
        """Back up now if the database changed since the last backup.

        Returns the new file, or None when nothing changed. Errors go up:
        ``run_pending`` is the caller that logs them and carries on.
        """
        with self._lock:
            version = self._data_version()
            if version == self._backed_up_version:
                return None
            path = backup_database(
                source=self.source, backup_dir=self.backup_dir, keep=self.keep, now=now
            )
            self._backed_up_version = version
        logger.info("Backup written: %s", path)
        return path

    def run_pending(self, now: datetime) -> Path | None:
        """``tick``, but a failure is logged and never raised: a full disk
        must not stop the hall. The next tick tries again."""
        try:
            return self.tick(now)
        except Exception:
            logger.exception("Backup of %s failed", self.source)
            with self._lock:
                self._close_monitor()
            return None

    def start(self) -> None:
        try:
            self.prime()
        except (sqlite3.Error, OSError):
            # No database yet: the first tick that finds one backs it up.
            logger.warning("Backups: cannot read %s yet", self.source)
        self._thread = threading.Thread(
            target=self._run, name="venue-backups", daemon=True
        )
        self._thread.start()

    def stop(self, timeout: float | None = None) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
        with self._lock:
            self._close_monitor()

    def _run(self) -> None:
        seconds = self.interval.total_seconds()
        while not self._stopping.wait(seconds):
            self.run_pending(local_now())

    def _data_version(self) -> int:
        if self._monitor is None:
            # Opened by one thread, used by another: the lock serialises it.
            self._monitor = connect(self.source, check_same_thread=False)
        row = self._monitor.execute("PRAGMA data_version").fetchone()
        return int(row[0])

    def _close_monitor(self) -> None:
        """Forget the connection; a new one's versions start afresh, so the
        next tick backs up whatever they say."""
        monitor, self._monitor = self._monitor, None
        self._backed_up_version = None
        if monitor is not None:
            monitor.close()


# The settings ------------------------------------------------------------


def local_now() -> datetime:
    """The time of the laptop's clock as the organiser reads it (naive)."""
    return timezone.localtime().replace(tzinfo=None)


def database_file() -> Path | None:
    """The default database's file, or None when it is not an SQLite file
    (PostgreSQL, or an in-memory database): nothing to back up then."""
    database = settings.DATABASES["default"]
    name = str(database.get("NAME") or "")
    if not database.get("ENGINE", "").endswith("sqlite3"):
        return None
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name)


def backup_folder() -> Path | None:
    """Where backups go: ``VENUE_DIR/backups`` at the venue; elsewhere a
    ``backups`` folder beside the SQLite file; None without an SQLite file.

    Beside the database rather than in the venue's folder, so that backups
    of a development database never mix with (nor prune) the hall's.
    """
    source = database_file()
    if source is None:
        return None
    venue_dir = getattr(settings, "VENUE_DIR", None)
    if venue_dir is not None:
        return Path(venue_dir) / "backups"
    return source.resolve().parent / "backups"


def backups_kept() -> int:
    return int(getattr(settings, "VENUE_BACKUPS_KEPT", DEFAULT_KEPT))


def backup_now(*, folder: Path | None = None) -> Path:
    """One backup of the default database now, with the usual pruning."""
    source = database_file()
    folder = folder or backup_folder()
    if source is None or folder is None:
        raise BackupError("not_sqlite")
    return backup_database(
        source=source, backup_dir=folder, keep=backups_kept(), now=local_now()
    )


def start_backup_scheduler() -> BackupScheduler | None:
    """Start the periodic backups of the venue's database in a daemon thread.

    None (no thread) outside venue mode (``VENUE_DIR`` unset), when the
    database is not an SQLite file, or when ``VENUE_BACKUP_MINUTES`` is 0.
    """
    if getattr(settings, "VENUE_DIR", None) is None:
        return None
    source, folder = database_file(), backup_folder()
    minutes = float(getattr(settings, "VENUE_BACKUP_MINUTES", DEFAULT_MINUTES))
    if source is None or folder is None or minutes <= 0:
        logger.info("Backups: off (no SQLite database file, or no interval)")
        return None
    scheduler = BackupScheduler(
        source=source,
        backup_dir=folder,
        keep=backups_kept(),
        interval=timedelta(minutes=minutes),
    )
    scheduler.start()
    logger.info("Backups: every %g minutes after a change, into %s", minutes, folder)
    return scheduler
