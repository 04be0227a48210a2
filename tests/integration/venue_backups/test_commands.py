"""``venue_backup`` and ``venue_restore`` as an organiser runs them.

Each command runs in a process of its own on a migrated SQLite file in a
temporary folder, not on the suite's database. manage.py runs both in venue
mode, so the folder is the venue's (``VENUE_DIR``) and the file its
``db.sqlite3``; ``DATABASE_URL`` names the same file for ``migrate``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from tests.commands import ROOT

# The venue in processes of its own, on its SQLite files whatever the
# suite's database: run once, in the SQLite pass.
pytestmark = pytest.mark.own_sqlite


def manage(database, *args, check=True):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("MURAILLE_", "VENUE_", "TEST_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{database}",
        VENUE_DIR=str(database.parent),
        DEBUG="true",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def migrated(tmp_path_factory):
    """One migrated database, copied for each test (migrating takes seconds)."""
    path = tmp_path_factory.mktemp("migrated") / "db.sqlite3"
    manage(path, "migrate", "--verbosity", "0")
    return path


@pytest.fixture
def database(migrated, tmp_path):
    path = tmp_path / "db.sqlite3"
    shutil.copy(migrated, path)
    return path


def add_group(database, name):
    with sqlite3.connect(database) as connection:
        connection.execute("INSERT INTO auth_group (name) VALUES (?)", (name,))
    connection.close()


def groups(database):
    connection = sqlite3.connect(database)
    try:
        return [row[0] for row in connection.execute("SELECT name FROM auth_group")]
    finally:
        connection.close()


def test_backup_then_restore_gives_back_the_rows(database, tmp_path):
    add_group(database, "Before")
    written = manage(database, "venue_backup").stdout
    [backup] = (tmp_path / "backups").glob("muraille-*.sqlite3")
    assert f"Backup written: {backup}" in written
    add_group(database, "After")
    result = manage(database, "venue_restore", backup)
    assert groups(database) == ["Before"]
    [aside] = tmp_path.glob("db.sqlite3.before-restore-*")
    assert groups(aside) == ["Before", "After"]
    assert f"The former database is kept as {aside}" in result.stdout


def test_backup_to_another_folder(database, tmp_path):
    manage(database, "venue_backup", "--to", tmp_path / "usb")
    assert len(list((tmp_path / "usb").glob("muraille-*.sqlite3"))) == 1


def test_a_broken_file_is_refused_and_the_database_untouched(database, tmp_path):
    add_group(database, "Kept")
    before = database.read_bytes()
    broken = tmp_path / "muraille-20261127-150000.sqlite3"
    broken.write_bytes(b"SQLite format 3\x00" + os.urandom(8000))
    result = manage(database, "venue_restore", broken, check=False)
    assert result.returncode != 0
    assert str(broken) in result.stderr
    assert "damaged" in result.stderr or "cannot be opened" in result.stderr
    assert database.read_bytes() == before
    # Nothing set aside, no partial copy: the venue's folders and key only.
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["db.sqlite3", broken.name, "backups", "media", "secret_key"]
    )


def test_a_text_file_is_refused_with_its_reason(database, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database")
    result = manage(database, "venue_restore", notes, check=False)
    assert result.returncode != 0
    assert f"{notes} is not an SQLite database." in result.stderr


def test_restore_refuses_while_a_server_holds_the_database(database, tmp_path):
    add_group(database, "Before")
    manage(database, "venue_backup")
    [backup] = (tmp_path / "backups").glob("muraille-*.sqlite3")
    server = sqlite3.connect(database)
    server.execute("PRAGMA journal_mode=WAL")
    server.execute("SELECT count(*) FROM auth_group").fetchone()
    try:
        result = manage(database, "venue_restore", backup, check=False)
        assert result.returncode != 0
        assert "is in use: stop the venue server first" in result.stderr
        assert not list(tmp_path.glob("*.before-restore-*"))
        forced = manage(database, "venue_restore", backup, "--force")
        assert "restoring anyway" in forced.stderr
    finally:
        server.close()
    assert groups(database) == ["Before"]


def test_an_older_backup_is_migrated_after_the_restore(database, tmp_path):
    """A backup from before a migration gets it when restored."""
    manage(database, "migrate", "sessions", "zero", "--verbosity", "0")
    manage(database, "venue_backup")
    [backup] = (tmp_path / "backups").glob("muraille-*.sqlite3")
    manage(database, "migrate", "--verbosity", "0")
    manage(database, "venue_restore", backup)
    check = manage(database, "migrate", "--check", check=False)
    assert check.returncode == 0, check.stdout
    connection = sqlite3.connect(database)
    try:
        assert connection.execute("SELECT count(*) FROM django_session").fetchone()
    finally:
        connection.close()
