"""The league workbook, pure: rows in, bytes out (the tournaments' machinery).

Sheets: the standings, the events (one line a night or tournament, with its
leader), every session, the leaders over the season (their rule value
after each event) with a native line chart, and the statistics (each
player's figures over the season and the biggest hands, a block per rule
set, laid out with the event workbook's ``StatsSheet`` rows). Texts come in already
translated (``texts``), as for the tournament workbook.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from io import BytesIO

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.chart import LineChart, Reference
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from tournaments.exports import sheet_cells
from tournaments.exports.stats_sheet import StatsSheet

CREATOR = "Muraille"


@dataclass(frozen=True)
class LeagueLine:
    rank: int | None
    shared: bool
    name: str
    club: str
    value: Fraction
    table_points: Fraction
    score: int
    sessions: int
    counted: int
    places: tuple[int, int, int, int]


@dataclass(frozen=True)
class EventLine:
    day: date
    kind: str
    name: str
    players: int
    tables: int
    sessions: int
    leader: str
    leader_points: Fraction | None


@dataclass(frozen=True)
class SessionLine:
    day: date
    event: str
    round: int
    table: int
    name: str
    score: int
    rank: int
    table_points: Fraction


@dataclass(frozen=True)
class StatsHandLine:
    """One of the season's biggest hands; ``worth`` in the rule set's unit."""

    day: date
    event: str
    player: str
    worth: str
    round: int
    table: int
    hand: int
    items: str


@dataclass(frozen=True)
class StatsBlock:
    """The season's statistics under one rule set (``title``: its name):
    ``figures`` holds the players' rows (its ``biggest_hands`` unused: the
    league's name their event, ``hands``)."""

    title: str
    figures: StatsSheet
    hands: Sequence[StatsHandLine]


@dataclass(frozen=True)
class LeagueWorkbook:
    """Everything the workbook shows; ``progress`` holds each leader's rule
    value after each event of ``progress_events`` (season order)."""

    title: str
    standings: Sequence[LeagueLine]
    events: Sequence[EventLine]
    sessions: Sequence[SessionLine]
    progress_events: Sequence[str]
    progress: Mapping[str, Sequence[Fraction]]
    statistics: Sequence[StatsBlock] = ()


SHEET_KEYS = ("standings", "events", "sessions", "leaders")
STANDINGS_KEYS = (
    "rank", "player", "club", "value", "table_points", "score", "sessions",
    "counted", "firsts", "seconds", "thirds", "fourths",
)  # fmt: skip
EVENT_KEYS = (
    "date", "kind", "event", "players", "tables", "sessions", "leader", "points"
)  # fmt: skip
SESSION_KEYS = (
    "date", "event", "round", "table", "player", "score", "rank", "table_points"
)  # fmt: skip
CHART_KEYS = ("chart_title", "chart_x", "chart_y")
HAND_KEYS = ("date", "event", "player", "hand_value", "round", "table", "hand", "items")
PERCENT_FORMAT = "0.0%"
AVERAGE_FORMAT = "0.00"


def _sheet(workbook: Workbook, title: str) -> WriteOnlyWorksheet:
    for forbidden in "[]:*?/\\":
        title = title.replace(forbidden, " ")
    return workbook.create_sheet(title[:31])


def _start(
    ws: WriteOnlyWorksheet, headers: Sequence[str], widths: Sequence[float]
) -> None:
    sheet_cells.prepare(ws, widths)
    ws.append(sheet_cells.header_cells(ws, headers))


def _standings(
    ws: WriteOnlyWorksheet, data: LeagueWorkbook, texts: Mapping[str, str]
) -> None:
    headers = [texts[key] for key in STANDINGS_KEYS]
    longest = max((len(line.name) for line in data.standings), default=0)
    widths = [sheet_cells.width(h, minimum=5) for h in headers]
    widths[1] = sheet_cells.width(headers[1], longest)
    _start(ws, headers, widths)
    for line in data.standings:
        ws.append(
            [
                None
                if line.rank is None
                else sheet_cells.rank(ws, line.rank, line.shared),
                sheet_cells.text(ws, line.name),
                sheet_cells.text(ws, line.club),
                sheet_cells.table_points(ws, line.value),
                sheet_cells.table_points(ws, line.table_points),
                line.score,
                line.sessions,
                line.counted,
                *line.places,
            ]
        )
    sheet_cells.autofilter(ws, len(headers), len(data.standings) + 1)


def _events(
    ws: WriteOnlyWorksheet, data: LeagueWorkbook, texts: Mapping[str, str]
) -> None:
    headers = [texts[key] for key in EVENT_KEYS]
    longest = max((len(line.name) for line in data.events), default=0)
    widths = [sheet_cells.width(h, 10) for h in headers]
    widths[2] = sheet_cells.width(headers[2], longest)
    _start(ws, headers, widths)
    for line in data.events:
        ws.append(
            [
                sheet_cells.day(ws, line.day),
                sheet_cells.text(ws, line.kind),
                sheet_cells.text(ws, line.name),
                line.players,
                line.tables,
                line.sessions,
                sheet_cells.text(ws, line.leader),
                sheet_cells.table_points(ws, line.leader_points),
            ]
        )
    sheet_cells.autofilter(ws, len(headers), len(data.events) + 1)


def _sessions(
    ws: WriteOnlyWorksheet, data: LeagueWorkbook, texts: Mapping[str, str]
) -> None:
    headers = [texts[key] for key in SESSION_KEYS]
    _start(ws, headers, [sheet_cells.width(h, 12) for h in headers])
    for line in data.sessions:
        ws.append(
            [
                sheet_cells.day(ws, line.day),
                sheet_cells.text(ws, line.event),
                line.round,
                line.table,
                sheet_cells.text(ws, line.name),
                line.score,
                line.rank,
                sheet_cells.table_points(ws, line.table_points),
            ]
        )
    sheet_cells.autofilter(ws, len(headers), len(data.sessions) + 1)


def _leaders(
    ws: WriteOnlyWorksheet, data: LeagueWorkbook, texts: Mapping[str, str]
) -> None:
    """A row per event, a column per leader, and a line chart drawn from it."""
    names = list(data.progress)
    _start(ws, [texts["event"], *names], [24] + [sheet_cells.width(n) for n in names])
    events = len(data.progress_events)
    for index, event in enumerate(data.progress_events):
        values = [data.progress[name][index] for name in names]
        ws.append(
            [
                sheet_cells.text(ws, event),
                *(sheet_cells.table_points(ws, v) for v in values),
            ]
        )
    if not names or not events:
        return
    chart = LineChart()
    chart.title = texts["chart_title"]
    chart.x_axis.title = texts["chart_x"]
    chart.y_axis.title = texts["chart_y"]
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.width, chart.height = 24, 12
    data_ref = Reference(
        ws, min_col=2, max_col=len(names) + 1, min_row=1, max_row=events + 1
    )
    chart.add_data(data_ref, titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=events + 1))
    ws.add_chart(chart, f"A{events + 3}")


def _statistics(
    ws: WriteOnlyWorksheet, data: LeagueWorkbook, texts: Mapping[str, str]
) -> None:
    """Per rule set: its name, the players' figures, then its biggest hands."""
    widest = max((len(b.figures.columns) for b in data.statistics), default=0)
    names = [row.name for b in data.statistics for row in b.figures.players]
    longest = max((len(name) for name in names), default=0)
    sheet_cells.prepare(
        ws, [sheet_cells.width(texts["player"], longest), *[12] * max(widest, 7)]
    )
    for block in data.statistics:
        ws.append(sheet_cells.header_cells(ws, [block.title]))
        headers = [texts["player"], *(c.heading for c in block.figures.columns)]
        ws.append(sheet_cells.header_cells(ws, headers))
        for row in block.figures.players:
            ws.append(
                [
                    sheet_cells.text(ws, row.name),
                    *(
                        _figure(ws, value, column.rate)
                        for column, value in zip(
                            block.figures.columns, row.values, strict=True
                        )
                    ),
                ]
            )
        ws.append([])
        ws.append(sheet_cells.header_cells(ws, [texts["biggest_hands"]]))
        ws.append(sheet_cells.header_cells(ws, [texts[key] for key in HAND_KEYS]))
        for hand in block.hands:
            ws.append(
                [
                    sheet_cells.day(ws, hand.day),
                    sheet_cells.text(ws, hand.event),
                    sheet_cells.text(ws, hand.player),
                    sheet_cells.text(ws, hand.worth),
                    hand.round,
                    hand.table,
                    hand.hand,
                    sheet_cells.text(ws, hand.items),
                ]
            )
        ws.append([])


def _figure(ws: WriteOnlyWorksheet, value: Fraction | int | None, rate: bool) -> object:
    """A count as it is; a fraction as a number cell, a rate as a
    percentage (the float exists only in the cell)."""
    if value is None:
        return None
    if isinstance(value, int) and not rate:
        return value
    cell = WriteOnlyCell(ws, float(value))
    cell.number_format = PERCENT_FORMAT if rate else AVERAGE_FORMAT
    return cell


def build_league_workbook(data: LeagueWorkbook, texts: Mapping[str, str]) -> bytes:
    """The workbook's bytes; ``texts`` holds every key of this module's
    ``*_KEYS`` tuples (sheet titles and headers) in the reader's language."""
    workbook = Workbook(write_only=True)
    workbook.properties.title = data.title
    workbook.properties.creator = CREATOR
    _standings(_sheet(workbook, texts["standings"]), data, texts)
    _events(_sheet(workbook, texts["events"]), data, texts)
    _sessions(_sheet(workbook, texts["sessions"]), data, texts)
    _leaders(_sheet(workbook, texts["leaders"]), data, texts)
    if data.statistics:
        _statistics(_sheet(workbook, texts["statistics"]), data, texts)
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


@dataclass(frozen=True)
class TeamLine:
    rank: int
    shared: bool
    team: str
    table_points: Fraction
    score: int
    members: str


TEAM_KEYS = ("rank", "team", "table_points", "score", "members")


def build_team_workbook(
    title: str, teams: Sequence[TeamLine], texts: Mapping[str, str]
) -> bytes:
    """The team sheet: one line a team, its members in the last column."""
    workbook = Workbook(write_only=True)
    workbook.properties.title = title
    workbook.properties.creator = CREATOR
    write_team_sheet(_sheet(workbook, texts["teams"]), teams, texts)
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def write_team_sheet(
    ws: WriteOnlyWorksheet, teams: Sequence[TeamLine], texts: Mapping[str, str]
) -> None:
    """The team lines into ``ws`` (a new write-only sheet): the team
    workbook's only sheet, and the one the tournament's workbook adds."""
    headers = [texts[key] for key in TEAM_KEYS]
    longest = max((len(line.members) for line in teams), default=0)
    widths = [sheet_cells.width(h, 10) for h in headers]
    widths[-1] = sheet_cells.width(headers[-1], longest)
    _start(ws, headers, widths)
    for line in teams:
        ws.append(
            [
                sheet_cells.rank(ws, line.rank, line.shared),
                sheet_cells.text(ws, line.team),
                sheet_cells.table_points(ws, line.table_points),
                line.score,
                sheet_cells.text(ws, line.members),
            ]
        )
    sheet_cells.autofilter(ws, len(headers), len(teams) + 1)
