"""Played events for the archive tests, and the values compared after a trip.

The events are built through the services (the demo loader, the export
tests' event, a French classic session), so the archive carries what real
play stores.
"""

from __future__ import annotations

import io
import json
from typing import Any

from openpyxl import load_workbook

from tournaments.models import (
    AuditEvent,
    Club,
    Hand,
    Penalty,
    Player,
    Registration,
    Round,
    Seat,
    SeatResult,
    Table,
    Tournament,
)
from tournaments.selectors.archive import build_archive
from tournaments.selectors.exports import get_export_standings
from tournaments.services.exports import build_export


def carried(tournament: Tournament) -> dict[str, Any]:
    """The event's archive as the other side reads it: through JSON text."""
    return json.loads(json.dumps(build_archive(tournament)))


def workbook_values(tournament: Tournament) -> dict[str, list[list[Any]]]:
    """Every cell value of every sheet of the event's workbook (the EMA sheet
    among them)."""
    _name, content = build_export(tournament=tournament, kind="xlsx", language="en")
    book = load_workbook(io.BytesIO(content))
    return {
        sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)]
        for sheet in book.worksheets
    }


def results(tournament: Tournament) -> tuple[Any, Any]:
    """What the trip must keep: the standings rows and the workbook."""
    return get_export_standings(tournament), workbook_values(tournament)


COPY_UID = "5d1c2f7e-9a0b-4c3d-8e6f-1a2b3c4d5e6f"
"""The identity of "the online copy" when venue and copy share a database."""


def as_copy(document: dict[str, Any]) -> dict[str, Any]:
    """The archive under another identity: importing it makes (or updates)
    a second event beside the original, as another Muraille would."""
    copied = json.loads(json.dumps(document))
    copied["event"]["uid"] = COPY_UID
    return copied


def without_identity(document: dict[str, Any]) -> dict[str, Any]:
    """What two sides must agree on: everything but the identity, the slug
    and the audit trail (each side adds its own import events)."""
    kept = json.loads(json.dumps(document))
    for key in ("uid", "slug"):
        kept["event"].pop(key)
    kept.pop("audit")
    return kept


def row_counts() -> dict[str, int]:
    """Rows of every model an import writes."""
    models = (AuditEvent, Club, Hand, Penalty, Player, Registration, Round, Seat,
              SeatResult, Table, Tournament)  # fmt: skip
    return {model.__name__: model.objects.count() for model in models}
