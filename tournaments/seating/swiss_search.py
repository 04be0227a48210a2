"""Iterated local search for one Swiss round.

The cost of a table, lowest first in importance: a seat above the player's
least-played wind that later rounds can still even out (SOFT, one rank
place), its rank spread (highest minus lowest rank of its four players, the
figure the issue measures), a seat after which the player could no longer
end the event with every wind within one of the others (WIND), club-mates
(CLUB), pairs who met before (REPEAT per earlier meeting). Repeats come
first, then the spread, then the winds, as the issue orders them, except
that a wind the rest of the event could not mend outranks the spread: once
played it is lost, while a wider table is forgotten after its round. Winds
are judged against the whole event (``later_rounds``), so a round may leave
a player two apart for a while when the later rounds can close the gap; a
rule of "within one after every round" forces every fourth round into
tables of four different missing winds and costs that round its spread.
Tight events whose last block of four rounds is planned at once
(``swiss_block``) pay that price: there a wind is judged against the end of
its block, so every player sits each wind once a block.

The round before the last also counts (LAST) a table whose players would
then need winds in the last round that no table of four different winds
gives them: in an event of 4k rounds every player then has one wind left,
and the last round's tables are only as close as the queues of players
needing each wind are level through the ranking (issue 31: a mean spread
of 97 at 1,600 players with needs left to chance, 55 with half the tables
of round 7 leaving four different needs).

The search: steepest descent on swaps of two players of nearby tables (tables
in rank order; a costly table looks further), run until no swap improves
(``greedy``: from rank-order tables, the baseline every round must match),
then a perturbation (a few random swaps between neighbouring tables) followed
by the same descent on the tables it touched, kept when the round costs no
more than the best one (plateaus are walked), undone otherwise. It counts the
swaps it evaluates and stops after ``round_steps`` of them, a count sized by
the field, so the same seed gives the same round on any machine, loaded or
not; the time limit is only a far safety net (``budget.safety_limit_s``).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import permutations

from .budget import Budget
from .problem import Problem
from .swiss_block import BLOCK, plays_blocks

REPEAT = 10**9
CLUB = 10**6
WIND = 10**4
#: A seat above the player's least-played wind that the rest of the event
#: can still even out: worth a rank place.
SOFT = 1
_PERMUTATIONS = tuple(permutations(range(4)))
#: Tables on each side a player of an ordinary table may swap with.
_WINDOW = 3
#: Swap evaluations per round, its first descent included, for fields of up
#: to STEPS / STEPS_PER_PLAYER players (about 0.25 s on the benchmark
#: machine; the cost is per evaluation). Small fields need them too: with a
#: sixth of them, 16 players seated four times from one ranking meet twice
#: where a repeat-free round exists.
STEPS = 120_000
#: Larger fields get this many per player, so that the perturbations reach
#: every table as often whatever the size (issue 31: one count for every size
#: left 3,200 players' first descent unfinished, most tables as the start
#: seated them, a mean spread of 55 in round 4).
STEPS_PER_PLAYER = 50
#: A greedy descent ends when no swap improves (each swap lowers the cost, so
#: it always ends) or, as a guard, after this many evaluations per player:
#: rounds 1-7 of 3,200 players take at most 150 a player, the last round of
#: an event, where most tables must mend a wind for good, about 1,600 (11 s
#: on the benchmark machine). A cap of 1,000 left that round wider than the
#: baseline's descent run to its end, and 250 left winds uneven.
DESCENT_PER_PLAYER = 4_000
#: In the last rounds every wind must be within one after the round itself:
#: a gap left for the very last round could meet a round with no seating
#: that closes every player's gap.
STRICT_TAIL = 2
#: In the round before the last, a table whose players, at its best
#: seating, would each need a wind in the last round with no way to give
#: them four different ones (issue 31): worth this many rank places. The
#: last round must seat four players needing four different winds at every
#: table; when each table of this round leaves four different needs, the
#: players needing each wind stay spread evenly through the ranking, and
#: the last round's tables stay close.
LAST = 8
#: Where a code keeps, in the round before the last, the winds each seat
#: would leave the player needing in the last round (``_next_needs``).
_NEXT = 64**4


class SwissRound:
    """Tables of one round under search, with each table's cost."""

    def __init__(self, problem: Problem, tables: list[list[int]]) -> None:
        self.problem = problem
        self.meet = problem.meet
        self.club = problem.club
        self.rank = problem.rank
        self.pinned = [t >= 0 for t in problem.pin]
        codes = round_codes(problem)
        index = {code: i for i, code in enumerate(sorted(set(codes)))}
        # A table's multiset of codes as one number: base 5 digits count how
        # many of its players have each code.
        self.wind_key = [5 ** index[code] for code in codes]
        self.codes = codes
        self._winds: dict[int, int] = {}
        self.tables = [list(table) for table in tables]
        self.costs = [self.table_cost(table) for table in self.tables]
        self.evaluations = 0
        #: Tables as they were before the swaps since the last ``mark``.
        self.journal: dict[int, tuple[list[int], int]] = {}

    def table_cost(self, table: list[int]) -> int:
        a, b, c, d = table
        meet, club = self.meet, self.club
        ma, mb, mc = meet[a], meet[b], meet[c]
        repeats = ma[b] + ma[c] + ma[d] + mb[c] + mb[d] + mc[d]
        ca, cb, cc, cd = club[a], club[b], club[c], club[d]
        mates = (
            (ca == cb) + (ca == cc) + (ca == cd) + (cb == cc) + (cb == cd) + (cc == cd)
        )
        rank = self.rank
        ra, rb, rc, rd = rank[a], rank[b], rank[c], rank[d]
        spread = max(ra, rb, rc, rd) - min(ra, rb, rc, rd)
        wk = self.wind_key
        key = wk[a] + wk[b] + wk[c] + wk[d]
        wind = self._winds.get(key)
        if wind is None:
            wind = self._wind(table, key)
        return REPEAT * repeats + CLUB * mates + wind + spread

    def _wind(self, table: list[int], key: int) -> int:
        """WIND per seat that leaves a player unable to end the event within
        one of each wind, SOFT per seat above a player's least-played wind
        now, and in the round before the last LAST when the players would
        need winds no table of four different ones gives them, for the
        table's best seating."""
        codes = [self.codes[p] for p in table]
        value = min(
            _seat_value(digits) + LAST * short for digits, short in seatings(codes)
        )
        self._winds[key] = value
        return value

    def total(self) -> int:
        return sum(self.costs)

    def best_swap(self, t: int, u: int) -> tuple[int, int, int] | None:
        """The best improving swap between tables t and u: (delta, seat in t,
        seat in u), or None."""
        here, there = self.tables[t], self.tables[u]
        base = self.costs[t] + self.costs[u]
        pinned, cost = self.pinned, self.table_cost
        best: tuple[int, int, int] | None = None
        for i, a in enumerate(here):
            if pinned[a]:
                continue
            for j, b in enumerate(there):
                if pinned[b]:
                    continue
                here[i], there[j] = b, a
                delta = cost(here) + cost(there) - base
                here[i], there[j] = a, b
                if delta < 0 and (best is None or delta < best[0]):
                    best = (delta, i, j)
        self.evaluations += 16
        return best

    def swap(self, t: int, i: int, u: int, j: int) -> None:
        for x in (t, u):
            if x not in self.journal:
                self.journal[x] = (list(self.tables[x]), self.costs[x])
        here, there = self.tables[t], self.tables[u]
        here[i], there[j] = there[j], here[i]
        self.costs[t] = self.table_cost(here)
        self.costs[u] = self.table_cost(there)


def _wind_totals(problem: Problem) -> list[tuple[list[int], int]]:
    """Each player's wind counts and the rounds they are judged against: the
    whole event, or the end of the block of four when the event plays its
    winds in blocks (``swiss_block``): each wind once a block."""
    if _in_blocks(problem):
        return [(row, -(-(sum(row) + 1) // BLOCK) * BLOCK) for row in problem.winds]
    later = problem.later_rounds if problem.later_rounds >= STRICT_TAIL else 0
    return [(row, sum(row) + 1 + later) for row in problem.winds]


def _in_blocks(problem: Problem) -> bool:
    """Whether the round is one of an event that plays its winds in blocks."""
    played = max(sum(row) for row in problem.winds)
    pinned = any(t >= 0 for t in problem.pin)
    total = played + problem.rounds + problem.later_rounds
    return problem.rounds == 1 and plays_blocks(problem.n, total, pinned)


def _wind_code(row: list[int], total: int) -> int:
    """What each wind costs a player this round, as one number (base 64, a
    digit per wind): 8 when the player, having sat ``row`` and playing
    ``total`` rounds in all, could then no longer end with every wind within
    one of the others, 16 times; plus how far above their least-played wind
    it is now (capped at 3). Adding the digits of four players keeps both
    parts apart (4 * 3 < 16, 4 * 19 < 64)."""
    low = min(row)
    digits = []
    for w in range(4):
        after = [count + (v == w) for v, count in enumerate(row)]
        digits.append(16 * (not _completable(after, total)) + min(3, row[w] - low))
    return sum(digit * 64**w for w, digit in enumerate(digits))


def _completable(counts: list[int], total: int) -> bool:
    """Whether wind counts can still grow to ``total`` seats with every wind
    within one of the others: total // 4 each, one more for total % 4."""
    high = total // 4 + 1
    return (
        all(c <= high for c in counts) and sum(c == high for c in counts) <= total % 4
    )


def open_winds(problem: Problem) -> list[int]:
    """Each player's winds (bit w for wind w) after which they can still end
    the event with every wind within one of the others, judged as the search
    judges them."""
    masks = []
    for row, total in _wind_totals(problem):
        masks.append(
            sum(
                1 << w
                for w in range(4)
                if _completable([c + (v == w) for v, c in enumerate(row)], total)
            )
        )
    return masks


def seatings(codes: list[int]) -> list[tuple[int, bool]]:
    """For each seating of a table (``_PERMUTATIONS`` order) of players with
    these codes: the sum of their digits, and, in the round before the last,
    whether the winds they would then need in the last round cannot be four
    different ones."""
    rows = [_decode(code) for code in codes]
    needs = [code // _NEXT for code in codes]
    if not any(needs):
        return [
            (rows[0][w] + rows[1][x] + rows[2][y] + rows[3][z], False)
            for w, x, y, z in _PERMUTATIONS
        ]
    return [
        (
            rows[0][w] + rows[1][x] + rows[2][y] + rows[3][z],
            not matchable(
                (
                    needs[0] >> 4 * w & 15,
                    needs[1] >> 4 * x & 15,
                    needs[2] >> 4 * y & 15,
                    needs[3] >> 4 * z & 15,
                )
            ),
        )
        for w, x, y, z in _PERMUTATIONS
    ]


def round_codes(problem: Problem) -> list[int]:
    """Each player's code as the search sees it (``SwissRound``)."""
    codes = [_wind_code(row, total) for row, total in _wind_totals(problem)]
    if before_last(problem):
        codes = [
            code + _NEXT * _next_needs(row)
            for code, row in zip(codes, problem.winds, strict=True)
        ]
    return codes


def _seat_value(digits: int) -> int:
    """A table seating's cost from the sum of its players' code digits."""
    return WIND * (digits // 16) + SOFT * (digits % 16)


def before_last(problem: Problem) -> bool:
    """Whether the round is the one before the last, seated round by round."""
    return problem.rounds == 1 and problem.later_rounds == 1 and not _in_blocks(problem)


def _next_needs(row: list[int]) -> int:
    """For each wind w a player with wind counts ``row`` may sit now (4 bits
    at 4 w), the winds of the last round that then leave their winds within
    one at the end (the round after this one): ``last_needs``."""
    total = sum(row) + 2
    value = 0
    for w in range(4):
        after = [c + (v == w) for v, c in enumerate(row)]
        value |= last_needs(after, total) << 4 * w
    return value


def last_needs(counts: list[int], total: int) -> int:
    """The winds (bit w for wind w) after which counts ``counts`` end within
    one of each other at ``total`` rounds, the next round being the last."""
    return sum(
        1 << v
        for v in range(4)
        if _completable([c + (u == v) for u, c in enumerate(counts)], total)
    )


@cache
def matchable(masks: tuple[int, ...]) -> bool:
    """True when each mask can take a different wind among its bits."""
    return any(
        all(mask >> w & 1 for w, mask in zip(perm, masks, strict=False))
        for perm in permutations(range(4), len(masks))
    )


def _decode(code: int) -> tuple[int, int, int, int]:
    return (code % 64, code // 64 % 64, code // 4096 % 64, code // 262144 % 64)


def _best_move(state: SwissRound, t: int) -> tuple[int, int, int, int] | None:
    """The best improving swap of table t: (delta, other table, seat in t,
    seat in it), or None. An ordinary table looks ``_WINDOW`` tables each
    side; a costly one (a repeat, club-mates or a wind for good) looks twice
    as far each time it finds nothing, up to every table. Nearest first: at
    800 tables the best swap over the whole round mended two tables' winds at
    once with a table a hundred ranks away, and a round of such swaps ended
    at a mean spread of 168."""
    count = len(state.tables)
    costly = state.costs[t] >= WIND
    best: tuple[int, int, int, int] | None = None
    low = high = t
    width = _WINDOW
    while True:
        new_low, new_high = max(0, t - width), min(count - 1, t + width)
        for u in (*range(new_low, low), *range(high + 1, new_high + 1)):
            move = state.best_swap(t, u)
            if move is not None and (best is None or move[0] < best[0]):
                best = (move[0], u, move[1], move[2])
        low, high = new_low, new_high
        if best is not None or not costly or (low == 0 and high == count - 1):
            return best
        width *= 2


def descend(state: SwissRound, dirty: set[int], limit: int) -> None:
    """Apply best swaps from the dirty tables until none improves (or the
    evaluation count reaches ``limit``)."""
    while dirty and state.evaluations < limit:
        t = min(dirty)
        dirty.discard(t)
        best = _best_move(state, t)
        if best is not None:
            _, u, i, j = best
            state.swap(t, i, u, j)
            dirty.update((t, u))


def round_steps(players: int) -> int:
    """Swap evaluations of a round's iterated search: sized by the field."""
    return max(STEPS, STEPS_PER_PLAYER * players)


def greedy(problem: Problem, tables: list[list[int]]) -> SwissRound:
    """The round after greedy swaps: steepest descent from every table until
    no swap with a nearby table (a costly one looks further) improves, or
    ``DESCENT_PER_PLAYER`` evaluations a player."""
    state = SwissRound(problem, tables)
    cap = DESCENT_PER_PLAYER * max(problem.n, STEPS // STEPS_PER_PLAYER)
    descend(state, set(range(len(state.tables))), cap)
    return state


def improve(
    problem: Problem,
    tables: list[list[int]],
    budget: Budget,
    rng: random.Random,
    steps: int | None = None,
) -> list[list[int]]:
    """The round after an iterated local search from ``tables`` (table order
    kept: callers sort by rank afterwards). Tables should come roughly in rank
    order: ordinary swaps only look a few tables away."""
    return search(greedy(problem, tables), budget, rng, steps)


def search(
    state: SwissRound, budget: Budget, rng: random.Random, steps: int | None = None
) -> list[list[int]]:
    """Iterated local search from a descended round, until ``steps``
    evaluations counted from the start of its descent (by default
    ``round_steps`` of the field, and at least ``STEPS_PER_PLAYER`` a player
    beyond a long descent); the clock only a safety net. The round it
    returns costs no more than ``state`` did."""
    if steps is None:
        n = state.problem.n
        steps = max(round_steps(n), state.evaluations + STEPS_PER_PLAYER * n)
    count = len(state.tables)
    if count < 2:
        return state.tables
    best_total, kicks = state.total(), 0
    while state.evaluations < steps:
        kicks += 1
        if kicks % 16 == 0 and budget.expired():
            break
        state.journal = {}
        descend(state, _perturb(state, rng), steps)
        total = state.total()
        if total <= best_total:
            best_total = total
            continue
        for t, (table, cost) in state.journal.items():
            state.tables[t], state.costs[t] = table, cost
        state.evaluations += 16
    state.journal = {}
    return state.tables


def _perturb(state: SwissRound, rng: random.Random) -> set[int]:
    """Two random swaps around a random table; returns the tables touched."""
    count = len(state.tables)
    touched: set[int] = set()
    t = rng.randrange(count)
    for _ in range(2):
        u = min(count - 1, max(0, t + rng.choice((-2, -1, 1, 2))))
        i, j = rng.randrange(4), rng.randrange(4)
        if u == t or state.pinned[state.tables[t][i]]:
            continue
        if state.pinned[state.tables[u][j]]:
            continue
        state.swap(t, i, u, j)
        touched.update((t, u))
        t = u
    return touched
