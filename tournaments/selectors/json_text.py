"""Stored JSON read as text and decoded a batch at a time.

Django's ``JSONField`` decodes each value on its own (``from_db_value``: a
``json.loads`` per row and per field, behind the queryset's converters).
The workbook and the statistics read three or four JSON fields of every
hand of an event, 400,000 values at 3,200 players and 8 rounds, where the
per-value calls cost more than the parsing. ``as_text`` selects a field as
the text the database stores (what the JSONField would have decoded), and
``decoded`` decodes the texts of a batch of rows with one ``json.loads``:
the same values, since it is the same text and the same decoder.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any

from django.db.models import TextField
from django.db.models.functions import Cast

BATCH = 2000
"""Rows decoded together: one fetch of a ``.iterator(chunk_size=2000)``."""


def as_text(field: str) -> Cast:
    """The JSON field ``field`` as its stored text (SQL NULL stays ``None``)."""
    return Cast(field, output_field=TextField())


def decoded(
    rows: Iterable[Sequence[Any]], columns: Sequence[int]
) -> Iterator[tuple[Sequence[Any], list[Any]]]:
    """Each of ``rows`` with the values of its texts at ``columns``, decoded
    as the JSONField decodes them: ``None`` for SQL NULL, and a text that is
    not JSON left as it is. The texts are joined into one JSON array, which
    relies on each being one JSON value, as both databases ensure
    (PostgreSQL's jsonb; SQLite's ``JSON_VALID`` check on a JSONField);
    a batch that does not decode to as many values is read value by value."""
    found = iter(rows)
    width = len(columns)
    while batch := list(islice(found, BATCH)):
        values = _decode_all([row[column] for row in batch for column in columns])
        for index, row in enumerate(batch):
            yield row, values[index * width : (index + 1) * width]


def _decode_all(texts: list[str | None]) -> list[Any]:
    joined = ",".join("null" if text is None else text for text in texts)
    try:
        values = json.loads(f"[{joined}]")
    except json.JSONDecodeError:
        values = None
    if not isinstance(values, list) or len(values) != len(texts):
        # A text that is not one JSON value (it would have shifted or
        # spoilt the batch): each on its own, as ``from_db_value`` reads it.
        values = [_decode_one(text) for text in texts]
    return values


def _decode_one(text: str | None) -> Any:
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text
