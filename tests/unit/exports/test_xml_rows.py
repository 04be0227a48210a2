"""``XmlRowsSheet`` writes the very bytes openpyxl's write-only sheet writes."""

from __future__ import annotations

import zipfile
from datetime import date, datetime
from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import Workbook
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.styles import Alignment, Font
from openpyxl.utils.exceptions import IllegalCharacterError

from tournaments.exports import sheet_cells, xml_rows
from tournaments.exports.xml_rows import XmlRowsSheet, add_sheet


def _styled(ws, value, number_format=None, bold=False):
    cell = WriteOnlyCell(ws, value)
    if number_format:
        cell.number_format = number_format
    if bold:
        cell.font = Font(bold=True)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
    return cell


def _rows(ws):
    """Every kind of value the sheets write, and some they never should."""
    return [
        sheet_cells.header_cells(ws, ["Rank", "Player & <club>", " spaced "]),
        [1, "Anaïs Lefèvre", None, 2.5, -0.0, 1 / 3, 10**20, 1e-7, -17],
        [10**15 - 1, 1 - 10**15, 10**15, -(10**15), 12345678901234567, 0],
        ["Anaïs Lefèvre", "a & b < c > d", "=SUM(A1)", "Anaïs Lefèvre", "East"],
        [None, None, "a & b < c > d", "  leading", "trailing  ", " ", "x\ny\tz"],
        ["=SUM(A1)", "=", "#N/A", "#n/a", "", "'quoted\"", "é" * 40],
        [sheet_cells.text(ws, "=cmd|' /C calc'!A0"), sheet_cells.rank(ws, 2, True)],
        [sheet_cells.table_points(ws, 7 / 3), _styled(ws, 4, "0.00", bold=True)],
        [sheet_cells.day(ws, date(2026, 3, 14)), datetime(2026, 3, 14, 9, 30)],
        [True, False, Decimal("1.5"), float("nan"), float("inf"), _styled(ws, None)],
        (value for value in (3, "generator", None, 4.25)),
        [],
        range(5),
        [_styled(ws, "styled text", "@"), _styled(ws, 12, "0%")],
    ]


def _build(add) -> dict[str, bytes]:
    workbook = Workbook(write_only=True)
    ws = add(workbook)
    sheet_cells.prepare(ws, [8, 20, 12])
    for row in _rows(ws):
        ws.append(row)
    sheet_cells.autofilter(ws, 3, 12)
    buffer = BytesIO()
    workbook.save(buffer)
    with zipfile.ZipFile(buffer) as archive:
        return {
            name: archive.read(name)
            for name in archive.namelist()
            if name != "docProps/core.xml"  # its time stamps
        }


@pytest.mark.parametrize("kept", [20_000, 2])
def test_the_file_is_openpyxls_byte_for_byte(kept, monkeypatch):
    """Sheet XML, styles and every other part are the same bytes, whether
    the strings' XML is remembered or forgotten on the way."""
    monkeypatch.setattr(xml_rows, "TEXTS_KEPT", kept)
    mine = _build(lambda workbook: add_sheet(workbook, "Sheet"))
    theirs = _build(lambda workbook: workbook.create_sheet("Sheet"))
    assert mine.keys() == theirs.keys()
    for name in theirs:
        assert mine[name] == theirs[name], name


def test_with_lxml_the_sheet_is_openpyxls_own(monkeypatch):
    """lxml's stream has no raw write: the rows go through openpyxl."""
    monkeypatch.setattr(xml_rows, "LXML", True)
    mine = _build(lambda workbook: add_sheet(workbook, "Sheet"))
    assert mine == _build(lambda workbook: workbook.create_sheet("Sheet"))


def test_the_rows_are_written_as_text_not_through_openpyxl(monkeypatch):
    """The fast path is the one taken for plain numbers and strings."""
    slow = []
    real = xml_rows.write_cell
    monkeypatch.setattr(
        xml_rows, "write_cell", lambda *args: slow.append(args[2].value) or real(*args)
    )
    workbook = Workbook(write_only=True)
    ws = add_sheet(workbook, "Sheet")
    ws.append([1, 2.5, "text", sheet_cells.table_points(ws, 1 / 3), date(2026, 1, 2)])
    workbook.save(BytesIO())
    assert isinstance(ws, XmlRowsSheet)
    assert slow == [date(2026, 1, 2)]


@pytest.mark.parametrize("value", ["bell\x07", WriteOnlyCell])
def test_an_illegal_character_is_refused_as_openpyxl_refuses_it(value):
    workbook = Workbook(write_only=True)
    ws = add_sheet(workbook, "Sheet")
    with pytest.raises(IllegalCharacterError):
        ws.append(["bell\x07"] if isinstance(value, str) else [value(ws, "a\x01")])


def test_a_value_openpyxl_cannot_write_is_refused():
    workbook = Workbook(write_only=True)
    ws = add_sheet(workbook, "Sheet")
    with pytest.raises(ValueError):
        ws.append([object()])


@pytest.mark.parametrize("kept", [20_000, 2])
def test_rows_of_cell_texts_are_openpyxls_byte_for_byte(kept, monkeypatch):
    """A row joined from ``cell_xml``'s texts is the row ``append`` writes;
    a row with a value only openpyxl writes goes through ``append``."""
    monkeypatch.setattr(xml_rows, "TEXTS_KEPT", kept)

    def as_text(workbook):
        ws = add_sheet(workbook, "Sheet")
        real_append = ws.append
        cells = xml_rows.CellTexts(ws, 12)

        def append(row):
            values = list(row)
            texts = [
                cells.text(column, value, lambda same: same)
                if isinstance(value, str | Cell)
                else cells.number(column, value)
                for column, value in enumerate(values)
            ]
            if ws.writes_text and None not in texts:
                ws.append_xml("".join(texts))
            else:
                real_append(values)

        ws.append = append
        return ws

    mine = _build(as_text)
    theirs = _build(lambda workbook: workbook.create_sheet("Sheet"))
    assert mine.keys() == theirs.keys()
    for name in theirs:
        assert mine[name] == theirs[name], name


def test_a_true_is_not_the_number_one():
    """``CellTexts.number`` keys by type where values compare equal."""
    workbook = Workbook(write_only=True)
    cells = xml_rows.CellTexts(add_sheet(workbook, "Sheet"), 1)
    assert cells.number(0, 1) == f'<c r="A{xml_rows.ROW}" t="n"><v>1</v></c>'
    assert cells.number(0, True) is None  # openpyxl's: a boolean cell
    assert cells.number(0, 1.0) == cells.number(0, 1)  # both written "1"
    assert cells.number(0, None) == ""


def test_rows_as_text_only_once_the_sheet_writes_them(monkeypatch):
    workbook = Workbook(write_only=True)
    ws = add_sheet(workbook, "Sheet")
    assert not ws.writes_text
    with pytest.raises(RuntimeError):
        ws.append_xml("")
    ws.append([1])
    assert ws.writes_text
    monkeypatch.setattr(xml_rows, "LXML", True)
    lxml_sheet = add_sheet(workbook, "Other")
    lxml_sheet.append([1])
    assert not lxml_sheet.writes_text
    workbook.save(BytesIO())
