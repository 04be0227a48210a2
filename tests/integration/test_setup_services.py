"""Setup services: players are matched on EMA number, then on name."""

from __future__ import annotations

import pytest

from tournaments.services.player_batches import find_or_create_players

pytestmark = pytest.mark.django_db


def one_player(**row):
    return find_or_create_players([row])[0]


def test_a_namesake_with_another_ema_number_is_another_player():
    first = one_player(first_name="Li", last_name="Wei", ema_number="1")
    same = one_player(first_name="li", last_name="WEI")
    other = one_player(first_name="Li", last_name="Wei", ema_number="2")
    assert same.pk == first.pk
    assert other.pk != first.pk and other.ema_number == "00000002"


def test_a_known_player_gets_what_was_missing_and_keeps_the_rest():
    """A later list may know a player's EMA number or club: blanks are filled,
    values already stored stay (a different club is not taken on trust)."""
    known = one_player(first_name="Anne", last_name="Roy", club="Lyon")
    again = one_player(
        first_name="Anne", last_name="Roy", club="Paris", country="fra", ema_number="42"
    )
    assert again.pk == known.pk
    again.refresh_from_db()
    assert (again.club.name, again.country, again.ema_number) == (
        "Lyon",
        "FRA",
        "00000042",
    )
