"""Seeding by rating: balanced tables, one player of each band a table."""

from __future__ import annotations

import pytest

from leagues.errors import LeagueError
from leagues.seeding import balanced_tables


def test_eight_players_make_two_balanced_tables():
    """Bands 1-2, 3-4, 5-6, 7-8; the second and fourth bands snake back."""
    assert balanced_tables([1, 2, 3, 4, 5, 6, 7, 8]) == [[1, 4, 5, 8], [2, 3, 6, 7]]


def test_the_strongest_players_never_meet():
    tables = balanced_tables(list(range(1, 41)))
    assert all(sum(1 for p in table if p <= 10) == 1 for table in tables)
    assert sorted(p for table in tables for p in table) == list(range(1, 41))


@pytest.mark.parametrize("players", [0, 6])
def test_a_count_not_a_multiple_of_four_is_refused(players):
    with pytest.raises(LeagueError) as error:
        balanced_tables(list(range(players)))
    assert error.value.code == "seeding_needs_fours"
