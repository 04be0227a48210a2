"""Bytes to a table of cells: the CSV and XLSX readers of the player import.

A reader returns the raw rows with their spreadsheet row numbers (1-based, as
the organiser sees them in a spreadsheet program) or raises ``FileProblem``
with a problem code for the whole file. Limits bound the work a hostile or
mistaken upload can cause.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import PurePath

MAX_FILE_BYTES = 5 * 1024 * 1024
"""Uploads above this size are refused before any parsing (5 MiB; a list of
2,000 players is about 100 KB as XLSX, 150 KB as CSV). What an XLSX unpacks
to is capped apart, below."""
MAX_ROWS = 2000
"""Data rows read at most; a player list is a few hundred rows."""
MAX_COLUMNS = 50
MAX_CELL_CHARS = 1000
"""A cell's longest text; names, clubs and countries need far less."""
MAX_XLSX_UNPACKED_BYTES = 32 * 1024 * 1024
"""The workbook's parts together, as the zip directory declares them
(``zipfile`` never unpacks a part beyond its declared size)."""
MAX_SHARED_STRINGS_BYTES = 4 * 1024 * 1024
"""openpyxl reads the shared strings whole even in read-only mode: one huge
string of a 0.2 MB file would take gigabytes."""
MAX_XLSX_PARTS = 500

XLSX = "xlsx"
CSV = "csv"
XLSX_EXTENSIONS = {".xlsx", ".xlsm"}
CSV_EXTENSIONS = {".csv", ".txt", ".tsv", ""}
_ZIP_MAGIC = b"PK\x03\x04"
_SEPARATORS = (",", ";", "\t")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

Table = list[tuple[int, list[object]]]


class FileProblem(Exception):
    """The whole file is unusable; ``code`` and ``params`` say why."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def detect_format(filename: str, data: bytes) -> str:
    """``XLSX`` or ``CSV``, from the extension checked against the content.

    A zip archive under a CSV-like name is read as XLSX (browsers and mail
    programs rename files); a legacy ``.xls`` or an ``.ods`` is refused.
    """
    extension = PurePath(filename or "").suffix.casefold()
    if extension in XLSX_EXTENSIONS:
        return XLSX
    if extension in CSV_EXTENSIONS:
        return XLSX if data.startswith(_ZIP_MAGIC) else CSV
    raise FileProblem("unknown_format", extension=extension)


def decode(data: bytes) -> tuple[str, str]:
    """The text and the encoding that read it.

    UTF-8 (with or without BOM) first, UTF-16 when a BOM says so (Excel's
    "Unicode text"), then Windows-1252, the Latin-1 that Excel writes on
    Windows. Bytes that none of them reads, or control characters that no
    text file holds, mean the file is not text in a known encoding.
    """
    candidates: tuple[str, ...]
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = ("utf-16",)
    else:
        candidates = ("utf-8-sig", "cp1252")
    for encoding in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if _CONTROL.search(text):
            break
        return text, encoding
    raise FileProblem("bad_encoding")


def _separator(text: str) -> str:
    """The separator that the header line uses most (comma on a tie)."""
    header = next((line for line in text.splitlines() if line.strip()), "")
    return max(_SEPARATORS, key=header.count)


def read_csv(data: bytes) -> tuple[Table, str]:
    """The rows of a CSV file and the encoding used to read it."""
    text, encoding = decode(data)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_separator(text))
    try:
        return _bounded(enumerate(reader, start=1)), encoding
    except csv.Error as error:
        raise FileProblem("unreadable_csv") from error


def read_xlsx(data: bytes) -> Table:
    """The rows of the first sheet of an XLSX workbook, values only."""
    # Imported here: the CSV path and the format checks do not need openpyxl.
    from openpyxl import load_workbook

    check_xlsx_parts(data)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, OSError, KeyError, ValueError, TypeError) as error:
        raise FileProblem("unreadable_xlsx") from error
    try:
        sheet = workbook.worksheets[0]
        # Files from other programs often carry a wrong <dimension>; read all.
        sheet.reset_dimensions()
        rows = sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True)
        return _bounded(enumerate(rows, start=1))
    except FileProblem:
        raise
    # openpyxl parses lazily, so a corrupt sheet fails during iteration with
    # whatever the XML or zip layer raises.
    except Exception as error:
        raise FileProblem("unreadable_xlsx") from error
    finally:
        workbook.close()


def check_xlsx_parts(data: bytes) -> None:
    """Refuse a workbook whose parts unpack too large, from the zip directory
    alone: nothing is decompressed here."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise FileProblem("unreadable_xlsx") from error
    if len(parts) > MAX_XLSX_PARTS:
        raise FileProblem("xlsx_too_large", limit=MAX_XLSX_UNPACKED_BYTES)
    for part in parts:
        name = part.filename.casefold()
        if name.endswith("sharedstrings.xml") and (
            part.file_size > MAX_SHARED_STRINGS_BYTES
        ):
            raise FileProblem("xlsx_too_large", limit=MAX_SHARED_STRINGS_BYTES)
    if sum(part.file_size for part in parts) > MAX_XLSX_UNPACKED_BYTES:
        raise FileProblem("xlsx_too_large", limit=MAX_XLSX_UNPACKED_BYTES)


def _bounded(rows: Iterator[tuple[int, Iterable[object]]]) -> Table:
    """Non-blank rows, at most ``MAX_ROWS`` of data after the header, and no
    cell over ``MAX_CELL_CHARS`` characters."""
    table: Table = []
    for number, row in rows:
        cells = list(row)[:MAX_COLUMNS]
        if any(isinstance(c, str) and len(c) > MAX_CELL_CHARS for c in cells):
            raise FileProblem("cell_too_long", row=number, limit=MAX_CELL_CHARS)
        if not any(cell_text(cell) for cell in cells):
            continue
        if len(table) > MAX_ROWS:
            raise FileProblem("too_many_rows", limit=MAX_ROWS)
        table.append((number, cells))
    return table


def cell_text(value: object) -> str:
    """A cell as clean text: whole numbers without ".0", spaces collapsed."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    elif hasattr(value, "isoformat"):
        value = value.isoformat()
    return " ".join(_CONTROL.sub("", str(value)).split())
