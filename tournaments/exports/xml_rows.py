"""A write-only sheet that writes its rows as XML text (issue 31, item 4).

openpyxl's write-only sheet turns every value into a cell object, then
every cell into an ElementTree element serialised by ``et_xmlfile``: about
20 microseconds a cell, most of a big workbook's time (a 3,200-player event
of 8 rounds has 1.6 million cells in "Hands"). ``XmlRowsSheet`` writes the
common cells, numbers and plain strings, plain or styled, as the text
openpyxl would write for them, straight into the sheet's stream; any other
cell (dates, formulas, error codes, booleans, decimals, hyperlinks,
comments, an illegal character) goes through openpyxl's own cell writer,
so it is written, or refused, exactly as before.

The stream is openpyxl's (``WorksheetWriter``: the sheet's head, rows,
then its tail: filter, drawing), so everything but the rows is unchanged.
With lxml installed openpyxl writes through lxml, which has no raw text
write; the sheet then falls back to openpyxl's writer entirely. The XML is
checked byte for byte against openpyxl's in
``tests/unit/exports/test_xml_rows.py``; openpyxl is pinned in
requirements.txt.

A sheet whose rows repeat the same few values in the same columns (the
"Hands" sheet: names, winds, payments) may go further: ``cell_xml`` gives
a cell's text once, with the row number left as ``ROW``, and
``append_xml`` writes a row joined from such texts, so a value met again
costs a dictionary look-up in its writer rather than a cell.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from math import isfinite
from typing import Any

from openpyxl import LXML, Workbook
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.cell._writer import write_cell
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

__all__ = ["ROW", "CellTexts", "XmlRowsSheet", "add_sheet"]

TEXTS_KEPT = 20_000
"""Distinct strings whose XML a sheet keeps: names, winds, fans."""
_UNSEEN = "\0"
"""Not a cached XML text (it would be an illegal character)."""
_MAX_TEXT = 32767
"""Excel's longest cell text; openpyxl cuts longer ones (the slow path)."""
ROW = "\0"
"""Where ``cell_xml`` leaves the row number: never in a written text, as
``_plain_text`` refuses every illegal character, NUL included."""


def add_sheet(workbook: Workbook, title: str) -> XmlRowsSheet:
    """A new ``XmlRowsSheet`` at the end of a write-only ``workbook``."""
    sheet = XmlRowsSheet(parent=workbook, title=title)
    workbook._add_sheet(sheet)
    return sheet


class _XmlRow(tuple[str]):
    """A row's cells as text (``append_xml``), told apart from a row of
    values on its way to ``_write_rows``."""


class XmlRowsSheet(WriteOnlyWorksheet):
    """``WriteOnlyWorksheet`` whose ``append`` writes rows as text."""

    _writes_text = False
    _styles: dict[Any, str]

    @property
    def writes_text(self) -> bool:
        """Whether ``append_xml`` may be used: rows have been appended and
        they are written as text (not with lxml, nor with row heights)."""
        return self._writes_text

    def cell_xml(self, column: int, value: object) -> str | None:
        """The text of ``value`` in 0-based ``column``, as ``append`` would
        write it in any row, the row number left as ``ROW``: ``""`` for
        ``None`` (no cell), ``None`` for a value only openpyxl writes (a
        row holding one must be appended with ``append``). A cell object
        is read now: one changed later needs its text again."""
        if value is None:
            return ""
        coordinate = f"{get_column_letter(column + 1)}{ROW}"
        kind = type(value)
        if kind is str:
            text = _plain_text(value)  # type: ignore[arg-type]
            if text is None:
                return None
            return f'<c r="{coordinate}" t="inlineStr">{text}'
        if kind is int or (kind is float and isfinite(value)):  # type: ignore[arg-type]
            return f'<c r="{coordinate}" t="n"><v>{_number(value)}</v></c>'
        if isinstance(value, Cell):
            if not hasattr(self, "_styles"):
                self._styles = {}
            return self._styled_cell(value, coordinate, self._styles)
        return None

    def append_xml(self, cells: str) -> None:
        """A row of the cells' texts ``cell_xml`` gave, joined in column
        order; only once ``writes_text`` (``RuntimeError`` otherwise)."""
        if not self._writes_text:
            raise RuntimeError("this sheet does not write its rows as text")
        super().append(_XmlRow((cells,)))

    def _write_rows(self) -> Generator[None, Any, None]:
        """The generator ``append`` sends each row to (openpyxl's protocol)."""
        if LXML or self.row_dimensions:
            # lxml's stream has no raw write; row heights are row attributes.
            yield from super()._write_rows()
            return
        try:
            xf = self._writer.xf.send(True)
        except StopIteration:
            self._already_saved()
        raw: Callable[[str], object] = xf._file
        letters: list[str] = []
        if not hasattr(self, "_styles"):
            self._styles = {}
        styles = self._styles
        texts: dict[str, str | None] = {}
        self._writes_text = True
        with xf.element("sheetData"):
            row_idx = 1
            try:
                while True:
                    values = yield
                    if type(values) is _XmlRow:
                        row = str(row_idx)
                        raw(f'<row r="{row}">{values[0].replace(ROW, row)}</row>')
                    else:
                        self._write_row(
                            xf, raw, values, row_idx, letters, styles, texts
                        )
                    row_idx += 1
            except GeneratorExit:
                pass
        self._writes_text = False
        self._writer.xf.send(None)

    def _write_row(
        self,
        xf: Any,
        raw: Callable[[str], object],
        values: Iterable[Any],
        row_idx: int,
        letters: list[str],
        styles: dict[Any, str],
        texts: dict[str, str | None],
    ) -> None:
        """``texts``: the XML of the strings met so far (names, winds and
        fans come back on every row), cleared when it grows past
        ``TEXTS_KEPT``; ``styles``: the style attribute of each style."""
        row = str(row_idx)
        parts = [f'<row r="{row}">']
        append = parts.append
        for column, value in enumerate(values):
            if value is None:
                continue
            if column >= len(letters):
                letters += [
                    get_column_letter(n) for n in range(len(letters) + 1, column + 2)
                ]
            kind = type(value)
            if kind is str:
                text = texts.get(value, _UNSEEN)
                if text is _UNSEEN:
                    if len(texts) >= TEXTS_KEPT:
                        texts.clear()
                    text = texts[value] = _plain_text(value)
                if text is not None:
                    append(f'<c r="{letters[column]}{row}" t="inlineStr">{text}')
                    continue
            elif kind is int or (kind is float and isfinite(value)):
                append(
                    f'<c r="{letters[column]}{row}" t="n"><v>{_number(value)}</v></c>'
                )
                continue
            elif isinstance(value, Cell):
                cell_xml = self._styled_cell(value, f"{letters[column]}{row}", styles)
                if cell_xml is not None:
                    append(cell_xml)
                    continue
            # Anything else: openpyxl's own cell, after the text so far.
            raw("".join(parts))
            parts.clear()
            self._write_slow_cell(xf, value, column + 1, row_idx)
        parts.append("</row>")
        raw("".join(parts))

    def _styled_cell(
        self, cell: Cell, coordinate: str, styles: dict[Any, str]
    ) -> str | None:
        """A cell object's text when it is a number or a plain string, else None."""
        if cell._comment is not None or cell.hyperlink is not None:
            return None
        value, data_type = cell._value, cell.data_type
        if value is None:
            return None
        style = ""
        if cell.has_style:
            key = cell._style
            style = styles.get(key)  # type: ignore[assignment]
            if style is None:
                style = styles.setdefault(key, f' s="{cell.style_id}"')
        kind = type(value)
        if data_type == "s" and kind is str:
            text = _plain_text(value)
            if text is None:
                return None
            return f'<c r="{coordinate}"{style} t="inlineStr">{text}'
        if data_type == "n" and (kind is int or (kind is float and isfinite(value))):
            return f'<c r="{coordinate}"{style} t="n"><v>{_number(value)}</v></c>'
        return None

    def _write_slow_cell(self, xf: Any, value: object, column: int, row: int) -> None:
        """One cell through openpyxl, as ``WriteOnlyWorksheet`` writes it."""
        # A value openpyxl cannot write raises here, as its append does.
        cell = value if isinstance(value, Cell) else WriteOnlyCell(self, value)
        cell.column, cell.row = column, row
        if cell._value is None and not cell.has_style:
            return
        if cell.hyperlink is not None:
            cell.hyperlink.ref = cell.coordinate
        write_cell(xf, self, cell, cell.has_style)


def _number(value: Any) -> str:
    """An int or a float as openpyxl's ``safe_string`` writes it ("%.16g",
    which an int of fewer than 16 digits shares with ``str``)."""
    if type(value) is int and -_EXACT_INT < value < _EXACT_INT:
        return str(value)
    return "%.16g" % value  # noqa: UP031


_EXACT_INT = 10**15


_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def _plain_text(value: str) -> str | None:
    """An inline string's ``<is>...</c>`` as openpyxl writes it, or None
    for a string openpyxl treats otherwise (a formula, an error code, an
    illegal character, an over-long text, an empty one)."""
    if (
        not value
        or len(value) > _MAX_TEXT
        or (value[0] == "=" and len(value) > 1)
        or (value[0] == "#" and value in ERROR_CODES)
        or ILLEGAL_CHARACTERS_RE.search(value)
    ):
        return None
    text = value.translate(_ESCAPES)
    stripped = value.strip()
    if stripped and stripped != value:
        return f'<is><t xml:space="preserve">{text}</t></is></c>'
    return f"<is><t>{text}</t></is></c>"


class CellTexts:
    """Cells' texts for ``XmlRowsSheet.append_xml``, by column and value,
    each made once by ``cell_xml`` and then looked up (``columns[n]`` may
    be read directly: a text met before, else None). At most
    ``TEXTS_KEPT`` values a column; ``None`` for a value only openpyxl
    writes (its row must go through ``append``)."""

    def __init__(self, ws: XmlRowsSheet, columns: int) -> None:
        self.ws = ws
        self.columns: list[dict[Any, str | None]] = [{} for _ in range(columns)]

    def text(self, column: int, key: Any, make: Callable[[Any], object]) -> str | None:
        """The text of ``make(key)`` in ``column``, made once per key."""
        found = self.columns[column]
        text = found.get(key, _UNSEEN)
        if text is _UNSEEN:
            if len(found) >= TEXTS_KEPT:
                found.clear()
            text = found[key] = self.ws.cell_xml(column, make(key))
        return text

    def number(self, column: int, value: object) -> str | None:
        """The text of ``value`` as it is (a number, None)."""
        # Typed keys but for int: True == 1 is another cell.
        if type(value) is int:
            return self.text(column, value, _same)
        return self.text(column, (type(value), value), _second)


def _same(value: object) -> object:
    return value


def _second(pair: tuple[object, object]) -> object:
    return pair[1]
