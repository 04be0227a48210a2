"""The hands' JSON fields read as text and decoded a batch at a time
(``selectors.json_text``): the values must be exactly those the
``JSONField`` decodes itself, on both databases, SQL NULL, JSON null,
nested objects, accents and numbers included."""

from __future__ import annotations

import pytest

from tests.integration.export_data import played_tournament
from tournaments.models import Hand
from tournaments.selectors import json_text
from tournaments.selectors.json_text import as_text, decoded

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

FIELDS = ("result", "fans", "deltas", "tiles")


def test_the_texts_decode_to_the_fields_values(tournament, organiser, monkeypatch):
    played_tournament(tournament, organiser)
    odd = Hand.objects.filter(table__round__tournament=tournament).first()
    odd.fans = [{"name": "Quatre grands vents «é»", "points": 88, "n": [1.5, None]}]
    odd.tiles = {"hand": ["1m", "2m"], "flowers": 0, "ready": True, "none": None}
    odd.save()
    hands = Hand.objects.filter(table__round__tournament=tournament).order_by("pk")
    expected = [list(row) for row in hands.values_list(*FIELDS)]
    # Batches of three: several batches and a short last one.
    monkeypatch.setattr(json_text, "BATCH", 3)
    texts = hands.values_list("pk", *(as_text(field) for field in FIELDS))
    got = [values for _, values in decoded(texts.iterator(), (1, 2, 3, 4))]
    assert got == expected
    assert len(got) > 6
    assert any(row[3] is None for row in got)


def test_a_text_that_is_not_json_stays_text_as_the_field_leaves_it():
    """Both databases store one JSON value a text (PostgreSQL's jsonb,
    SQLite's JSON_VALID check); were one not, the batch fails to decode and
    each value is read on its own, as ``from_db_value`` reads it."""
    rows = [("a", '{"x": 1}', None), ("b", "not json", "[3"), ("c", "4", "null")]
    got = list(decoded(rows, (1, 2)))
    assert got == [
        (rows[0], [{"x": 1}, None]),
        (rows[1], ["not json", "[3"]),
        (rows[2], [4, None]),
    ]
