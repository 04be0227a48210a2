"""Why the hall saw 503 "database is locked" (issue 26), on SQLite alone:
a DEFERRED transaction that has read must upgrade its lock to write, and
SQLite refuses that at once, busy timeout or not; an IMMEDIATE one takes
the write lock at BEGIN, where SQLite waits for it."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing

import pytest

from config.venue import sqlite_database

# The venue in processes of its own, on its SQLite files whatever the
# suite's database: run once, in the SQLite pass.
pytestmark = pytest.mark.own_sqlite


def connect(path, pragmas: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=5, isolation_level=None, check_same_thread=False)
    for pragma in pragmas.split(";"):
        if pragma.strip():
            db.execute(pragma)
    return db


@pytest.fixture
def pragmas(tmp_path):
    """The venue's PRAGMAs: WAL, synchronous FULL, the busy timeout."""
    return sqlite_database(tmp_path)["OPTIONS"]["init_command"]


@pytest.fixture
def path(tmp_path, pragmas):
    path = tmp_path / "db.sqlite3"
    with closing(connect(path, pragmas)) as db:
        db.execute("CREATE TABLE hand (table_id INTEGER, number INTEGER)")
    return path


def test_a_deferred_writer_that_read_first_fails_despite_the_timeout(path, pragmas):
    """Tablet A reads the table's hands, tablet B records its hand meanwhile:
    A's write is refused ("database is locked") without waiting, as the
    deferred transactions of the default database did under 6 tablets."""
    with closing(connect(path, pragmas)) as a, closing(connect(path, pragmas)) as b:
        a.execute("BEGIN")
        a.execute("SELECT count(*) FROM hand").fetchone()
        b.execute("BEGIN IMMEDIATE")
        b.execute("INSERT INTO hand VALUES (2, 1)")
        b.execute("COMMIT")
        with pytest.raises(sqlite3.OperationalError, match="database is locked"):
            a.execute("INSERT INTO hand VALUES (1, 1)")


def test_an_immediate_writer_waits_for_the_lock_and_writes(path, pragmas):
    """The venue's transactions: A asks for the write lock at BEGIN, waits
    while B holds it, then reads B's hand and writes its own."""
    with closing(connect(path, pragmas)) as a, closing(connect(path, pragmas)) as b:
        b.execute("BEGIN IMMEDIATE")
        b.execute("INSERT INTO hand VALUES (2, 1)")
        holding = threading.Event()

        def tablet_a() -> None:
            holding.set()
            a.execute("BEGIN IMMEDIATE")
            a.execute("INSERT INTO hand VALUES (1, 1)")
            a.execute("COMMIT")

        writer = threading.Thread(target=tablet_a)
        writer.start()
        holding.wait()
        b.execute("COMMIT")
        writer.join(timeout=30)
        assert b.execute("SELECT count(*) FROM hand").fetchone() == (2,)
