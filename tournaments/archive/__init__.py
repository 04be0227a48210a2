"""The event archive: one JSON document that carries a whole event from one
Muraille to another (docs/event-archive.md).

PURE: no Django, no database, no clock. ``dump`` turns archive values into
the document; ``parse`` reads a document back, checking every record, and
raises ``ArchiveError`` at the first problem. The selector
``tournaments.selectors.archive`` builds the values from the database; the
service ``tournaments.services.archive`` imports them.
"""

from tournaments.archive.dump import dump
from tournaments.archive.errors import ArchiveError
from tournaments.archive.parse import parse
from tournaments.archive.records import (
    FORMAT,
    VERSION,
    AuditRecord,
    EventArchive,
    EventSettings,
    HandRecord,
    PenaltyRecord,
    PlayerRecord,
    RegistrationRecord,
    RoundRecord,
    SeatRecord,
    TableRecord,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "ArchiveError",
    "AuditRecord",
    "EventArchive",
    "EventSettings",
    "HandRecord",
    "PenaltyRecord",
    "PlayerRecord",
    "RegistrationRecord",
    "RoundRecord",
    "SeatRecord",
    "TableRecord",
    "dump",
    "parse",
]
