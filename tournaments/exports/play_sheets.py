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
    for row in sessions:
        ws.append(
            [
                row.round_number,
                row.table_number,
                texts[L.WIND_LABELS[row.seat]],
                sheet_cells.text(ws, row.player),
                row.score,
                row.table_rank,
                sheet_cells.table_points(ws, row.table_points),
            ]
        )
        count += 1
    sheet_cells.autofilter(ws, len(headers), count + 1)


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
    for hand in hands:
        ws.append(_hand_cells(ws, hand, texts, names))
        count += 1
        if on_progress and total and count % PROGRESS_EVERY == 0:
            on_progress(count / total)
    sheet_cells.autofilter(ws, len(headers), count + 1)


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
    """``sheet_cells.text`` of a player's name, once per name (a cell
    object is written where it is appended, so one may serve many rows)."""
    found = names.get(name, names)
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
