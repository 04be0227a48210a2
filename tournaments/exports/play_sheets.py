"""The "Rounds", "Hands" and "Penalties" sheets: what happened at the tables.

Each function streams its rows into a write-only sheet and reads its
iterable once, so a selector may hand over a queryset iterator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sized

from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from tournaments.exports import labels as L
from tournaments.exports import sheet_cells
from tournaments.exports.rows import HandRow, PenaltyRow, SessionRow
from tournaments.exports.xml_rows import CellTexts, XmlRowsSheet

PAYMENT_COLUMNS = 4
"""Player/payment column pairs in "Hands": one per seat of an MCR table."""
PROGRESS_EVERY = 1000
"""Hands written between two progress reports."""
NAMES_KEPT = 20_000
"""Players' names the "Hands" sheet keeps ready for its cells."""


def write_rounds_sheet(
    ws: WriteOnlyWorksheet, sessions: Iterable[SessionRow], texts: Mapping[str, str]
) -> None:
    """One row per player and round, in the order given (round, table, seat)."""
    keys = (L.ROUND, L.TABLE, L.SEAT, L.PLAYER, L.SESSION_SCORE, L.TABLE_RANK)
    headers = [texts[key] for key in keys] + [texts[L.TABLE_POINTS]]
    widths = [sheet_cells.width(title) for title in headers]
    widths[3] = sheet_cells.width(headers[3], 24)
    sheet_cells.prepare(ws, widths)
    ws.append(sheet_cells.header_cells(ws, headers))
    count = 0
    points: dict[object, object] = {}
    as_text = _RoundsText(ws, texts, points) if isinstance(ws, XmlRowsSheet) else None
    for row in sessions:
        count += 1
        if as_text is not None and as_text.append(row):
            continue
        ws.append(
            [
                row.round_number,
                row.table_number,
                texts[L.WIND_LABELS[row.seat]],
                sheet_cells.text(ws, row.player),
                row.score,
                row.table_rank,
                sheet_cells.kept_table_points(ws, row.table_points, points),
            ]
        )
    sheet_cells.autofilter(ws, len(headers), count + 1)


class _RoundsText:
    """The "Rounds" rows as text, as ``_HandsText`` writes "Hands": the
    same cells as ``write_rounds_sheet`` appends, each text made once per
    column and value (a player comes back every round)."""

    def __init__(
        self, ws: XmlRowsSheet, texts: Mapping[str, str], points: dict[object, object]
    ) -> None:
        self.ws = ws
        self.cells = CellTexts(ws, 7)
        self.wind = lambda wind: texts[L.WIND_LABELS[wind]]
        self.name = lambda name: sheet_cells.text(ws, name)
        self.points = lambda value: sheet_cells.kept_table_points(ws, value, points)

    def append(self, row: SessionRow) -> bool:
        if not self.ws.writes_text:
            return False
        text, number = self.cells.text, self.cells.number
        parts = [
            number(0, row.round_number),
            number(1, row.table_number),
            text(2, row.seat, self.wind),
            text(3, row.player, self.name),
            number(4, row.score),
            number(5, row.table_rank),
            text(6, row.table_points, self.points),
        ]
        if None in parts:
            return False
        self.ws.append_xml("".join(parts))  # type: ignore[arg-type]
        return True


def _hand_headers(texts: Mapping[str, str]) -> list[str]:
    keys = (L.ROUND, L.TABLE, L.HAND, L.PREVALENT_WIND, L.WINNER, L.DISCARDER)
    headers = [texts[key] for key in keys] + [texts[L.HAND_VALUE], texts[L.FANS]]
    for seat in range(1, PAYMENT_COLUMNS + 1):
        headers.append(texts[L.PAYMENT_PLAYER] % {"seat": seat})
        headers.append(texts[L.PAYMENT_POINTS] % {"seat": seat})
    return headers


def write_hands_sheet(
    ws: WriteOnlyWorksheet,
    hands: Iterable[HandRow],
    texts: Mapping[str, str],
    *,
    on_progress: Callable[[float], None] | None = None,
) -> None:
    """One row per hand; a drawn hand shows the "Draw" label as its winner.

    Raises ``ValueError`` for a hand with more than ``PAYMENT_COLUMNS``
    payments rather than dropping one silently.
    """
    headers = _hand_headers(texts)
    widths = [sheet_cells.width(title) for title in headers]
    for column in (4, 5, *range(8, len(headers), 2)):
        widths[column] = sheet_cells.width(headers[column], 20)
    widths[7] = sheet_cells.width(headers[7], 36)
    sheet_cells.prepare(ws, widths)
    ws.append(sheet_cells.header_cells(ws, headers))
    total = len(hands) if isinstance(hands, Sized) else 0
    count = 0
    names: dict[str | None, object] = {}
    as_text = _HandsText(ws, texts, names) if isinstance(ws, XmlRowsSheet) else None
    for hand in hands:
        if as_text is None or not as_text.append(hand):
            ws.append(_hand_cells(ws, hand, texts, names))
        count += 1
        if on_progress and total and count % PROGRESS_EVERY == 0:
            on_progress(count / total)
    sheet_cells.autofilter(ws, len(headers), count + 1)


class _HandsText:
    """The "Hands" rows as text (``XmlRowsSheet.append_xml``): each cell's
    text is made once per column and value (a player's name, a wind, a
    payment) and then looked up, since the same few thousand values fill
    the 1.6 million cells of a 3,200-player event. The cells are
    ``_hand_cells``'; a row with a cell only openpyxl writes, or a sheet
    not written as text, is left to ``ws.append`` (``append`` says False)."""

    def __init__(
        self,
        ws: XmlRowsSheet,
        texts: Mapping[str, str],
        names: dict[str | None, object],
    ) -> None:
        self.ws = ws
        self.cells = CellTexts(ws, 8 + 2 * PAYMENT_COLUMNS)
        self.wind = lambda wind: texts[L.WIND_LABELS[wind]]
        self.drawn = lambda _: texts[L.DRAWN_HAND]
        self.self_drawn = lambda _: texts[L.SELF_DRAWN]
        self.name = lambda name: _name(ws, name, names)
        self.fans = lambda fans: sheet_cells.text(ws, fans) or None

    def append(self, hand: HandRow) -> bool:
        if not self.ws.writes_text or len(hand.payments) > PAYMENT_COLUMNS:
            return False
        # The look-ups inline (a text met before), else ``CellTexts`` makes it.
        text, number, name = self.cells.text, self.cells.number, self.name
        cells = self.cells.columns
        round_no, table_no, hand_no = (
            hand.round_number,
            hand.table_number,
            hand.hand_number,
        )
        parts = [
            (type(round_no) is int and cells[0].get(round_no)) or number(0, round_no),
            (type(table_no) is int and cells[1].get(table_no)) or number(1, table_no),
            (type(hand_no) is int and cells[2].get(hand_no)) or number(2, hand_no),
            cells[3].get(hand.prevalent_wind)
            or text(3, hand.prevalent_wind, self.wind),
        ]
        winner = hand.winner
        if winner is None:
            parts.append(text(4, _DRAWN, self.drawn))
        else:
            parts.append(cells[4].get(winner) or text(4, winner, name))
            if hand.self_drawn:
                parts.append(text(5, _SELF_DRAWN, self.self_drawn))
            else:
                out = hand.discarder
                parts.append(cells[5].get(out) or text(5, out, name))
        value = hand.hand_value
        if hand.hand_unit:
            parts.append(text(6, f"{value} {hand.hand_unit}", str))
        else:
            parts.append(
                (type(value) is int and cells[6].get(value)) or number(6, value)
            )
        if hand.fans:  # else no cell, as ``_hand_cells`` writes None
            parts.append(cells[7].get(hand.fans) or text(7, hand.fans, self.fans))
        column = 8
        for player, points in hand.payments:
            parts.append(cells[column].get(player) or text(column, player, name))
            column += 1
            parts.append(
                (type(points) is int and cells[column].get(points))
                or number(column, points)
            )
            column += 1
        if None in parts:
            return False
        self.ws.append_xml("".join(parts))  # type: ignore[arg-type]
        return True


# Keys no name equals: the labels' cells in the winner's and discarder's columns.
_DRAWN = object()
_SELF_DRAWN = object()


def _hand_cells(
    ws: WriteOnlyWorksheet,
    hand: HandRow,
    texts: Mapping[str, str],
    names: dict[str | None, object],
) -> list[object]:
    """``names``: the players' names made safe for a cell, by name; the
    same few hundred names fill most cells of the sheet."""
    if len(hand.payments) > PAYMENT_COLUMNS:
        raise ValueError(
            f"hand {hand.hand_number}: more than {PAYMENT_COLUMNS} payments"
        )
    winner: object
    discarder: object
    if hand.winner is None:
        winner, discarder = texts[L.DRAWN_HAND], None
    else:
        winner = _name(ws, hand.winner, names)
        discarder = (
            texts[L.SELF_DRAWN] if hand.self_drawn else _name(ws, hand.discarder, names)
        )
    cells = [
        hand.round_number,
        hand.table_number,
        hand.hand_number,
        texts[L.WIND_LABELS[hand.prevalent_wind]],
        winner,
        discarder,
        f"{hand.hand_value} {hand.hand_unit}" if hand.hand_unit else hand.hand_value,
        sheet_cells.text(ws, hand.fans) or None,
    ]
    for payment in hand.payments:
        cells.append(_name(ws, payment.player, names))
        cells.append(payment.points)
    return cells


def _name(
    ws: WriteOnlyWorksheet, name: str | None, names: dict[str | None, object]
) -> object:
    """``sheet_cells.text`` of a player's name, once per name where one
    cell object may serve many rows (``sheet_cells.keeps_cells``)."""
    found = names.get(name, names) if sheet_cells.keeps_cells(ws) else names
    if found is names:
        if len(names) >= NAMES_KEPT:
            names.clear()
        found = names[name] = sheet_cells.text(ws, name)
    return found


def write_penalties_sheet(
    ws: WriteOnlyWorksheet, penalties: Iterable[PenaltyRow], texts: Mapping[str, str]
) -> None:
    """One row per penalty, with its reason and referee."""
    keys = (L.ROUND, L.TABLE, L.HAND, L.PLAYER, L.PENALTY_POINTS, L.REASON)
    headers = [texts[key] for key in keys] + [texts[L.REFEREE]]
    widths = [sheet_cells.width(title) for title in headers]
    widths[3] = sheet_cells.width(headers[3], 24)
    widths[5] = sheet_cells.width(headers[5], 40)
    widths[6] = sheet_cells.width(headers[6], 20)
    sheet_cells.prepare(ws, widths)
    ws.append(sheet_cells.header_cells(ws, headers))
    count = 0
    for row in penalties:
        ws.append(
            [
                row.round_number,
                row.table_number,
                row.hand_number,
                sheet_cells.text(ws, row.player),
                row.points,
                sheet_cells.text(ws, row.reason),
                sheet_cells.text(ws, row.referee),
            ]
        )
        count += 1
    sheet_cells.autofilter(ws, len(headers), count + 1)
