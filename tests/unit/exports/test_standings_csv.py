"""The standings as CSV."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from tournaments.exports.standings_csv import build_standings_csv, format_table_points


def read(text: str, delimiter: str = ",") -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def test_round_trip(standings):
    """Reading the CSV back gives every row's values, in ranking order."""
    header, *lines = read(build_standings_csv(standings, None))
    assert header[:3] == ["Rank", "Player", "Club"]
    assert header[-2:] == ["R2 table points", "R2 score"]
    assert len(lines) == len(standings)
    for line, row in zip(lines, standings, strict=True):
        assert int(line[0]) == row.rank
        assert line[1].removeprefix("'") == row.name
        assert line[4] == (row.ema_number or "")
        assert abs(Fraction(line[5]) - row.table_points) < Fraction(1, 200)
        assert int(line[6]) == row.score
        assert [int(value) for value in line[7:11]] == [
            row.firsts, row.seconds, row.thirds, row.fourths,
        ]  # fmt: skip
        assert int(line[11]) == row.best_session
        assert len(line) == len(header)


def test_shared_ranks_and_missing_rounds(standings):
    """Tied players share the number; a round sat out is two empty cells."""
    lines = read(build_standings_csv(standings, None))[1:]
    assert [line[0] for line in lines[:4]] == ["1", "2", "2", "4"]
    assert lines[5][-2:] == ["", ""]


def test_table_points_are_rounded_from_the_fraction():
    """Two decimals, half up, straight from the Fraction."""
    assert format_table_points(Fraction(7, 3)) == "2.33"
    assert format_table_points(Fraction(19, 3)) == "6.33"
    assert format_table_points(Fraction(5, 3)) == "1.67"
    assert format_table_points(Fraction(1, 2)) == "0.50"
    assert format_table_points(4) == "4.00"
    assert format_table_points(None) == ""


def test_french_separators(standings):
    """With ";" and "," the file opens in a French spreadsheet program."""
    text = build_standings_csv(
        standings, {"rank": "Rang"}, delimiter=";", decimal_separator=","
    )
    header, second = read(text, ";")[:3:2]
    assert header[0] == "Rang"
    assert second[5] == "6,33"


def test_formula_cells_are_defused(standings):
    """A name starting with "=" gets an apostrophe so it is never run."""
    lines = read(build_standings_csv(standings, None))
    assert lines[5][1] == "'=cmd Injection"
