"""The "Statistics" sheet: every player's figures and the biggest hands.

Rows in, cells out, like the other sheets: the caller (the Django side,
``selectors.exports.get_stats_sheet``) hands over the figures' headings
already in the workbook's language and the values as exact numbers; this
module only lays them out. A rate is a share of 1 shown as a percentage,
an empty cell a figure that rests on nothing yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from openpyxl.cell import WriteOnlyCell
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from tournaments.exports import labels as L
from tournaments.exports import sheet_cells

PERCENT_FORMAT = "0.0%"
AVERAGE_FORMAT = "0.00"


@dataclass(frozen=True, slots=True)
class StatsColumn:
    """A figure's heading and how its values look (``rate``: a share of 1)."""

    heading: str
    rate: bool = False


@dataclass(frozen=True, slots=True)
class StatsPlayerRow:
    name: str
    values: tuple[Fraction | int | None, ...]


@dataclass(frozen=True, slots=True)
class BiggestHandRow:
    player: str
    value: int
    unit: str
    round_number: int
    table_number: int
    hand_number: int
    fans: str


@dataclass(frozen=True, slots=True)
class StatsSheet:
    """``columns`` name the values of every ``players`` row, in order."""

    columns: tuple[StatsColumn, ...]
    players: tuple[StatsPlayerRow, ...]
    biggest_hands: tuple[BiggestHandRow, ...]


def write_stats_sheet(
    ws: WriteOnlyWorksheet, sheet: StatsSheet, texts: Mapping[str, str]
) -> None:
    """The players' table (filtered), then the biggest hands below it."""
    headers = [texts[L.PLAYER], *(column.heading for column in sheet.columns)]
    longest = max((len(row.name) for row in sheet.players), default=0)
    widths = [sheet_cells.width(headers[0], longest)]
    widths += [sheet_cells.width(heading, minimum=7) for heading in headers[1:]]
    sheet_cells.prepare(ws, widths)
    ws.append(sheet_cells.header_cells(ws, headers))
    # One cell object per value serves every row where the sheet allows it
    # (``keeps_cells``): players of an event share most of their rates.
    figures: dict[tuple[type, object, bool], object] = {}
    keep = sheet_cells.keeps_cells(ws)
    for row in sheet.players:
        cells: list[object] = [sheet_cells.text(ws, row.name)]
        for column, value in zip(sheet.columns, row.values, strict=True):
            # Typed: the int 1 is a plain cell, Fraction(1) an average's.
            key = (type(value), value, column.rate)
            cell = figures.get(key, figures) if keep else figures
            if cell is figures:
                if len(figures) >= sheet_cells.KEPT_CELLS:
                    figures.clear()
                cell = figures[key] = _figure(ws, value, column.rate)
            cells.append(cell)
        ws.append(cells)
    sheet_cells.autofilter(ws, len(headers), len(sheet.players) + 1)
    ws.append([])
    ws.append(sheet_cells.header_cells(ws, [texts[L.BIGGEST_HANDS]]))
    keys = (L.PLAYER, L.HAND_VALUE, L.ROUND, L.TABLE, L.HAND, L.FANS)
    ws.append(sheet_cells.header_cells(ws, [texts[key] for key in keys]))
    for hand in sheet.biggest_hands:
        ws.append(
            [
                sheet_cells.text(ws, hand.player),
                f"{hand.value} {hand.unit}",
                hand.round_number,
                hand.table_number,
                hand.hand_number,
                sheet_cells.text(ws, hand.fans),
            ]
        )


def _figure(ws: WriteOnlyWorksheet, value: Fraction | int | None, rate: bool) -> object:
    """An int as it is; a fraction as a number cell, a percentage for a
    rate (the float exists only in the cell)."""
    if value is None:
        return None
    if isinstance(value, int) and not rate:
        return value
    cell = WriteOnlyCell(ws, float(value))
    cell.number_format = PERCENT_FORMAT if rate else AVERAGE_FORMAT
    return cell
