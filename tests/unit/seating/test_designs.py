"""Known designs: repeat-free rounds up to the bound where one is known."""

from __future__ import annotations

import pytest

from tests.unit.seating.conftest import assert_valid_round
from tournaments.seating import plan_stats
from tournaments.seating.designs import repeat_free_design

#: players -> repeat-free rounds this package must build (floor((n-1)/3) where
#: a construction or shipped base rounds reach it).
KNOWN = {
    16: 5,
    20: 5,
    24: 7,
    28: 9,
    32: 10,
    36: 11,
    40: 13,
    44: 11,
    52: 13,
    64: 21,
    100: 25,
    256: 85,
}


@pytest.mark.parametrize(("players", "rounds"), sorted(KNOWN.items()))
def test_designs_are_repeat_free_and_reach_their_size(
    players: int, rounds: int
) -> None:
    """Each round seats everyone once and no pair ever meets twice."""
    design = repeat_free_design(players)
    assert len(design) >= rounds
    for round_ in design:
        assert_valid_round(round_, range(players))
    assert plan_stats(design).repeated_pairs == 0


@pytest.mark.parametrize("players", range(4, 101, 4))
def test_every_size_has_at_least_one_valid_round(players: int) -> None:
    """Any multiple of four gets a repeat-free start, possibly a single round."""
    design = repeat_free_design(players)
    assert design
    for round_ in design:
        assert_valid_round(round_, range(players))
    assert plan_stats(design).repeated_pairs == 0


def test_affine_plane_of_order_four_covers_every_pair_once() -> None:
    """16 players, 5 rounds: every pair meets exactly once."""
    design = repeat_free_design(16)
    stats = plan_stats(design)
    assert (len(design), stats.repeated_pairs, stats.max_meetings) == (5, 0, 1)
    met = {frozenset((a, b)) for r in design for t in r for a in t for b in t if a != b}
    assert len(met) == 16 * 15 // 2
