"""The standings workbook, read back with openpyxl."""

from __future__ import annotations

import zipfile
from dataclasses import replace
from datetime import datetime
from fractions import Fraction
from io import BytesIO

import pytest
from openpyxl import load_workbook

from tournaments.exports.labels import DEFAULT_LABELS, SHEET_STANDINGS
from tournaments.exports.rows import StandingRow
from tournaments.exports.standings_xlsx import CHART_PLAYERS, build_standings_workbook


@pytest.fixture
def workbook(info, standings, sessions, hands, penalties):
    data = build_standings_workbook(info, standings, sessions, hands, penalties, {})
    return load_workbook(BytesIO(data))


def approx(points: Fraction):
    """A float read back from a cell equals the Fraction to 15 digits."""
    return pytest.approx(float(points), rel=1e-14)


def expected_standings_row(row: StandingRow) -> list:
    values = [
        row.rank, row.name, row.club, row.country, row.ema_number,
        approx(row.table_points), row.score, row.firsts, row.seconds,
        row.thirds, row.fourths, row.best_session,
    ]  # fmt: skip
    for points, score in row.per_round:
        values += [None if points is None else approx(points), score]
    return values


def test_sheets_and_properties(workbook):
    """Six sheets in a fixed order; title and creator are set."""
    assert workbook.sheetnames == [
        "Standings",
        "Chart",
        "Rounds",
        "Hands",
        "Penalties",
        "EMA",
    ]
    assert workbook.properties.title == "Open de Paris: results"
    assert workbook.properties.creator == "Muraille"


def test_standings_header(workbook):
    """The header row is bold, frozen and filtered, with two columns per round."""
    sheet = workbook["Standings"]
    headers = [cell.value for cell in sheet[1]]
    assert headers[:6] == [
        "Rank",
        "Player",
        "Club",
        "Country",
        "EMA number",
        "Table points",
    ]
    assert headers[12:] == [
        "R1 table points",
        "R1 score",
        "R2 table points",
        "R2 score",
    ]
    assert all(cell.font.bold for cell in sheet[1])
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref == "A1:P9"


def test_every_standings_cell_matches_the_rows(workbook, standings):
    """Each cell of "Standings" holds the value of its row, in ranking order."""
    sheet = workbook["Standings"]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(standings)
    for cells, row in zip(rows, standings, strict=True):
        assert list(cells) == expected_standings_row(row)


def test_table_points_are_exact_to_two_decimals(workbook, standings):
    """Table points read back as the Fraction to the nearest twelfth, shown "0.00"."""
    sheet = workbook["Standings"]
    for index, row in enumerate(standings, start=2):
        cell = sheet.cell(index, 6)
        assert Fraction(cell.value).limit_denominator(12) == row.table_points
        assert cell.number_format == "0.00"


def test_shared_ranks_keep_the_number_and_display_equals(workbook):
    """Tied players share the number; their cells display "2="."""
    sheet = workbook["Standings"]
    assert [sheet.cell(row, 1).value for row in range(2, 6)] == [1, 2, 2, 4]
    assert sheet["A3"].number_format == sheet["A4"].number_format == '0"="'
    assert sheet["A2"].number_format == "General"


def test_formula_like_names_stay_text(workbook):
    """A name starting with "=" is written as text, not as a formula."""
    cell = workbook["Standings"]["B6"]
    assert cell.value == "=cmd Injection"
    assert cell.data_type == "s"


def test_rounds_sheet(workbook, sessions):
    """One row per seat with the wind spelled out and exact table points."""
    rows = list(workbook["Rounds"].iter_rows(min_row=2, values_only=True))
    assert rows[0] == (1, 1, "East", "Anaïs Lefèvre", 120, 1, 4)
    assert rows[1][2] == "South" and rows[1][6] == pytest.approx(7 / 3)
    assert len(rows) == len(sessions)


def test_hands_sheet(workbook):
    """Discard win, self-drawn win and drawn hand, each with four payments."""
    sheet = workbook["Hands"]
    assert [c.value for c in sheet[1]][:8] == [
        "Round", "Table", "Hand", "Prevalent wind", "Winner", "Discarder",
        "Fan total", "Fans",
    ]  # fmt: skip
    won, self_drawn, drawn = sheet.iter_rows(min_row=2, values_only=True)
    assert won[:8] == (
        1,
        1,
        1,
        "East",
        "Anaïs Lefèvre",
        "Gao Lin",
        12,
        "Pure Straight 16",
    )
    assert won[8:] == (
        "Anaïs Lefèvre",
        36,
        "Bo Chen",
        -8,
        "Dirk de Vries",
        -8,
        "Gao Lin",
        -20,
    )
    assert self_drawn[4:8] == ("Bo Chen", "Self-drawn", 8, None)
    assert drawn[4:7] == ("Draw", None, None)


def test_penalties_sheet(workbook):
    """Each penalty with its hand, points, reason and referee."""
    rows = list(workbook["Penalties"].iter_rows(values_only=True))
    assert rows == [
        ("Round", "Table", "Hand", "Player", "Points", "Reason", "Referee"),
        (1, 1, 2, "Gao Lin", -30, "False Hu", "Referee Kim"),
    ]


def test_chart_of_cumulative_table_points(workbook, standings):
    """The leaders' cumulative table points per round feed a native line chart."""
    sheet = workbook["Chart"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("Round", *(row.name for row in standings[:CHART_PLAYERS]))
    assert rows[1][:3] == (1, 4, pytest.approx(7 / 3))
    assert rows[2][:3] == (2, 8, pytest.approx(19 / 3))
    assert rows[2][6] == 2, "a round sat out adds nothing"
    assert len(sheet._charts) == 1
    assert type(sheet._charts[0]).__name__ == "LineChart"


def test_translated_labels(info, standings, sessions, hands, penalties):
    """Labels passed in replace the English ones; missing keys stay English."""
    labels = {SHEET_STANDINGS: "Classement", "rank": "Rang", "wind_east": "Est"}
    data = build_standings_workbook(info, standings, sessions, hands, penalties, labels)
    workbook = load_workbook(BytesIO(data))
    assert workbook.sheetnames[0] == "Classement"
    assert workbook["Classement"]["A1"].value == "Rang"
    assert workbook["Classement"]["B1"].value == DEFAULT_LABELS["player"]
    assert workbook["Rounds"]["C2"].value == "Est"


def test_progress_is_reported_up_to_one(info, standings, sessions, hands, penalties):
    """on_progress receives increasing fractions ending at 1."""
    seen: list[float] = []
    build_standings_workbook(
        info, standings, sessions, hands, penalties, None, on_progress=seen.append
    )
    assert seen == sorted(seen) and seen[-1] == 1.0


def test_generators_are_accepted(info, standings, sessions, hands, penalties):
    """Sessions, hands and penalties may be one-pass iterators."""
    data = build_standings_workbook(
        info, standings, iter(sessions), iter(hands), iter(penalties), None
    )
    assert load_workbook(BytesIO(data))["Hands"].max_row == len(hands) + 1


def test_empty_tournament(info):
    """A tournament without any player still gives a valid workbook."""
    data = build_standings_workbook(replace(info, players=0), [], [], [], [], None)
    workbook = load_workbook(BytesIO(data))
    assert workbook["Standings"].max_row == 1
    assert workbook["EMA"]["A3"].value == "Open de Paris"


def test_player_count_must_match_the_rows(info, standings):
    """The EMA reads exactly info.players rows, so a mismatch is refused."""
    with pytest.raises(ValueError, match="players"):
        build_standings_workbook(replace(info, players=9), standings, [], [], [], None)


def test_dates_are_dates(workbook):
    """The EMA sheet carries the first and last day as real dates."""
    sheet = workbook["EMA"]
    assert sheet["S3"].value == datetime(2026, 3, 14)
    assert sheet["T3"].is_date


def test_control_characters_are_dropped(info, standings):
    """A stray control character in a name cannot break the file."""
    rows = [replace(standings[0], name="Ann\x07 Bell"), *standings[1:]]
    data = build_standings_workbook(info, rows, [], [], [], None)
    assert load_workbook(BytesIO(data))["Standings"]["B2"].value == "Ann Bell"


def test_rows_written_as_text_are_the_rows_of_cells(
    info, standings, sessions, hands, penalties, monkeypatch
):
    """ "Rounds" and "Hands" write their rows as cell texts kept by value
    (``XmlRowsSheet.append_xml``): every part of the file is the one their
    rows of cells write through ``append`` (itself checked against
    openpyxl's cells in ``test_xml_rows``), odd names and values included.

    Not against openpyxl's own sheet: there a cell object appended in a
    row takes the values of the cells after it, and "Hands" appends one
    cell object for all the rows of a player whose name starts with "="."""
    from tournaments.exports.rows import HandRow, Payment, SessionRow
    from tournaments.exports.xml_rows import XmlRowsSheet

    odd = ("=cmd|' /C calc'!A0", " spaced ", "a & <b>", "bell\x07")
    pays = tuple(
        Payment(name, points) for name, points in zip(odd, (9, -3, -3, -3), strict=True)
    )
    more_sessions = [
        *sessions,
        *(
            SessionRow(2, 1, "ESWN"[n], odd[n], 5 - n, n + 1, Fraction(n, 3))
            for n in range(4)
        ),
        SessionRow(2, 2, "E", "", 0, 1, 2),
    ]
    more_hands = [
        *hands,
        *hands,
        HandRow(2, 1, 1, "S", odd[0], odd[2], False, 3, "Yakuman 13", pays, "yakuman"),
        HandRow(2, 1, 2, "W", odd[3], None, True, 9, "=SUM(A1)", pays),
        HandRow(2, 1, 3, "N", odd[1], odd[1], False, None, "", pays[:2]),
        HandRow(2, 1, 4, "N", "", "", False, 0, " ", ()),
        HandRow(2, 1, 5, "E", odd[0], None, True, 8, "", pays),
    ]

    def parts() -> dict[str, bytes]:
        data = build_standings_workbook(
            info, standings, more_sessions, more_hands, penalties, {}
        )
        with zipfile.ZipFile(BytesIO(data)) as archive:
            return {
                name: archive.read(name)
                for name in archive.namelist()
                if name != "docProps/core.xml"
            }

    mine = parts()
    monkeypatch.setattr(XmlRowsSheet, "writes_text", False)
    theirs = parts()
    assert mine.keys() == theirs.keys()
    for name in theirs:
        assert mine[name] == theirs[name], name


def test_with_lxml_no_cell_object_serves_two_rows(
    info, standings, sessions, hands, penalties, monkeypatch
):
    """With lxml, openpyxl's writer puts the values that follow a cell
    object in its row into that object: the sheets then keep no cell for
    later rows (``sheet_cells.keeps_cells``), and every value read back is
    the one written as text without lxml."""
    from tournaments.exports import xml_rows
    from tournaments.exports.rows import HandRow, Payment
    from tournaments.exports.stats_sheet import StatsColumn, StatsPlayerRow, StatsSheet

    name = "=cmd|' /C calc'!A0"
    pays = tuple(Payment(n, p) for n, p in ((name, 9), ("Bo", -9)))
    more_hands = [
        *hands,
        HandRow(2, 1, 1, "S", name, "Bo", False, 9, "", pays),
        HandRow(2, 1, 2, "S", name, None, True, 9, "", pays),
    ]
    statistics = StatsSheet(
        columns=(StatsColumn("Win rate", rate=True), StatsColumn("Place")),
        players=tuple(
            StatsPlayerRow(n, (Fraction(1, 4), Fraction(5, 2))) for n in ("A", "B")
        ),
        biggest_hands=(),
    )

    def values() -> dict[str, list[tuple]]:
        data = build_standings_workbook(
            info, standings, sessions, more_hands, penalties, {}, statistics=statistics
        )
        book = load_workbook(BytesIO(data))
        return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book}

    as_text = values()
    monkeypatch.setattr(xml_rows, "LXML", True)
    assert values() == as_text
