"""Setup services: players are matched on EMA number, then on name."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_a_namesake_with_another_ema_number_is_another_player():
    from tournaments.services.setup import find_or_create_player

    first = find_or_create_player(first_name="Li", last_name="Wei", ema_number="1")
    same = find_or_create_player(first_name="li", last_name="WEI")
    other = find_or_create_player(first_name="Li", last_name="Wei", ema_number="2")
    assert same.pk == first.pk
    assert other.pk != first.pk and other.ema_number == "00000002"
