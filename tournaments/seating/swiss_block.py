"""The last four rounds of a tight Swiss, planned once from the history before them.

In a tight event (32 players x 8 rounds meet 24 of their 31 possible
opponents), rounds seated one at a time from the ranking use up each
player's near opponents: after six such rounds no seventh round is left with
no repeat and every wind within one, and the last two rounds cost both
(issue 17; ``bench/seating_limits.py swiss-end``). So such an event plays its
winds in blocks of four rounds, each wind once a player a block
(``swiss_search`` judges a wind against the end of its block), and the last
block is planned as a whole, with its winds, before its first round:

* The no-repeat search plans the four rounds from the history before the
  block, with a seed taken from that history and on a clock that stands
  still (it ends on its step counts). Every round of the block reads the
  same history, so it finds the same plans again: nothing is stored between
  rounds, and a slow machine gets the same plan.
* Since every player has sat each wind once in each earlier block, the
  equitable colouring of ``assign_winds`` gives every player each wind once
  in the last block too, whatever its tables (König). The event ends with
  every wind even.
* ``CANDIDATES`` plans are searched (seeds one apart); a round of the block
  comes from the plan that holds the block's rounds played so far, with the
  fewest repeats, then the most even winds, and it is that plan's unplayed
  round that best fits today's ranking (least total rank spread).

The block's tables are far from close rank (a repeat-free end leaves mostly
far opponents: about 20 rank places a table at 32 players), which the first
rounds' close tables pay for (mean spread 12-14 against the target of 14).
When the history is not what the plans expect (a player withdrew, a round
was seated by hand), the round falls back to the ordinary Swiss.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from functools import lru_cache

from .budget import Budget
from .norepeat import search_plan
from .problem import build_problem
from .stats import plan_stats
from .types import Round, SeatingRequest
from .winds import assign_winds

#: Field sizes planned this way: larger tight events plan for too long.
MIN_PLAYERS = 25
MAX_PLAYERS = 64
#: Rounds in a block, and the last block's plans searched.
BLOCK = 4
CANDIDATES = 4

_Candidate = tuple[int, int, tuple[Round, ...]]


def plays_blocks(players: int, rounds_total: int, pinned: bool) -> bool:
    """Whether an event plays its winds in blocks of four and plans its last
    block: 25-64 players, no pins, a multiple of four rounds, and more than
    two thirds of each player's possible opponents met (32 x 8 meets 24 of
    31; 48 x 8, 24 of 47, does well round by round)."""
    return (
        MIN_PLAYERS <= players <= MAX_PLAYERS
        and not pinned
        and rounds_total % BLOCK == 0
        and 9 * rounds_total > 2 * (players - 1)
    )


def block_round(request: SeatingRequest) -> Round | None:
    """The round, in seat order and tables by best rank, when the request is
    one of the last block of such an event (see the module docstring); None
    otherwise."""
    total, history = request.rounds_total, request.history
    start = total - BLOCK
    if request.mode != "swiss" or request.rounds_to_plan != 1 or start < BLOCK:
        return None
    if request.round_index <= start or len(history) != request.round_index - 1:
        return None
    if not plays_blocks(len(request.players), total, bool(request.pins)):
        return None
    players = set(request.players)
    if any({p for table in round_ for p in table} != players for round_ in history):
        return None
    played = [set(round_) for round_ in history[start:]]
    rank = {p: i for i, p in enumerate(request.ranking or ())}

    def key(candidate: _Candidate, round_: Round) -> tuple[int, int, int]:
        spread = sum(
            max(rank.get(p, len(players)) for p in table)
            - min(rank.get(p, len(players)) for p in table)
            for table in round_
        )
        return candidate[0], candidate[1], spread

    options = [
        (key(candidate, round_), round_)
        for candidate in _candidates(
            history[:start], tuple(sorted(players)), _clubs(request.clubs), total
        )
        if all(done in [set(r) for r in candidate[2]] for done in played)
        for round_ in candidate[2]
        if set(round_) not in played
    ]
    if not options:
        return None
    best = min(options, key=lambda option: option[0])[1]
    return tuple(
        sorted(best, key=lambda table: min(rank.get(p, len(players)) for p in table))
    )


def _clubs(clubs: Mapping[int, str]) -> tuple[tuple[int, str], ...]:
    return tuple(sorted(clubs.items()))


@lru_cache(maxsize=8)
def _candidates(
    base: tuple[Round, ...],
    players: tuple[int, ...],
    clubs: tuple[tuple[int, str], ...],
    total: int,
) -> tuple[_Candidate, ...]:
    """(repeats, wind imbalance, rounds) of each plan of the last block; a
    pure function of its arguments (kept for the block's next rounds)."""
    seed = zlib.crc32(repr(base).encode())
    candidates = []
    for i in range(CANDIDATES):
        request = SeatingRequest(
            mode="no-repeat",
            players=players,
            history=base,
            round_index=len(base) + 1,
            rounds_total=total,
            rounds_to_plan=total - len(base),
            clubs=dict(clubs),
            seed=seed + i,
        )
        problem = build_problem(request)
        tables = search_plan(problem, Budget(_still, request.time_limit_s, None))
        named = [
            [[problem.ids[p] for p in table] for table in round_] for round_ in tables
        ]
        rounds = assign_winds(base, named)
        stats = plan_stats([*base, *rounds])
        candidates.append((stats.repeated_pairs, stats.wind_imbalance, rounds))
    return tuple(candidates)


def _still() -> float:
    """A clock that stands still: the searches end on their step counts."""
    return 0.0
