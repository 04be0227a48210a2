"""Small SQLite database files for the backup tests (plain ``sqlite3``).

A "ledger": every transaction adds a hand and raises the total by its
points, so a copy taken in the middle of a write is consistent exactly when
its hands add up to its total.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def open_database(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, timeout=10)
    connection.execute("PRAGMA journal_mode=WAL")
    return connection


def make_ledger(path: Path, *, muraille: bool = True) -> Path:
    """A WAL database with the ledger (and ``django_migrations``, unless
    ``muraille`` is false)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = open_database(path)
    connection.executescript(
        """
        CREATE TABLE hand (id INTEGER PRIMARY KEY, points INTEGER NOT NULL);
        CREATE TABLE total (value INTEGER NOT NULL);
        INSERT INTO total VALUES (0);
        """
    )
    if muraille:
        connection.execute(
            "CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, "
            "app TEXT, name TEXT, applied TEXT)"
        )
    connection.close()
    return path


def record(connection: sqlite3.Connection, points: int) -> None:
    """One hand, in one transaction with its total."""
    connection.execute("BEGIN IMMEDIATE")
    connection.execute("INSERT INTO hand (points) VALUES (?)", (points,))
    connection.execute("UPDATE total SET value = value + ?", (points,))
    connection.execute("COMMIT")


def ledger(path: Path) -> tuple[list[int], int]:
    """The hands' points in order and the total, read from ``path``."""
    connection = sqlite3.connect(path)
    try:
        hands = [row[0] for row in connection.execute("SELECT points FROM hand")]
        total = connection.execute("SELECT value FROM total").fetchone()[0]
    finally:
        connection.close()
    return hands, total


def integrity(path: Path) -> str:
    connection = sqlite3.connect(path)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def write_hand(path: Path, points: int) -> None:
    """One hand recorded by a connection of its own, closed after."""
    connection = open_database(path)
    try:
        record(connection, points)
    finally:
        connection.close()
