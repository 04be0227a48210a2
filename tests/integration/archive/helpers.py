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

from tournaments.models import Tournament
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
