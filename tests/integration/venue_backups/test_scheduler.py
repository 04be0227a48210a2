"""The periodic backups: one after a change, none while idle, never a crash."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
from datetime import datetime, timedelta

import pytest
from django.test import override_settings

from tests.integration.venue_backups.databases import (
    ledger,
    make_ledger,
    open_database,
    record,
    write_hand,
)
from tournaments.venue import backups
from tournaments.venue.backups import BackupScheduler, start_backup_scheduler

NOW = datetime(2026, 11, 27, 15, 0, 0)
FIVE = timedelta(minutes=5)


@pytest.fixture
def source(tmp_path):
    return make_ledger(tmp_path / "db.sqlite3")


@pytest.fixture
def scheduler(source, tmp_path):
    scheduler = BackupScheduler(
        source=source, backup_dir=tmp_path / "backups", keep=24, interval=FIVE
    )
    scheduler.prime()
    yield scheduler
    scheduler.stop()


def backup_files(folder):
    return sorted(path.name for path in folder.glob("muraille-*.sqlite3"))


def test_no_backup_while_nothing_changes(scheduler, tmp_path):
    """An idle evening writes no backup at all."""
    for tick in range(3):
        assert scheduler.tick(NOW + tick * FIVE) is None
    assert not (tmp_path / "backups").exists()


def test_the_first_write_after_the_start_is_backed_up_at_the_next_tick(
    scheduler, source
):
    writer = open_database(source)
    record(writer, 6)
    path = scheduler.tick(NOW)
    assert path is not None
    assert ledger(path) == ([6], 6)
    assert scheduler.tick(NOW + FIVE) is None  # nothing new since
    record(writer, 9)
    writer.close()
    later = scheduler.tick(NOW + 2 * FIVE)
    assert later is not None
    assert ledger(later) == ([6, 9], 15)


def test_a_write_from_another_process_is_seen(scheduler, source):
    script = (
        "import sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1])\n"
        "c.execute('INSERT INTO hand (points) VALUES (4)')\n"
        "c.execute('UPDATE total SET value = value + 4')\n"
        "c.commit()\n"
    )
    subprocess.run([sys.executable, "-c", script, str(source)], check=True)
    path = scheduler.tick(NOW)
    assert path is not None
    assert ledger(path) == ([4], 4)


def test_a_failure_is_logged_and_the_next_tick_tries_again(
    scheduler, source, tmp_path, caplog
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    scheduler.backup_dir = blocker / "backups"
    write_hand(source, 3)
    with caplog.at_level(logging.ERROR, logger="tournaments.venue.backups"):
        assert scheduler.run_pending(NOW) is None
    assert "Backup of" in caplog.text and "failed" in caplog.text
    scheduler.backup_dir = tmp_path / "backups"
    path = scheduler.run_pending(NOW + FIVE)
    assert path is not None
    assert ledger(path) == ([3], 3)


def wait_for(condition, seconds=20.0):
    """Poll until ``condition()`` holds (a bound, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_the_thread_backs_up_a_write_then_stays_quiet(source, tmp_path):
    folder = tmp_path / "backups"
    scheduler = BackupScheduler(
        source=source,
        backup_dir=folder,
        keep=24,
        interval=timedelta(milliseconds=20),
    )
    scheduler.start()
    try:
        write_hand(source, 5)
        assert wait_for(lambda: len(backup_files(folder)) == 1)
        # Many more ticks without a write: still the one backup.
        time.sleep(0.3)
        assert len(backup_files(folder)) == 1
    finally:
        scheduler.stop()


def test_no_scheduler_outside_the_venue(monkeypatch, source):
    monkeypatch.setattr(backups, "database_file", lambda: source)
    with override_settings(VENUE_DIR=None):
        assert start_backup_scheduler() is None


def test_no_scheduler_without_an_sqlite_file(monkeypatch, tmp_path):
    monkeypatch.setattr(backups, "database_file", lambda: None)
    with override_settings(VENUE_DIR=tmp_path / "venue"):
        assert start_backup_scheduler() is None


def test_at_the_venue_the_scheduler_writes_into_its_backups_folder(
    monkeypatch, source, tmp_path
):
    monkeypatch.setattr(backups, "database_file", lambda: source)
    venue = tmp_path / "venue"
    with override_settings(VENUE_DIR=venue, VENUE_BACKUP_MINUTES=7):
        scheduler = start_backup_scheduler()
    assert scheduler is not None
    try:
        assert scheduler.interval == timedelta(minutes=7)
        assert scheduler.keep == 24
        write_hand(source, 2)
        path = scheduler.tick(NOW)
        assert path is not None and path.parent == venue / "backups"
    finally:
        scheduler.stop()
