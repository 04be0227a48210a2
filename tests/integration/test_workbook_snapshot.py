"""The standings workbook, cell by cell, against a snapshot (issue 31, item 4).

The workbook's writers were rewritten for speed; the federation relies on
the file itself (sheets, values, number formats, the EMA layout), so this
test pins all of it: every sheet's every written cell (value, type, number
format, bold, alignment), column widths, frozen panes, filters, the chart's
XML and the document properties, for a small played event (accents, a
formula-like name, a club, shared ranks, penalties, a fan breakdown, two
rounds not played yet). English only: the French texts are the translators'
to change (``test_exports`` checks the French wiring).

``tests/data/standings_workbook.json`` was written by the code before the
rewrite. After a deliberate change to the workbook, write it again with
``WORKBOOK_SNAPSHOT_WRITE=1`` and review the diff.
"""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from tests.factories import ClubFactory, TournamentFactory
from tests.integration.export_data import played_tournament
from tournaments.models import Player
from tournaments.services import exports as svc

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

SNAPSHOT = Path(__file__).resolve().parent.parent / "data" / "standings_workbook.json"


def _value(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return {"date": value.isoformat()}
    if isinstance(value, float):
        return {"float": repr(value)}
    return value


def _sheet(sheet: Any) -> dict[str, Any]:
    cells = []
    for row in sheet.iter_rows():
        for cell in row:
            if cell.value is None and not cell.has_style:
                continue
            cells.append(
                [
                    cell.coordinate,
                    _value(cell.value),
                    cell.data_type,
                    cell.number_format,
                    bool(cell.font.bold),
                    bool(cell.alignment.wrap_text),
                    cell.alignment.vertical,
                ]
            )
    return {
        "title": sheet.title,
        "dimensions": sheet.dimensions,
        "freeze_panes": sheet.freeze_panes,
        "auto_filter": sheet.auto_filter.ref,
        "widths": {
            letter: dimension.width
            for letter, dimension in sorted(sheet.column_dimensions.items())
            if dimension.customWidth
        },
        "cells": cells,
    }


def describe(content: bytes) -> dict[str, Any]:
    """What the snapshot holds of one workbook."""
    book = load_workbook(io.BytesIO(content))
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        charts = {
            name: archive.read(name).decode()
            for name in sorted(archive.namelist())
            if name.startswith(("xl/charts/", "xl/drawings/"))
        }
    return {
        "properties": {
            "title": book.properties.title,
            "creator": book.properties.creator,
            "subject": book.properties.subject,
        },
        "sheets": [_sheet(sheet) for sheet in book.worksheets],
        "charts": charts,
    }


def _dump(found: dict[str, Any]) -> str:
    """Indented JSON with a cell a line, for a readable diff."""
    text = json.dumps(found, indent=1, ensure_ascii=False)

    def one_line(match: re.Match[str]) -> str:
        return "[" + " ".join(line.strip() for line in match[1].splitlines()) + "]"

    return re.sub(r"\[\n((?:\s+[^\[\]{}\n]*\n)+?)\s*\]", one_line, text) + "\n"


@pytest.fixture
def event(organiser):
    tournament = TournamentFactory(name="Snapshot Open", slug="snapshot-open")
    tournament.organisers.add(organiser)
    played_tournament(tournament, organiser)
    club = ClubFactory(name="Club de Paris")
    Player.objects.filter(last_name__in=["Chen", "Gaël"]).update(club=club)
    return tournament


def test_the_workbook_matches_its_snapshot(event):
    """Every sheet's every cell as the code before the rewrite wrote it."""
    _name, content = svc.build_export(tournament=event, kind="xlsx", language="en")
    found = describe(content)
    if os.environ.get("WORKBOOK_SNAPSHOT_WRITE"):
        SNAPSHOT.write_text(_dump(found))
    expected = json.loads(SNAPSHOT.read_text())
    assert [sheet["title"] for sheet in found["sheets"]] == [
        sheet["title"] for sheet in expected["sheets"]
    ]
    for sheet, wanted in zip(found["sheets"], expected["sheets"], strict=True):
        assert sheet == wanted, sheet["title"]
    assert found == expected
