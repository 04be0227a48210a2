"""Restoring: a checked backup replaces the database, which is kept aside."""

from __future__ import annotations

import sqlite3
from datetime import datetime

import pytest

from tests.integration.venue_backups.databases import (
    ledger,
    make_ledger,
    open_database,
    record,
    write_hand,
)
from tournaments.venue.backups import BackupError, backup_database
from tournaments.venue.messages import backup_error_message
from tournaments.venue.restore import (
    check_backup,
    database_in_use,
    restore_database,
)

NOW = datetime(2026, 11, 27, 15, 0, 0)
LATER = datetime(2026, 11, 27, 16, 30, 0)


@pytest.fixture
def database(tmp_path):
    return make_ledger(tmp_path / "db.sqlite3")


def a_backup_of(database, tmp_path):
    return backup_database(
        source=database, backup_dir=tmp_path / "backups", keep=24, now=NOW
    )


def test_a_backup_then_a_restore_gives_the_same_rows(database, tmp_path):
    write_hand(database, 8)
    backup = a_backup_of(database, tmp_path)
    write_hand(database, 13)  # after the backup: gone after the restore
    aside = restore_database(backup=backup, target=database, now=LATER)
    assert ledger(database) == ([8], 8)
    assert aside == tmp_path / "db.sqlite3.before-restore-20261127-163000"
    assert ledger(aside) == ([8, 13], 21)


def test_the_current_database_is_kept_aside_with_its_wal(database, tmp_path):
    """Hands still in the ``-wal`` file are in the copy kept aside."""
    backup = a_backup_of(database, tmp_path)
    writer = open_database(database)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    record(writer, 5)
    wal = tmp_path / "db.sqlite3-wal"
    assert wal.stat().st_size > 0
    wal_bytes, db_bytes = wal.read_bytes(), database.read_bytes()
    aside = restore_database(backup=backup, target=database, now=LATER)
    writer.close()  # (the server stopped) it holds the former file, not the new
    assert (tmp_path / f"{aside.name}-wal").read_bytes() == wal_bytes
    assert aside.read_bytes() == db_bytes
    assert ledger(aside) == ([5], 5)
    assert ledger(database) == ([], 0)


def test_a_restore_onto_a_new_laptop_needs_no_database(database, tmp_path):
    backup = a_backup_of(database, tmp_path)
    target = tmp_path / "elsewhere" / "db.sqlite3"
    assert restore_database(backup=backup, target=target, now=LATER) is None
    assert ledger(target) == ([], 0)


def refusal(path) -> BackupError:
    with pytest.raises(BackupError) as refused:
        check_backup(path)
    return refused.value


def test_a_missing_file_is_refused(tmp_path):
    error = refusal(tmp_path / "muraille-20261127-150000.sqlite3")
    assert error.code == "missing"
    assert "There is no file" in backup_error_message(error)


def test_a_file_that_is_no_database_is_refused(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_text("the seating of round 3, by hand")
    error = refusal(path)
    assert backup_error_message(error) == f"{path} is not an SQLite database."


def test_a_damaged_database_is_refused(database, tmp_path):
    for points in range(200):
        write_hand(database, points)
    backup = a_backup_of(database, tmp_path)
    data = bytearray(backup.read_bytes())
    page = 4096
    data[2 * page : 3 * page] = b"\xa5" * page  # a page of garbage
    backup.write_bytes(bytes(data))
    error = refusal(backup)
    assert error.code == "damaged"
    assert "is damaged" in backup_error_message(error)


def test_another_sqlite_database_is_refused(tmp_path):
    path = make_ledger(tmp_path / "other.sqlite3", muraille=False)
    error = refusal(path)
    assert error.code == "not_muraille"
    assert "not Muraille's" in backup_error_message(error)


def test_a_broken_backup_leaves_the_current_database_untouched(database, tmp_path):
    writer = open_database(database)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    record(writer, 7)
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    with pytest.raises(BackupError):
        restore_database(backup=broken, target=database, now=LATER)
    names = sorted(p.name for p in tmp_path.iterdir())
    del files["db.sqlite3-shm"]  # shared memory: SQLite's own, it changes
    now = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name in files}
    writer.close()
    assert now == files
    assert names == sorted([*files, "db.sqlite3-shm", "broken.sqlite3"])
    assert ledger(database) == ([7], 7)


def test_an_open_connection_means_the_database_is_in_use(database):
    assert not database_in_use(database)
    server = sqlite3.connect(database)
    server.execute("SELECT count(*) FROM hand").fetchone()  # idle, but open
    try:
        assert database_in_use(database)
    finally:
        server.close()
    assert not database_in_use(database)
    assert ledger(database) == ([], 0)
