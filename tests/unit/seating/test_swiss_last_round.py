"""Issue 31, item 6: the last round of a Swiss event stays close in rank.

After 7 rounds of 8 with winds within one, every player has one wind left
to take, so every table of the last round seats four players needing four
different winds. The last round starts from the merge of the four queues of
players needing each wind (table k takes the k-th of each), and the round
before it prefers tables whose players will need four different winds, so
that the queues stay level through the ranking.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tests.unit.seating.test_scale import _event
from tournaments.seating import plan_stats
from tournaments.seating.budget import Budget
from tournaments.seating.problem import Problem
from tournaments.seating.stats import wind_counts
from tournaments.seating.swiss import seat_swiss
from tournaments.seating.swiss_search import LAST, SwissRound


def _problem(winds: Sequence[list[int]], later_rounds: int) -> Problem:
    """Players 0..n-1 ranked in that order, none met before, no clubs."""
    n = len(winds)
    return Problem(
        ids=list(range(n)),
        meet=[[0] * n for _ in range(n)],
        last=[-1] * n,
        club=[-1 - p for p in range(n)],
        pin=[-1] * n,
        rank=list(range(n)),
        winds=[list(row) for row in winds],
        rounds=1,
        later_rounds=later_rounds,
        rng=random.Random(0),
    )


def _missing(wind: int) -> list[int]:
    """Wind counts after 7 rounds of 8 that lack only ``wind``."""
    return [1 if w == wind else 2 for w in range(4)]


def _spread(
    rank: Sequence[int] | Mapping[int, int], tables: Sequence[Sequence[int]]
) -> float:
    return sum(max(rank[p] for p in t) - min(rank[p] for p in t) for t in tables) / len(
        tables
    )


def test_the_last_round_takes_the_kth_player_needing_each_wind() -> None:
    """32 players needing East, South, West, North by blocks of four ranks:
    rank-order tables would all break the winds; the tightest tables with
    four different needs, such as 0-4-8-12, 1-5-9-13, ..., the merge, have a
    mean spread of 12, and so does the round."""
    needs = [rank // 4 % 4 for rank in range(32)]
    problem = _problem([_missing(w) for w in needs], later_rounds=0)
    tables = seat_swiss(problem, Budget(lambda: 0.0, 5.0, None))
    assert all(sorted(needs[p] for p in table) == [0, 1, 2, 3] for table in tables)
    assert _spread(problem.rank, tables) == 12


def test_the_last_round_stays_near_the_merge_of_the_four_queues() -> None:
    """400 players in a seeded random order of needed winds, a hundred
    needing each; players three ranks apart or closer met before (as rounds
    of close ranks leave them). The merge of the four queues would be a
    mean spread of 20 with repeats; the round has none, four different
    needs at every table, and stays within 30 % of it (seats filled from a
    window of ranks, then mended, ended 44 % wider)."""
    needs = [w for w in range(4) for _ in range(100)]
    random.Random(3).shuffle(needs)
    problem = _problem([_missing(w) for w in needs], later_rounds=0)
    for p in range(400):
        for q in range(max(0, p - 3), min(400, p + 4)):
            problem.meet[p][q] = int(p != q)
    tables = seat_swiss(problem, Budget(lambda: 0.0, 5.0, None))
    assert all(sorted(needs[p] for p in table) == [0, 1, 2, 3] for table in tables)
    assert not any(problem.meet[a][b] for table in tables for a in table for b in table)
    queues = [[p for p in range(400) if needs[p] == w] for w in range(4)]
    merge = _spread(problem.rank, list(zip(*queues, strict=True)))
    assert _spread(problem.rank, tables) <= 1.3 * merge


def test_the_round_before_the_last_counts_tables_that_would_need_one_wind() -> None:
    """Round 7 of 8: four players who lack East and South, West and North,
    East and South, West and North can leave four different winds for the
    last round whatever they take now; lacking East and South, East and
    South, East and West, West and North, two of them will need the same
    wind. The second table costs ``LAST`` rank places more."""
    rows = [
        [1, 1, 2, 2],
        [2, 2, 1, 1],
        [1, 1, 2, 2],
        [2, 2, 1, 1],
        [1, 1, 2, 2],
        [1, 1, 2, 2],
        [1, 2, 1, 2],
        [2, 2, 1, 1],
    ]
    problem = _problem(rows, later_rounds=1)
    round_ = SwissRound(problem, [[0, 1, 2, 3], [4, 5, 6, 7]])
    assert round_.costs == [3, 3 + LAST]
    # The last round itself has nothing after it to keep open.
    last = SwissRound(_problem(rows, later_rounds=0), [[0, 1, 2, 3], [4, 5, 6, 7]])
    assert last.costs[1] < last.costs[0] + LAST


def test_the_last_round_is_as_close_as_the_winds_left_allow() -> None:
    """200 players, 8 rounds ranked by results: no repeat and every wind
    exactly twice. Half the tables of round 7 (against about a tenth by
    chance) leave their four players needing four different winds, and the
    last round comes within a fifth of the merge of the four queues (the
    tightest seating those needs allow, repeats aside): 26.6 here, where the
    rounds before it were seated from a window of ranks and mended, 32.4."""
    seated = _event(200, 8, seed=7, clubs={})
    rounds = [round_ for _, round_ in seated]
    assert plan_stats(rounds).repeated_pairs == 0
    assert all(counts == [2, 2, 2, 2] for counts in wind_counts(rounds).values())
    request, last = seated[-1]
    need = {p: counts.index(1) for p, counts in wind_counts(request.history).items()}
    before = seated[-2][1]
    assert sum(len({need[p] for p in table}) == 4 for table in before) >= 20
    rank = {p: i for i, p in enumerate(request.ranking or ())}
    queues = [[p for p in request.ranking or () if need[p] == w] for w in range(4)]
    merge = _spread(rank, list(zip(*queues, strict=True)))
    assert _spread(rank, last) <= 1.2 * merge
