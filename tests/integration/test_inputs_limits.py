"""The bounds of tournaments.limits match the columns they protect."""

from __future__ import annotations

import pytest
from django.db import connection

from tournaments import limits
from tournaments.models import Hand, Penalty, Player, Table

pytestmark = pytest.mark.db_sensitive


def test_idempotency_key_bound_is_the_column_length():
    for model in (Hand, Penalty):
        field = model._meta.get_field("idempotency_key")
        assert field.max_length == limits.IDEMPOTENCY_KEY_MAX_LENGTH


def test_name_bounds_are_the_column_lengths():
    first, last = (Player._meta.get_field(f) for f in ("first_name", "last_name"))
    assert first.max_length == limits.FIRST_NAME_MAX_LENGTH
    assert last.max_length == limits.LAST_NAME_MAX_LENGTH


def test_number_bounds_fit_their_columns():
    ranges = connection.ops.integer_field_ranges
    small = ranges["PositiveSmallIntegerField"][1]
    integer = ranges["PositiveIntegerField"][1]
    assert small >= limits.MAX_HAND_VALUE
    assert small >= limits.MAX_FLOWERS
    assert integer >= limits.MAX_PENALTY_POINTS
    assert Table._meta.get_field("version").get_internal_type() == (
        "PositiveIntegerField"
    )
    assert integer >= limits.MAX_INT
