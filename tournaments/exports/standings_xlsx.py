"""The standings workbook of one tournament: rows in, bytes out.

Sheets, in order: "Standings", "Chart" (the top players' cumulative table
points, round by round, with a native line chart), "Rounds", "Hands",
"Penalties", "Statistics" when the caller gives its rows (``stats_sheet``)
and "EMA" (see ``ema_sheet``), then the ``extra_sheets`` the
caller passes (an app above the tournaments: the team sheet). Sheet titles
and headers come from ``labels`` (keys in ``labels``; English defaults in
``DEFAULT_LABELS``), so the workbook speaks the user's language without this
module calling gettext.

Ties: a shared placing is written as the same number for every tied player
(standard competition ranking: 1, 2, 2, 4), so that the column sorts and
filters as numbers; in "Standings" the shared cells display "2=" through
their number format. The EMA sheet shows the bare number, as the EMA expects.

Precondition: ``standings`` is in ranking order and every row has the same
number of ``per_round`` results (one per round played so far).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from fractions import Fraction
from functools import partial
from io import BytesIO
from zipfile import ZIP_DEFLATED, ZipFile

from openpyxl import Workbook
from openpyxl.chart import LineChart, Reference
from openpyxl.worksheet._write_only import WriteOnlyWorksheet
from openpyxl.writer.excel import ExcelWriter

from tournaments.exports import labels as L
from tournaments.exports import sheet_cells
from tournaments.exports.ema_sheet import write_ema_sheet
from tournaments.exports.labels import DEFAULT_LABELS, merge_labels
from tournaments.exports.play_sheets import (
    write_hands_sheet,
    write_penalties_sheet,
    write_rounds_sheet,
)
from tournaments.exports.rows import (
    HandRow,
    PenaltyRow,
    SessionRow,
    StandingRow,
    TournamentInfo,
    round_count,
)
from tournaments.exports.stats_sheet import StatsSheet, write_stats_sheet
from tournaments.exports.xml_rows import add_sheet

__all__ = ["CHART_PLAYERS", "DEFAULT_LABELS", "build_standings_workbook"]

CREATOR = "Muraille"
CHART_PLAYERS = 8
"""How many of the leading players the chart draws; more lines get unreadable."""
ZIP_LEVEL = 2
"""The deflate level of the file's parts (openpyxl: zlib's default, 6).
A 3,200-player event of 8 rounds has 93 MB of sheet XML: level 6 deflates
it in 1.0 s to 8.3 MB, level 2 in 0.3 s to 10.5 MB (issue 31, item 4)."""

ProgressCallback = Callable[[float], None]
SheetWriter = Callable[[WriteOnlyWorksheet], None]
"""Appends its rows to a new, empty write-only sheet."""


def build_standings_workbook(
    info: TournamentInfo,
    standings: Sequence[StandingRow],
    sessions: Iterable[SessionRow],
    hands: Iterable[HandRow],
    penalties: Iterable[PenaltyRow],
    labels: Mapping[str, str] | None,
    *,
    on_progress: ProgressCallback | None = None,
    extra_sheets: Sequence[tuple[str, SheetWriter]] = (),
    statistics: StatsSheet | None = None,
) -> bytes:
    """The .xlsx file of the tournament, as bytes.

    ``extra_sheets`` are ``(title, writer)`` pairs, written last in order.

    ``sessions``, ``hands`` and ``penalties`` are read once, in order, so
    they may be generators (a queryset ``.iterator()``). ``on_progress``
    receives a fraction between 0 and 1 after each sheet and every
    ``PROGRESS_EVERY`` hands (when ``hands`` has a length).
    Raises ``ValueError`` if ``info.players`` differs from the number of
    standings rows, since the EMA reads exactly that many rows.
    """
    if info.players != len(standings):
        # Checked before any sheet exists: a half-built write-only workbook
        # leaves open streams behind.
        raise ValueError(
            f"info.players is {info.players} but there are {len(standings)} rows"
        )
    report = on_progress or (lambda fraction: None)
    texts = merge_labels(labels)
    workbook = _new_workbook(info, texts)
    rounds = round_count(standings)
    _write_standings(
        _sheet(workbook, texts[L.SHEET_STANDINGS]), standings, rounds, texts
    )
    _write_chart(_sheet(workbook, texts[L.SHEET_CHART]), standings, rounds, texts)
    report(0.1)
    write_rounds_sheet(_sheet(workbook, texts[L.SHEET_ROUNDS]), sessions, texts)
    report(0.2)
    write_hands_sheet(
        _sheet(workbook, texts[L.SHEET_HANDS]),
        hands,
        texts,
        on_progress=lambda part: report(0.2 + 0.6 * part),
    )
    report(0.8)
    write_penalties_sheet(_sheet(workbook, texts[L.SHEET_PENALTIES]), penalties, texts)
    if statistics is not None:
        write_stats_sheet(
            _sheet(workbook, texts[L.SHEET_STATISTICS]), statistics, texts
        )
    write_ema_sheet(_sheet(workbook, "EMA"), info, standings)
    for title, write in extra_sheets:
        write(_sheet(workbook, title))
    report(0.9)
    buffer = BytesIO()
    _save(workbook, buffer)
    report(1.0)
    return buffer.getvalue()


def _save(workbook: Workbook, buffer: BytesIO) -> None:
    """``workbook.save(buffer)`` (openpyxl's ``save_workbook``), the parts
    deflated at ``ZIP_LEVEL``."""
    archive = ZipFile(
        buffer, "w", ZIP_DEFLATED, allowZip64=True, compresslevel=ZIP_LEVEL
    )
    workbook.properties.modified = datetime.now(UTC).replace(tzinfo=None)
    ExcelWriter(workbook, archive).save()


def _new_workbook(info: TournamentInfo, texts: Mapping[str, str]) -> Workbook:
    workbook = Workbook(write_only=True)
    workbook.properties.title = texts[L.WORKBOOK_TITLE] % {"tournament": info.name}
    workbook.properties.creator = CREATOR
    # The rule set, as the EMA names it ("MCR", "Riichi").
    workbook.properties.subject = info.ruleset
    return workbook


def _sheet(workbook: Workbook, title: str) -> WriteOnlyWorksheet:
    """A new sheet; titles are cut to Excel's 31 characters."""
    for forbidden in "[]:*?/\\":
        title = title.replace(forbidden, " ")
    return add_sheet(workbook, title[:31])


def _write_standings(
    ws: WriteOnlyWorksheet,
    standings: Sequence[StandingRow],
    rounds: int,
    texts: Mapping[str, str],
) -> None:
    headers = L.standings_headers(texts, rounds)
    longest_name = max((len(row.name) for row in standings), default=0)
    longest_club = max((len(row.club) for row in standings), default=0)
    widths = [sheet_cells.width(title, minimum=5) for title in headers]
    widths[1] = sheet_cells.width(headers[1], longest_name)
    widths[2] = sheet_cells.width(headers[2], longest_club)
    widths[4] = sheet_cells.width(headers[4], 8)
    sheet_cells.prepare(ws, widths)
    ws.append(sheet_cells.header_cells(ws, headers))
    points: dict[object, object] = {}
    for row in standings:
        ws.append(_standing_cells(ws, row, points))
    sheet_cells.autofilter(ws, len(headers), len(standings) + 1)


def _standing_cells(
    ws: WriteOnlyWorksheet, row: StandingRow, points: dict[object, object]
) -> list[object]:
    """``points``: the table points' cells kept (``kept_table_points``)."""
    table_points = partial(sheet_cells.kept_table_points, ws, kept=points)
    cells = [
        sheet_cells.rank(ws, row.rank, row.shared),
        sheet_cells.text(ws, row.name),
        sheet_cells.text(ws, row.club),
        sheet_cells.text(ws, row.country),
        sheet_cells.text(ws, row.ema_number),
        table_points(row.table_points),
        row.score,
        row.firsts,
        row.seconds,
        row.thirds,
        row.fourths,
        row.best_session,
    ]
    for value, score in row.per_round:
        cells.append(table_points(value))
        cells.append(score)
    return cells


def _write_chart(
    ws: WriteOnlyWorksheet,
    standings: Sequence[StandingRow],
    rounds: int,
    texts: Mapping[str, str],
) -> None:
    """A table of cumulative table points (a row per round, a column per
    leading player) and a line chart drawn from it.

    A round a player sat out adds nothing, so the line stays flat.
    """
    leaders = standings[:CHART_PLAYERS]
    names = [row.name for row in leaders]
    sheet_cells.prepare(ws, [8] + [sheet_cells.width(name) for name in names])
    ws.append(sheet_cells.header_cells(ws, [texts[L.ROUND], *names]))
    totals = [Fraction(0)] * len(leaders)
    for index in range(rounds):
        for position, row in enumerate(leaders):
            points = row.per_round[index][0] if index < len(row.per_round) else None
            totals[position] += points or 0
        ws.append(
            [index + 1, *(sheet_cells.table_points(ws, total) for total in totals)]
        )
    if leaders and rounds:
        ws.add_chart(_line_chart(ws, len(leaders), rounds, texts), f"A{rounds + 3}")


def _line_chart(
    ws: WriteOnlyWorksheet, players: int, rounds: int, texts: Mapping[str, str]
) -> LineChart:
    chart = LineChart()
    chart.title = texts[L.CHART_TITLE] % {"count": players}
    chart.x_axis.title = texts[L.CHART_X_AXIS]
    chart.y_axis.title = texts[L.CHART_Y_AXIS]
    # Recent openpyxl hides axes unless told otherwise.
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.width = 24
    chart.height = 12
    data = Reference(ws, min_col=2, max_col=players + 1, min_row=1, max_row=rounds + 1)
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=rounds + 1))
    return chart
