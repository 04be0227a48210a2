"""Player import: bytes in, rows and problems out, nothing saved.

``parse_player_file`` reads a CSV or XLSX player list and returns an
``ImportPreview``: every data row with its own problems, plus the problems of
the whole file. The Django side shows the preview, then saves only a preview
without whole-file problems (matching existing players on EMA number, else
on name); this module never touches the database.

Recognised columns (first row holding any text is the header; case, accents,
spaces and punctuation are ignored; other columns are ignored):

* full name: "Name", "Player", "Full name", "Nom complet", "Joueur", or
  "Nom" when the file has no "Prénom" column;
* "First name" / "Prénom" and "Last name" / "Surname" / "Nom" /
  "Nom de famille";
* "Club"; "Country" / "Nationality" / "Pays" / "Nationalité";
* "EMA number" / "EMA" / "EMA id" / "Numéro EMA" / "N° EMA".

Problem codes and their params (``row_number`` is ``None`` for the file):

==================== ========= ===============================================
code                 params    when
==================== ========= ===============================================
file_too_large       size,     the upload exceeds ``MAX_FILE_BYTES``
                     limit
empty_file                     no byte, or no row holding any text
unknown_format       extension neither CSV (.csv .txt .tsv) nor XLSX (.xlsx)
bad_encoding                   a CSV that is not UTF-8, UTF-16 or Windows-1252
unreadable_csv                 a CSV the csv module cannot split into rows
unreadable_xlsx                a corrupt or password-protected workbook
too_many_rows        limit     more than ``MAX_ROWS`` data rows
cell_too_long        row,      a cell over ``MAX_CELL_CHARS`` characters
                     limit
xlsx_too_large       limit     a workbook whose parts (or shared strings)
                               unpack beyond the readers' caps
no_name_column       columns   no name, first-name or last-name column; columns
                               lists the headers found, comma-separated
no_rows                        a header and no data row
missing_name                   a row with data but no name
name_too_long        max       a first or last name (a full name split by
                               ``names.split_full_name``) longer than the
                               stored column
duplicate_in_file    first_row same EMA number, or same name where one of
                               the two rows has no EMA number
malformed_ema_number value     not up to 8 digits (0 or "-" mean no number)
malformed_country    value     not a known country or a 3-letter code
ema_number_conflict  known     the EMA number belongs to a known player of
                               another name (added by the Django side, which
                               knows the players)
==================== ========= ===============================================

``parse_player_lines`` reads a pasted list (one player a line, ``Name, club,
country, EMA number``) into the same preview, so that both ways in share the
checks and the matching. A full name, pasted or in a name column, may be
"Last, First" (see ``split_pasted_line`` for the pasted list).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.imports.countries import normalise_country
from tournaments.imports.names import join_name, name_key, split_full_name
from tournaments.imports.readers import (
    CSV,
    MAX_FILE_BYTES,
    FileProblem,
    cell_text,
    detect_format,
    read_csv,
    read_xlsx,
)
from tournaments.limits import FIRST_NAME_MAX_LENGTH, LAST_NAME_MAX_LENGTH

NAME, FIRST_NAME, LAST_NAME = "name", "first_name", "last_name"
CLUB, COUNTRY, EMA_NUMBER = "club", "country", "ema_number"

_ALIASES = {
    NAME: "name player playername fullname nomcomplet nometprenom prenometnom "
    "nomprenom prenomnom joueur joueuse participant participante",
    FIRST_NAME: "firstname givenname forename prenom prenoms",
    LAST_NAME: "lastname surname familyname nomdefamille",
    CLUB: "club clubname nomduclub association",
    COUNTRY: "country countrycode nationality nation pays codepays nationalite",
    EMA_NUMBER: "ema emanumber emano emanr emaid emanum emanumero emacode "
    "numeroema nema noema numema idema emanummer",
}
_HEADER_FIELDS = {
    alias: name for name, aliases in _ALIASES.items() for alias in aliases.split()
}
NO_EMA_NUMBER = frozenset({"", "0", "-", "00000000"})
"""What lists write for a player without an EMA number."""


@dataclass(frozen=True, slots=True)
class ImportProblem:
    """One problem; ``row_number`` is ``None`` when it concerns the file."""

    row_number: int | None
    code: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ImportRow:
    """One data row, cleaned.

    ``name`` is the display name: first and last name joined by a space.
    ``first_name`` and ``last_name`` are the file's columns, or the full-name
    column split by ``names.split_full_name`` (particles kept with the last
    name, "Last, First" read as written). ``country`` is a 3-letter upper-case
    code and ``ema_number`` 8 digits, each ``None`` when absent or malformed.
    """

    row_number: int
    name: str
    first_name: str
    last_name: str
    club: str
    country: str | None
    ema_number: str | None
    problems: tuple[ImportProblem, ...] = ()

    @property
    def is_valid(self) -> bool:
        return not self.problems


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """The parsed file: rows in file order and the whole-file problems.

    ``file_format`` is ``"csv"``, ``"xlsx"`` or ``None`` when unknown;
    ``encoding`` the encoding that read a CSV file.
    """

    rows: tuple[ImportRow, ...]
    problems: tuple[ImportProblem, ...]
    file_format: str | None = None
    encoding: str | None = None

    @property
    def all_problems(self) -> tuple[ImportProblem, ...]:
        """The file's problems, then every row's, in row order."""
        return self.problems + tuple(p for row in self.rows for p in row.problems)

    @property
    def is_valid(self) -> bool:
        """True when nothing at all is wrong: the file may be saved as is."""
        return not self.all_problems


def parse_player_file(filename: str, data: bytes) -> ImportPreview:
    """Read a player list from ``data`` (the uploaded file's bytes).

    ``filename`` only serves to tell CSV from XLSX. Never raises for bad
    content: every failure is a problem in the preview.
    """
    if len(data) > MAX_FILE_BYTES:
        problem = ImportProblem(
            None, "file_too_large", {"size": len(data), "limit": MAX_FILE_BYTES}
        )
        return ImportPreview((), (problem,))
    if not data.strip():
        return ImportPreview((), (ImportProblem(None, "empty_file"),))
    file_format, encoding = None, None
    try:
        file_format = detect_format(filename, data)
        if file_format == CSV:
            table, encoding = read_csv(data)
        else:
            table = read_xlsx(data)
    except FileProblem as error:
        problem = ImportProblem(None, error.code, error.params)
        return ImportPreview((), (problem,), file_format, encoding)
    rows, problems = _rows_from_table(table)
    return ImportPreview(rows, problems, file_format, encoding)


PASTED_COLUMNS = {NAME: 0, CLUB: 1, COUNTRY: 2, EMA_NUMBER: 3}
_PASTE_SEPARATOR = re.compile(r"[,;\t]")
_STRONG_SEPARATOR = re.compile(r"[;\t]")


def split_pasted_line(line: str) -> list[str]:
    """A pasted line's fields, stripped.

    Commas, semicolons and tabs separate fields; but a line holding a
    semicolon or a tab (a spreadsheet's cells pasted) is split at those
    alone, so that its name may be written "Last, First": "Van der Ært,
    Zoë; Paris; FRA" is the player "Zoë" "Van der Ært" of Paris.
    """
    separator = _STRONG_SEPARATOR if _STRONG_SEPARATOR.search(line) else None
    return [part.strip() for part in (separator or _PASTE_SEPARATOR).split(line)]


def parse_player_lines(text: str) -> ImportPreview:
    """A pasted list as a preview: one row a non-blank line, numbered by line.

    Fields are split as ``split_pasted_line`` says; a line holding only
    separators is a row without a name, reported like a file's.
    """
    table = [
        (number, split_pasted_line(line))
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]
    if not table:
        return ImportPreview((), (ImportProblem(None, "empty_file"),))
    rows = [_build_row(number, cells, PASTED_COLUMNS) for number, cells in table]
    return ImportPreview(_mark_duplicates(rows), ())


def header_key(title: str) -> str:
    """A header reduced to lower-case ASCII letters and digits."""
    decomposed = unicodedata.normalize("NFKD", title)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return re.sub(r"[^a-z0-9]", "", plain.casefold())


def map_columns(headers: Sequence[str]) -> dict[str, int]:
    """Field name to column index; the first column of a kind wins."""
    keys = [header_key(title) for title in headers]
    has_first_name = any(_HEADER_FIELDS.get(key) == FIRST_NAME for key in keys)
    columns: dict[str, int] = {}
    for index, key in enumerate(keys):
        name = _HEADER_FIELDS.get(key)
        if key == "nom":
            # French "Nom" is the surname beside "Prénom", the name alone.
            name = LAST_NAME if has_first_name else NAME
        if name and name not in columns:
            columns[name] = index
    return columns


def _rows_from_table(
    table: Sequence[tuple[int, list[object]]],
) -> tuple[tuple[ImportRow, ...], tuple[ImportProblem, ...]]:
    if not table:
        return (), (ImportProblem(None, "empty_file"),)
    (_, header_cells), data_rows = table[0], table[1:]
    headers = [cell_text(cell) for cell in header_cells]
    columns = map_columns(headers)
    if not {NAME, FIRST_NAME, LAST_NAME} & columns.keys():
        found = ", ".join(title for title in headers if title)
        return (), (ImportProblem(None, "no_name_column", {"columns": found}),)
    if not data_rows:
        return (), (ImportProblem(None, "no_rows"),)
    rows = [_build_row(number, cells, columns) for number, cells in data_rows]
    return _mark_duplicates(rows), ()


def _build_row(number: int, cells: list[object], columns: dict[str, int]) -> ImportRow:
    def value(name: str) -> str:
        index = columns.get(name)
        return (
            cell_text(cells[index]) if index is not None and index < len(cells) else ""
        )

    first_name, last_name = value(FIRST_NAME), value(LAST_NAME)
    if not (first_name or last_name):
        first_name, last_name = split_full_name(value(NAME))
    name = join_name(first_name, last_name) or value(NAME)
    problems = (
        [] if last_name or first_name else [ImportProblem(number, "missing_name")]
    )
    problems.extend(_name_lengths(number, first_name, last_name))
    country = value(COUNTRY)
    code = normalise_country(country) if country else None
    if country and code is None:
        problems.append(ImportProblem(number, "malformed_country", {"value": country}))
    ema_number, problem = _ema_number(number, value(EMA_NUMBER))
    problems.extend([problem] if problem else [])
    return ImportRow(
        number, name, first_name, last_name, value(CLUB), code, ema_number,
        tuple(problems),
    )  # fmt: skip


def _name_lengths(number: int, first_name: str, last_name: str) -> list[ImportProblem]:
    """``name_too_long`` when a part would not fit its column."""
    if len(first_name) > FIRST_NAME_MAX_LENGTH or len(last_name) > LAST_NAME_MAX_LENGTH:
        limit = min(FIRST_NAME_MAX_LENGTH, LAST_NAME_MAX_LENGTH)
        return [ImportProblem(number, "name_too_long", {"max": limit})]
    return []


def normalise_ema_number(raw: str) -> str | None:
    """8 digits zero-padded (spreadsheets drop the leading zero), "" for no
    number ("0", "-" or blank: two players without one must never match
    through it), or ``None`` when ``raw`` is not an EMA number. The one rule
    for every way a player arrives (file, pasted list, form, API)."""
    digits = (raw or "").replace(" ", "")
    if digits in NO_EMA_NUMBER:
        return ""
    if digits.isascii() and digits.isdigit() and len(digits) <= 8:
        return digits.zfill(8)
    return None


def _ema_number(number: int, raw: str) -> tuple[str | None, ImportProblem | None]:
    """The row's EMA number (``None`` for none), or a problem."""
    digits = normalise_ema_number(raw)
    if digits is None:
        return None, ImportProblem(number, "malformed_ema_number", {"value": raw})
    return digits or None, None


def names_agree(first: str, second: str) -> bool:
    """Whether two spellings may name one person: they share a word.

    "Ana Lefevre" and "Anaïs Lefèvre" agree (a first-name variant), so do
    "Martin Anna" and "Anna Martin"; "Anna Bell" and "Carl Dunn" do not.
    """
    return bool(set(name_key(first).split()) & set(name_key(second).split()))


def namesakes_differ(
    ema_number: str | None,
    club: str | None,
    other_ema: str | None,
    other_club: str | None,
) -> bool:
    """Whether two players of one name are two people: both carry an EMA
    number and the numbers differ, or both name a club and the clubs differ
    (compared as names are). A namesake with no club and no number is the
    same person: the one rule of the file, the pasted list and the API."""
    if ema_number and other_ema and ema_number != other_ema:
        return True
    return bool(club and other_club and name_key(club) != name_key(other_club))


def _mark_duplicates(rows: list[ImportRow]) -> tuple[ImportRow, ...]:
    """Add ``duplicate_in_file`` to each row that repeats an earlier one.

    Same EMA number: duplicate. Same name: duplicate unless
    ``namesakes_differ`` (two EMA numbers, or two clubs), since namesakes
    exist.
    """
    by_number: dict[str, int] = {}
    by_name: dict[str, list[ImportRow]] = {}
    marked = []
    for row in rows:
        key = name_key(row.name)
        earlier = by_number.get(row.ema_number) if row.ema_number else None
        if earlier is None and key:
            earlier = next(
                (
                    other.row_number
                    for other in by_name.get(key, [])
                    if not namesakes_differ(
                        row.ema_number, row.club, other.ema_number, other.club
                    )
                ),
                None,
            )
        if earlier is not None:
            problem = ImportProblem(
                row.row_number, "duplicate_in_file", {"first_row": earlier}
            )
            row = with_problem(row, problem)
        if row.ema_number:
            by_number.setdefault(row.ema_number, row.row_number)
        if key:
            by_name.setdefault(key, []).append(row)
        marked.append(row)
    return tuple(marked)


def with_problem(row: ImportRow, problem: ImportProblem) -> ImportRow:
    return ImportRow(
        row.row_number, row.name, row.first_name, row.last_name, row.club,
        row.country, row.ema_number, (*row.problems, problem),
    )  # fmt: skip
