"""The "EMA" sheet: the results file the European Mahjong Association reads.

The layout follows the EMA results workbook as the EMA's own tooling reads
it (ema_scraper ``get_results.py``; ``rules/mcr.md`` section 7), cell by
cell, so the sheet can be sent as it is:

* row 1: column titles, in English (the EMA's working language);
* rows 2 .. N+1: one row per ranked player, columns C..J: position, first
  name, last name, EMA number, table points, score, EMA member flag,
  nationality;
* the tournament header block sits in columns A-B and L-R of row 3, where
  the reader looks for it: name, number of players | country, city, MERS
  weight, rule set, dates (as text such as "14-15 March 2026", which the
  EMA's date parser reads), number of days. Columns S-T repeat the first
  and last day as real dates for people who sort or filter.

Positions: tied players get the same number (1, 2, 2, 4), which is what the
MERS base rank needs. The EMA number is text, 8 digits zero-padded, so its
leading zero survives; blank for a non-member, whose member flag is 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from tournaments.exports import sheet_cells
from tournaments.exports.rows import StandingRow, TournamentInfo

EMA_HEADERS = (
    "Tournament", "Players", "Position", "First name", "Last name", "EMA number",
    "Table points", "Score", "EMA member", "Nationality", None, "Country", "City",
    "MERS", None, "Rules", "Dates", "Days", "Start date", "End date",
)  # fmt: skip
EMA_WIDTHS = (30, 8, 9, 16, 20, 12, 12, 9, 11, 11, 3, 9, 16, 7, 3, 8, 22, 6, 12, 12)
FIRST_PLAYER_ROW = 2
HEADER_BLOCK_ROW = 3
PLAYER_COLUMNS = 8
"""Columns C..J, the player block."""
PLAYER_FIRST_COLUMN = 3

_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July",
    "August", "September", "October", "November", "December",
)  # fmt: skip


def ema_dates(start: date, end: date) -> str:
    """The dates in the English form the EMA's date-range parser reads.

    "14 March 2026", "14-15 March 2026", "31 March - 1 April 2026" or
    "31 December 2026 - 1 January 2027".
    """
    if start.year != end.year:
        return f"{_day_month(start)} {start.year} - {_day_month(end)} {end.year}"
    if start.month != end.month:
        return f"{_day_month(start)} - {_day_month(end)} {end.year}"
    if start.day != end.day:
        return f"{start.day}-{_day_month(end)} {end.year}"
    return f"{_day_month(start)} {start.year}"


def _day_month(day: date) -> str:
    return f"{day.day} {_MONTHS[day.month - 1]}"


def write_ema_sheet(
    ws: WriteOnlyWorksheet, info: TournamentInfo, standings: Sequence[StandingRow]
) -> None:
    """Write the EMA layout described in the module docstring.

    Raises ``ValueError`` when ``info.players`` differs from the number of
    standings rows: the EMA reads exactly ``players`` rows.
    """
    if info.players != len(standings):
        raise ValueError(
            f"info.players is {info.players} but there are {len(standings)} rows"
        )
    sheet_cells.prepare(ws, EMA_WIDTHS)
    ws.append(sheet_cells.header_cells(ws, EMA_HEADERS))
    block = _header_block(ws, info)
    for index, row in enumerate(standings):
        cells = [None, None, *_player_cells(ws, row)]
        if index + FIRST_PLAYER_ROW == HEADER_BLOCK_ROW:
            cells = [block[0], block[1], *cells[2:], None, *block[2:]]
        ws.append(cells)
    if len(standings) + 1 < HEADER_BLOCK_ROW:
        for _ in range(len(standings) + 1, HEADER_BLOCK_ROW - 1):
            ws.append([])
        ws.append([block[0], block[1], *[None] * (PLAYER_COLUMNS + 1), *block[2:]])
    last_row = len(standings) + 1
    ws.auto_filter.ref = f"C1:J{max(last_row, 1)}"


def _player_cells(ws: WriteOnlyWorksheet, row: StandingRow) -> list[object]:
    return [
        row.rank,
        sheet_cells.text(ws, row.first_name),
        sheet_cells.text(ws, row.last_name),
        sheet_cells.text(ws, row.ema_number) or None,
        sheet_cells.table_points(ws, row.table_points),
        row.score,
        1 if row.is_ema_member else 0,
        sheet_cells.text(ws, row.country),
    ]


def _header_block(ws: WriteOnlyWorksheet, info: TournamentInfo) -> list[object]:
    """Cells A3, B3 and L3..T3."""
    return [
        sheet_cells.text(ws, info.name),
        info.players,
        sheet_cells.text(ws, info.country),
        sheet_cells.text(ws, info.city),
        info.mers_weight,
        None,
        sheet_cells.text(ws, info.ruleset),
        ema_dates(info.start_date, info.end_date),
        info.days,
        sheet_cells.day(ws, info.start_date),
        sheet_cells.day(ws, info.end_date),
    ]
