"""The EMA sheet: the layout the EMA's results reader expects."""

from __future__ import annotations

from datetime import date
from io import BytesIO

import pytest
from openpyxl import load_workbook

from tournaments.exports.ema_sheet import EMA_HEADERS, ema_dates
from tournaments.exports.standings_xlsx import build_standings_workbook


@pytest.fixture
def sheet(info, standings):
    data = build_standings_workbook(info, standings, [], [], [], None)
    return load_workbook(BytesIO(data))["EMA"]


def test_columns(sheet):
    """Row 1 titles the EMA's columns: C..J for players, A-B and L-R for the event."""
    titles = [cell.value for cell in sheet[1]]
    assert titles == list(EMA_HEADERS)
    assert titles[2:10] == [
        "Position", "First name", "Last name", "EMA number", "Table points",
        "Score", "EMA member", "Nationality",
    ]  # fmt: skip


def test_one_row_per_ranked_player(sheet, standings):
    """Rows 2..N+1 hold position, names, EMA number, points, member flag, nation."""
    rows = [row[2:10] for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert len(rows) == len(standings)
    assert rows[0] == (1, "Anaïs", "Lefèvre", "04010013", 8, 250, 1, "FRA")
    assert rows[3] == (
        4,
        "Dirk",
        "de Vries",
        "08000001",
        pytest.approx(13 / 3),
        10,
        1,
        "NLD",
    )


def test_shared_positions_are_the_same_number(sheet):
    """Tied players share a bare integer position (1, 2, 2, 4): no "2=" text."""
    positions = [sheet.cell(row, 3).value for row in range(2, 10)]
    assert positions == [1, 2, 2, 4, 5, 6, 7, 8]
    assert all(isinstance(value, int) for value in positions)


def test_non_members(sheet):
    """A non-member has a blank EMA number and a member flag of 0."""
    assert sheet["F4"].value is None
    assert sheet["I4"].value == 0


def test_ema_numbers_keep_their_leading_zero(sheet):
    """EMA numbers are 8-digit text, so "04010013" does not become 4010013."""
    assert sheet["F2"].value == "04010013"
    assert sheet["F2"].data_type == "s"


def test_tournament_header_block(sheet):
    """Row 3 holds the event where the reader looks for it."""
    assert sheet["A3"].value == "Open de Paris"
    assert sheet["B3"].value == 8
    values = [sheet.cell(3, column).value for column in range(12, 19)]
    assert values == ["FRA", "Paris", 1.5, None, "MCR", "14-15 March 2026", 2]


def test_header_block_with_a_single_player(info, standings):
    """With fewer than two players the header block still lands on row 3."""
    one = standings[:1]
    data = build_standings_workbook(
        type(info)(**{**_fields(info), "players": 1}), one, [], [], [], None
    )
    sheet = load_workbook(BytesIO(data))["EMA"]
    assert sheet["C2"].value == 1
    assert sheet["A3"].value == "Open de Paris"
    assert sheet["C3"].value is None


def _fields(info):
    return {name: getattr(info, name) for name in info.__slots__}


@pytest.mark.parametrize(
    ("start", "end", "text"),
    [
        (date(2026, 3, 14), date(2026, 3, 14), "14 March 2026"),
        (date(2026, 3, 14), date(2026, 3, 15), "14-15 March 2026"),
        (date(2026, 3, 31), date(2026, 4, 1), "31 March - 1 April 2026"),
        (date(2026, 12, 31), date(2027, 1, 1), "31 December 2026 - 1 January 2027"),
    ],
)
def test_dates_as_the_ema_writes_them(start, end, text):
    """Dates become English text the EMA's date-range parser reads."""
    assert ema_dates(start, end) == text
