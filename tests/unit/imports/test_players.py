"""Player import: every file gives a preview, never an exception."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest
from openpyxl import Workbook

from tournaments.imports.players import ImportRow, map_columns, parse_player_file
from tournaments.imports.readers import MAX_FILE_BYTES, MAX_ROWS

COUNTRIES = ("FRA", "DEU", "NLD", "GBR", "ITA")


def players(count: int = 40) -> list[list[object]]:
    """First name, last name, club, country, EMA number (every third: none)."""
    return [
        [
            f"Prénom{index}",
            f"Nom{index}",
            f"Club {index % 4}",
            COUNTRIES[index % 5],
            None if index % 3 == 0 else 4010000 + index,
        ]
        for index in range(1, count + 1)
    ]


def csv_bytes(rows, headers, delimiter=",", encoding="utf-8") -> bytes:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=delimiter)
    writer.writerow(headers)
    writer.writerows([["" if cell is None else cell for cell in row] for row in rows])
    return buffer.getvalue().encode(encoding)


def xlsx_bytes(rows, headers) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(headers)
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def codes(preview) -> list[tuple[int | None, str]]:
    return [(problem.row_number, problem.code) for problem in preview.all_problems]


ENGLISH = ["First name", "Last name", "Club", "Country", "EMA number"]
FRENCH = ["Prénom", "NOM", "Club", "Pays", "Numéro EMA"]


def assert_forty_players(preview) -> None:
    assert preview.is_valid, codes(preview)
    assert len(preview.rows) == 40
    first, third = preview.rows[0], preview.rows[2]
    assert first == ImportRow(
        2, "Prénom1 Nom1", "Prénom1", "Nom1", "Club 1", "DEU", "04010001"
    )
    assert third.ema_number is None
    assert [row.row_number for row in preview.rows] == list(range(2, 42))


def test_forty_players_from_csv():
    """A plain comma-separated UTF-8 file parses fully."""
    preview = parse_player_file("players.csv", csv_bytes(players(), ENGLISH))
    assert_forty_players(preview)
    assert (preview.file_format, preview.encoding) == ("csv", "utf-8-sig")


def test_forty_players_from_xlsx():
    """An Excel workbook parses fully; numeric EMA numbers get their zero back."""
    preview = parse_player_file("players.xlsx", xlsx_bytes(players(), ENGLISH))
    assert_forty_players(preview)
    assert preview.file_format == "xlsx"


def test_french_excel_csv():
    """French headers, ";" separator, BOM, in UTF-8 or Windows Latin-1."""
    for encoding in ("utf-8-sig", "cp1252"):
        data = csv_bytes(players(), FRENCH, delimiter=";", encoding=encoding)
        preview = parse_player_file("joueurs.CSV", data)
        assert_forty_players(preview)
        assert preview.encoding == encoding


def test_header_matching_ignores_case_accents_and_punctuation():
    """Header spellings map to fields; "Nom" alone is the full name."""
    assert map_columns(["NOM", "prenom", "N° EMA", "nationalité"]) == {
        "last_name": 0,
        "first_name": 1,
        "ema_number": 2,
        "country": 3,
    }
    assert map_columns(["Nom", "Club"]) == {"name": 0, "club": 1}
    assert map_columns(["Player name", "ema_id", "Country code"]) == {
        "name": 0,
        "ema_number": 1,
        "country": 2,
    }


def test_single_name_column_and_blank_rows():
    """A "Name" column suffices (split into first and last name); blank rows
    are skipped, row numbers kept."""
    data = b"Name,Country,EMA\nAlice Martin,fr,\n\n,,\nBob Smith,United Kingdom,-\n"
    preview = parse_player_file("list.txt", data)
    assert preview.is_valid
    alice, bob = preview.rows
    assert (
        alice.row_number, alice.name, alice.first_name, alice.last_name, alice.country
    ) == (2, "Alice Martin", "Alice", "Martin", "FRA")  # fmt: skip
    assert (bob.row_number, bob.country, bob.ema_number) == (5, "GBR", None)


def test_row_problems():
    """Missing name, malformed EMA number and country are reported by row."""
    data = "Name;EMA;Country\nAnn;123456789;XX1\n;4010013;FRA\nBen;40-10;FRA\n"
    preview = parse_player_file("p.csv", data.encode())
    assert codes(preview) == [
        (2, "malformed_country"),
        (2, "malformed_ema_number"),
        (3, "missing_name"),
        (4, "malformed_ema_number"),
    ]
    assert preview.rows[0].problems[1].params == {"value": "123456789"}
    assert preview.rows[0].ema_number is None


def test_duplicates_within_the_file():
    """Same EMA number, or same name when one lacks a number, is a duplicate."""
    data = (
        "Name,EMA number\n"
        "Anaïs Lefèvre,04010013\n"
        "Someone Else,4010013\n"
        "anais  LEFEVRE,\n"
        "Jean Martin,04010014\n"
        "Jean Martin,04010015\n"
    )
    preview = parse_player_file("p.csv", data.encode())
    assert codes(preview) == [(3, "duplicate_in_file"), (4, "duplicate_in_file")]
    assert [p.params for p in preview.all_problems] == [{"first_row": 2}] * 2


def test_empty_files():
    """No bytes, only blanks, or a sheet without text: "empty_file"."""
    for name, data in (
        ("a.csv", b""),
        ("a.csv", b" \r\n\r\n"),
        ("a.xlsx", xlsx_bytes([], [])),
    ):
        preview = parse_player_file(name, data)
        assert codes(preview) == [(None, "empty_file")], name
        assert preview.rows == ()


def test_header_without_players():
    """A header row alone is "no_rows"."""
    preview = parse_player_file("a.csv", b"Name,Club\n")
    assert codes(preview) == [(None, "no_rows")]


def test_wrong_columns():
    """Without a name column the file is refused and the headers are listed."""
    data = csv_bytes([["x", "y"]], ["Team", "Score"])
    preview = parse_player_file("a.csv", data)
    assert codes(preview) == [(None, "no_name_column")]
    assert preview.problems[0].params == {"columns": "Team, Score"}
    assert preview.rows == ()


def test_bad_encoding():
    """Bytes that are neither UTF-8 nor Windows-1252 text: "bad_encoding"."""
    for data in (b"Name\n\x81\x8d\x90\n", b"Name\nA\x00B\n"):
        preview = parse_player_file("a.csv", data)
        assert codes(preview) == [(None, "bad_encoding")]


def test_ten_megabyte_file():
    """A file above the limit is refused before it is read."""
    data = b"Name\n" + b"x" * (10 * 1024 * 1024)
    preview = parse_player_file("a.csv", data)
    assert codes(preview) == [(None, "file_too_large")]
    assert preview.problems[0].params == {"size": len(data), "limit": MAX_FILE_BYTES}


@pytest.mark.parametrize(
    "data",
    [
        b"PK\x03\x04 truncated archive",
        b"not a zip at all",
        b"",  # replaced below by a zip without a workbook inside
    ],
)
def test_corrupt_xlsx(data):
    """A damaged workbook gives "unreadable_xlsx"."""
    if not data:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr("hello.txt", "hello")
        data = buffer.getvalue()
    preview = parse_player_file("players.xlsx", data)
    assert codes(preview) == [(None, "unreadable_xlsx")]


def test_xlsx_renamed_csv_is_read_as_xlsx():
    """A workbook uploaded under a .csv name is recognised by its content."""
    preview = parse_player_file("players.csv", xlsx_bytes(players(3), ENGLISH))
    assert preview.file_format == "xlsx" and len(preview.rows) == 3


def test_unknown_format():
    """Legacy .xls and other types are refused with their extension."""
    preview = parse_player_file("players.xls", b"\xd0\xcf\x11\xe0 old excel")
    assert codes(preview) == [(None, "unknown_format")]
    assert preview.problems[0].params == {"extension": ".xls"}


def test_too_many_rows():
    """More than MAX_ROWS players is refused as a whole."""
    data = ("Name\n" + "".join(f"P{i}\n" for i in range(MAX_ROWS + 1))).encode()
    preview = parse_player_file("a.csv", data)
    assert codes(preview) == [(None, "too_many_rows")]
    assert preview.problems[0].params == {"limit": MAX_ROWS}


def test_xlsx_row_numbers_follow_the_sheet():
    """Rows after a blank row keep the number the spreadsheet shows."""
    workbook = Workbook()
    sheet = workbook.active
    sheet["A1"], sheet["A2"], sheet["A5"] = "Name", "Ann", "Ben"
    buffer = io.BytesIO()
    workbook.save(buffer)
    preview = parse_player_file("a.xlsx", buffer.getvalue())
    assert [row.row_number for row in preview.rows] == [2, 5]
