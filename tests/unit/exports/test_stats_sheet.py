"""The "Statistics" sheet's layout: rows in, cells out (issue 29)."""

from __future__ import annotations

import io
from fractions import Fraction

from openpyxl import Workbook, load_workbook

from tournaments.exports.labels import DEFAULT_LABELS
from tournaments.exports.stats_sheet import (
    BiggestHandRow,
    StatsColumn,
    StatsPlayerRow,
    StatsSheet,
    write_stats_sheet,
)

SHEET = StatsSheet(
    columns=(StatsColumn("Hands played"), StatsColumn("Win rate", rate=True),
             StatsColumn("Average place")),
    players=(
        StatsPlayerRow("=Ann", (12, Fraction(1, 4), Fraction(5, 2))),
        StatsPlayerRow("Bo", (0, None, None)),
    ),
    biggest_hands=(BiggestHandRow("Bo", 88, "points", 2, 1, 7, "Big Four Winds"),),
)  # fmt: skip


def rows():
    book = Workbook(write_only=True)
    write_stats_sheet(book.create_sheet("Statistics"), SHEET, DEFAULT_LABELS)
    buffer = io.BytesIO()
    book.save(buffer)
    sheet = load_workbook(buffer)["Statistics"]
    return sheet, list(sheet.iter_rows(values_only=True))


def test_players_then_the_biggest_hands():
    sheet, found = rows()
    assert found[0][:4] == ("Player", "Hands played", "Win rate", "Average place")
    assert found[1][:4] == ("=Ann", 12, 0.25, 2.5)  # the name stays text
    assert sheet["A2"].data_type == "s"
    assert sheet["C2"].number_format == "0.0%"
    # Nothing to rest on: an empty cell, not 0.
    assert found[2][:4] == ("Bo", 0, None, None)
    assert found[4][0] == "Biggest hands"
    assert found[6] == ("Bo", "88 points", 2, 1, 7, "Big Four Winds")
