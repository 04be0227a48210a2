"""The standings as CSV text: the "Standings" sheet's columns, one line each.

Returns ``str``; the caller encodes it. Encode with ``"utf-8-sig"`` for a
file meant for Excel, which otherwise misreads accented names as Latin-1.

Cells: ranks are bare numbers (tied players share the number, as in the
workbook); table points are written with exactly two decimals, rounded half
up from the exact Fraction (7/3 gives "2.33"), never through a float; an
absent value (a round a player sat out, no EMA number) is an empty cell.
A text cell that a spreadsheet would run as a formula (it starts with
=, +, -, @, tab or carriage return) gets a leading apostrophe, the usual
defence against CSV injection; ordinary names are untouched.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from tournaments.exports.labels import merge_labels, standings_headers
from tournaments.exports.rows import StandingRow, round_count

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_HUNDREDTH = Decimal("0.01")


def format_table_points(
    value: Fraction | int | None, decimal_separator: str = "."
) -> str:
    """Exact table points as text with two decimals ("2.33", "4.00", "-0.50")."""
    if value is None:
        return ""
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(_HUNDREDTH, rounding=ROUND_HALF_UP)).replace(
        ".", decimal_separator
    )


def _text(value: str | None) -> str:
    if not value:
        return ""
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def build_standings_csv(
    standings: Sequence[StandingRow],
    labels: Mapping[str, str] | None,
    *,
    delimiter: str = ",",
    decimal_separator: str = ".",
) -> str:
    """The standings as CSV text with a header row, lines ending in CRLF.

    For a French spreadsheet program pass ``delimiter=";"`` and
    ``decimal_separator=","``.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter)
    writer.writerow(standings_headers(merge_labels(labels), round_count(standings)))
    for row in standings:
        writer.writerow(_line(row, decimal_separator))
    return buffer.getvalue()


def _line(row: StandingRow, decimal_separator: str) -> list[str]:
    line = [
        str(row.rank),
        _text(row.name),
        _text(row.club),
        _text(row.country),
        _text(row.ema_number),
        format_table_points(row.table_points, decimal_separator),
        str(row.score),
        str(row.firsts),
        str(row.seconds),
        str(row.thirds),
        str(row.fourths),
        _number(row.best_session),
    ]
    for points, score in row.per_round:
        line.append(format_table_points(points, decimal_separator))
        line.append(_number(score))
    return line
