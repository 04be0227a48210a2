"""A backup is a whole, checked copy, even while the hall writes."""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime, timedelta

import pytest

from tests.integration.venue_backups.databases import (
    integrity,
    ledger,
    make_ledger,
    open_database,
    record,
)
from tournaments.venue.backups import (
    BackupError,
    backup_database,
    backup_name,
    list_backups,
)

pytestmark = pytest.mark.own_sqlite

NOW = datetime(2026, 11, 27, 15, 0, 0)


def test_a_backup_copies_the_database_under_its_time(tmp_path):
    source = make_ledger(tmp_path / "db.sqlite3")
    writer = open_database(source)
    record(writer, 8)  # still in the -wal file: a file copy would miss it
    path = backup_database(
        source=source, backup_dir=tmp_path / "backups", keep=24, now=NOW
    )
    writer.close()
    assert path == tmp_path / "backups" / "muraille-20261127-150000.sqlite3"
    assert ledger(path) == ([8], 8)
    assert integrity(path) == "ok"


def test_a_backup_is_one_file_without_a_wal(tmp_path):
    source = make_ledger(tmp_path / "db.sqlite3")
    path = backup_database(source=source, backup_dir=tmp_path, keep=24, now=NOW)
    mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "delete"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db.sqlite3", path.name]


def test_backups_taken_while_another_connection_writes_are_consistent(tmp_path):
    """Each copy is a snapshot between two transactions: its hands add up to
    its total, it passes the integrity check, and the writer never waits."""
    source = make_ledger(tmp_path / "db.sqlite3")
    stop, errors = threading.Event(), []

    def write() -> None:
        connection = open_database(source)
        try:
            points = 1
            while not stop.is_set():
                record(connection, points)
                points = points % 97 + 1
        except Exception as error:  # seen by the assertion below
            errors.append(error)
        finally:
            connection.close()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        copies = [
            backup_database(
                source=source,
                backup_dir=tmp_path / "backups",
                keep=24,
                now=NOW + timedelta(seconds=i),
            )
            for i in range(6)
        ]
    finally:
        stop.set()
        writer.join()
    assert errors == []
    for copy in copies:
        hands, total = ledger(copy)
        assert integrity(copy) == "ok"
        assert sum(hands) == total
    assert len(ledger(copies[-1])[0]) >= len(ledger(copies[0])[0])


def test_pruning_keeps_the_newest_24_and_touches_no_other_file(tmp_path):
    source = make_ledger(tmp_path / "db.sqlite3")
    folder = tmp_path / "backups"
    folder.mkdir()
    old = [backup_name(NOW - timedelta(minutes=5 * i)) for i in range(1, 31)]
    for name in old:
        (folder / name).write_bytes(b"an old backup")
    others = ["notes.txt", "muraille-copy.sqlite3", "muraille-20200101-000000.db"]
    for name in others:
        (folder / name).write_text("mine")
    new = backup_database(source=source, backup_dir=folder, keep=24, now=NOW)
    names = {path.name for path in folder.iterdir()}
    assert names == {new.name, *old[:23], *others}
    assert all((folder / name).read_text() == "mine" for name in others)


def test_the_list_is_newest_first_with_sizes(tmp_path):
    source = make_ledger(tmp_path / "db.sqlite3")
    for minutes in (0, 5, 10):
        backup_database(
            source=source,
            backup_dir=tmp_path / "b",
            keep=24,
            now=NOW + timedelta(minutes=minutes),
        )
    backups = list_backups(tmp_path / "b")
    assert [b.taken_at for b in backups] == [
        NOW + timedelta(minutes=10),
        NOW + timedelta(minutes=5),
        NOW,
    ]
    assert all(b.size == source.stat().st_size for b in backups)


def test_a_missing_database_is_refused_and_leaves_no_file(tmp_path):
    folder = tmp_path / "backups"
    with pytest.raises(BackupError) as refused:
        backup_database(
            source=tmp_path / "nowhere.sqlite3", backup_dir=folder, keep=24, now=NOW
        )
    assert refused.value.code == "missing"
    assert list(folder.iterdir()) == []
    assert not (tmp_path / "nowhere.sqlite3").exists()
