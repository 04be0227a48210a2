"""One venue started once for the session (its first start: migrations,
static files, the organiser's login), given an event by bench/room_event.py
and stopped with Ctrl-C; the tests serve copies of its folder."""

from __future__ import annotations

import shutil
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.integration.venue.venue_process import (
    build_event,
    listening_addresses,
    venue_server,
)

TABLETS = 30
PLAYERS = (TABLETS + 1) * 4
"""One table more than the tablets: the LAN address test plays it."""


@dataclass(frozen=True)
class Template:
    folder: Path
    event: dict
    port: int
    first_output: str
    listening: set[str]
    exit_code: int
    stopped_output: str


@pytest.fixture(scope="session")
def venue_template(tmp_path_factory) -> Template:
    folder = tmp_path_factory.mktemp("venue-template") / "venue"
    with venue_server(folder) as venue:
        event = build_event(folder, folder.parent / "event.json", PLAYERS)
        first_output = venue.output
        listening = listening_addresses(venue.process.pid, venue.port)
        exit_code = venue.interrupt()
        time.sleep(0.5)  # the output's last lines
    return Template(
        folder,
        event,
        venue.port,
        first_output,
        listening,
        exit_code,
        venue.output,
    )


def copy_venue(template: Template, where: Path) -> Path:
    """A venue folder of its own, as the template left it."""
    folder = where / "venue"
    shutil.copytree(template.folder, folder)
    return folder


def stored_hands(folder: Path) -> list[tuple[int, int, str | None]]:
    """(table id, hand number, idempotency key) of every stored hand, read
    from the database file directly."""
    path = folder / "db.sqlite3"
    with closing(sqlite3.connect(path, timeout=30)) as db:
        return db.execute(
            "SELECT table_id, number, idempotency_key FROM tournaments_hand"
        ).fetchall()


def make_organiser_of(folder: Path, username: str, slug: str) -> None:
    """The venue's organiser account made an organiser of the bench's event
    (bench/room_event.py creates it with no actor)."""
    with closing(sqlite3.connect(folder / "db.sqlite3", timeout=30)) as db, db:
        db.execute(
            "INSERT INTO tournaments_tournament_organisers (tournament_id, user_id) "
            "SELECT t.id, u.id FROM tournaments_tournament t, auth_user u "
            "WHERE t.slug = ? AND u.username = ?",
            (slug, username),
        )
