"""Small helpers shared by the sheets of the workbooks (the standings and the league's).

Every sheet is a write-only worksheet: rows stream to the file and are not
kept in memory, which is what keeps a 400-player workbook fast. The price is
an order: column widths and frozen panes must be set before the first row,
and a cell that needs a style must be a ``WriteOnlyCell``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from fractions import Fraction

from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from tournaments.exports.xml_rows import XmlRowsSheet

TABLE_POINTS_FORMAT = "0.00"
SHARED_RANK_FORMAT = '0"="'
DATE_FORMAT = "yyyy-mm-dd"
MAX_COLUMN_WIDTH = 40
KEPT_CELLS = 20_000
"""Distinct values whose cells a sheet keeps for the rows to come."""

_BOLD = Font(bold=True)
_HEADER_ALIGNMENT = Alignment(wrap_text=True, vertical="top")


def text(ws: WriteOnlyWorksheet, value: str | None) -> str | WriteOnlyCell | None:
    """A user-typed string made safe for a cell.

    Control characters are dropped (openpyxl refuses them), and a text that
    starts with "=" is forced to stay text: a player named "=cmd|..." must
    not become a formula in the organiser's spreadsheet program.
    """
    if not value:
        return value
    value = ILLEGAL_CHARACTERS_RE.sub("", value)
    if not value.startswith("="):
        return value
    cell = WriteOnlyCell(ws, value)
    cell.data_type = "s"
    return cell


def table_points(
    ws: WriteOnlyWorksheet, value: Fraction | None
) -> WriteOnlyCell | None:
    """Exact table points shown with two decimals.

    The float exists only inside the cell: spreadsheets store doubles, and
    every computation happened on the Fraction before.
    """
    if value is None:
        return None
    cell = WriteOnlyCell(ws, float(value))
    cell.number_format = TABLE_POINTS_FORMAT
    return cell


def keeps_cells(ws: WriteOnlyWorksheet) -> bool:
    """Whether one cell object may serve many rows of ``ws``: where its rows
    are written as text (``XmlRowsSheet``), a cell object is read where it
    is appended; openpyxl's own writer (with lxml) writes the values that
    follow it in its row into it."""
    return isinstance(ws, XmlRowsSheet) and ws.writes_text


def kept_table_points(
    ws: WriteOnlyWorksheet, value: Fraction | None, kept: dict[object, object]
) -> object:
    """``table_points``, one cell per value, kept in ``kept`` for the rows
    to come where the sheet allows it (``keeps_cells``): a few values fill
    the 25,600 sessions of a 3,200-player event."""
    if not keeps_cells(ws):
        return table_points(ws, value)
    cell = kept.get(value, kept)
    if cell is kept:
        if len(kept) >= KEPT_CELLS:
            kept.clear()
        cell = kept[value] = table_points(ws, value)
    return cell


def rank(ws: WriteOnlyWorksheet, value: int, shared: bool) -> int | WriteOnlyCell:
    """A placing; a shared one stays the number but displays as "2="."""
    if not shared:
        return value
    cell = WriteOnlyCell(ws, value)
    cell.number_format = SHARED_RANK_FORMAT
    return cell


def day(ws: WriteOnlyWorksheet, value: date) -> WriteOnlyCell:
    cell = WriteOnlyCell(ws, value)
    cell.number_format = DATE_FORMAT
    return cell


def header_cells(ws: WriteOnlyWorksheet, titles: Sequence[str | None]) -> list[object]:
    cells = []
    for title in titles:
        cell = WriteOnlyCell(ws, ILLEGAL_CHARACTERS_RE.sub("", title or ""))
        cell.data_type = "s"
        cell.font = _BOLD
        cell.alignment = _HEADER_ALIGNMENT
        cells.append(cell)
    return cells


def prepare(ws: WriteOnlyWorksheet, widths: Sequence[float]) -> None:
    """Column widths and a frozen header row; call before the first row."""
    for index, width in enumerate(widths, start=1):
        letter = get_column_letter(index)
        ws.column_dimensions[letter].width = min(width, MAX_COLUMN_WIDTH)
    ws.freeze_panes = "A2"


def autofilter(ws: WriteOnlyWorksheet, columns: int, rows: int) -> None:
    """Filter buttons on the header row over the rows written.

    The filter is part of the sheet's tail, so it may be set after the rows.
    """
    if columns:
        last = get_column_letter(columns)
        ws.auto_filter.ref = f"A1:{last}{max(rows, 1)}"


def width(header: str, longest_value: int = 0, minimum: int = 6) -> float:
    """A column width (in characters) that fits the header and the values."""
    return max(minimum, len(header) * 0.9, longest_value) + 2
