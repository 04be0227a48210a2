"""Known designs: repeat-free rounds up to the bound where one is known."""

from __future__ import annotations

import pytest

from tests.unit.seating.conftest import assert_valid_round
from tournaments.seating import plan_stats
from tournaments.seating.designs import (
    _CYCLIC_BASES,
    _LEVEL_DESIGNS,
    _plus_one_field,
    _plus_one_round,
    design_round,
    design_size,
    repeat_free_design,
)

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
    44: 14,
    48: 15,
    52: 17,
    56: 18,
    60: 19,
    64: 21,
    72: 23,
    76: 25,
    80: 26,
    84: 27,
    88: 29,
    92: 30,
    96: 31,
    100: 33,
    148: 49,
    256: 85,
    368: 122,
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


#: n = 3q + 1, q = 1 (mod 4) a prime power, up to 400 players (q = 25, 49
#: are fields of order p^2).
PLUS_ONE = (16, 28, 40, 52, 76, 88, 112, 124, 148, 160, 184, 220, 244, 292, 364)


@pytest.mark.parametrize("players", PLUS_ONE)
def test_the_3q_plus_1_construction_seats_every_pair_exactly_once(
    players: int,
) -> None:
    """Every pair of players meets once over the q = (n - 1) / 3 rounds."""
    assert _plus_one_field(players) is not None
    q = (players - 1) // 3
    rounds = [_plus_one_round(players, r) for r in range(q)]
    for round_ in rounds:
        assert_valid_round(round_, range(players))
    stats = plan_stats(rounds)
    assert (stats.repeated_pairs, stats.max_meetings) == (0, 1)
    met = {(a, b) for r in rounds for t in r for a in t for b in t if a < b}
    assert len(met) == players * (players - 1) // 2


@pytest.mark.parametrize("players", [4, 8, 12, 20, 24, 64, 100, 172, 196, 400])
def test_the_construction_needs_3q_plus_1_with_q_1_mod_4(players: int) -> None:
    """Other sizes (q not a prime power = 1 mod 4, or n - 1 not 3q) have none."""
    assert _plus_one_field(players) is None


@pytest.mark.parametrize("players", sorted([*_CYCLIC_BASES, *_LEVEL_DESIGNS]))
def test_shipped_base_rounds_reach_the_bound(players: int) -> None:
    """Each shipped base round, developed, gives floor((n - 1) / 3) rounds
    where everyone plays every round and no pair meets twice."""
    rounds = [design_round(players, r) for r in range(design_size(players))]
    assert len(rounds) == (players - 1) // 3
    for round_ in rounds:
        assert_valid_round(round_, range(players))
    assert plan_stats(rounds).max_meetings == 1


def test_the_bound_is_reached_where_the_construction_applies() -> None:
    """52, 76 and 88 players: floor((n - 1) / 3) rounds, built one by one."""
    for players in (52, 76, 88):
        size = design_size(players)
        assert size == (players - 1) // 3
        rounds = [design_round(players, r) for r in range(size)]
        assert plan_stats(rounds).repeated_pairs == 0
