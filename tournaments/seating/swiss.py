"""Mode "swiss": one round from the current ranking.

Players of close rank sit together (table 1 takes the four best, and so on)
unless a pair already met. Tables are first filled in rank order (each seat
by the best-ranked of the next few players who has met nobody at the table
and keeps the winds open; when the winds decide most seats, as in the last
round of an event of 4k rounds, by the merge of the queues of players
needing each wind), then an iterated local search (``swiss_search``)
lowers, in order, repeat meetings, club-mates, winds the rest of the event
could not even out, and the rank spread (highest minus lowest rank of a
table). When the baseline (four consecutive ranks a table, then greedy
swaps on the same cost) costs less, the search runs again from it, so a
round never costs more than the baseline, save where the look-ahead below
or ``swiss_block`` seats a round that keeps the later rounds open (issue 31:
at 3,200 players the search's fixed step count ended before its first
descent had reached most tables, and round 4 kept a mean spread of 55 where
rank-order tables with greedy swaps reach 5). When the search cannot remove
every repeat, the round is annealed as in "no-repeat", searched again and
kept if it costs no more.

One round at a time can also leave the later rounds no repeat-free seating: 16
players have essentially one way to play 5 rounds without a repeat. When the
tournament's rounds use more than half of each player's possible opponents,
the round is checked against the rest of the tournament: if its best
completion repeats more than a plan of every remaining round does (or as much,
with worse winds), the round of that plan that best fits the ranking and the
winds is seated instead. Small fields get both by an exact search (``exact``),
larger ones by the no-repeat search.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from itertools import permutations

from .budget import Budget
from .exact import complete
from .norepeat import anneal, lower_bound, search_plan
from .pins import place_pins
from .plan_state import PlanState
from .problem import Problem, meetings_after
from .swiss_search import (
    SwissRound,
    before_last,
    greedy,
    improve,
    matchable,
    open_winds,
    round_codes,
    round_steps,
    search,
    seatings,
)
from .types import Round

_PERMUTATIONS = tuple(permutations(range(4)))
#: How far down the ranking a seat may be filled to even out winds.
_LOOKAHEAD = 40
#: Steps without improvement that end a look-ahead search (about 0.15 s on
#: the benchmark machine): a step count, so the same seed gives the same
#: round on any machine fast enough to finish within the time limit.
_LOOK_STEPS = 10_000
#: Steps without improvement that end the annealing of a round whose
#: repeats the local search cannot remove (a few tenths of a second).
_ESCAPE_STEPS = 3_000
#: Fields small enough for the exact completion, and its step limit (about
#: 0.1 s when no completion exists).
_EXACT_PLAYERS = 24
_EXACT_STEPS = 20_000


def seat_swiss(problem: Problem, budget: Budget) -> list[list[int]]:
    """Tables of player indices for the round, pins honoured."""
    tables = _ranked_round(problem, budget)
    played = max(sum(row) for row in problem.winds)
    tight = 6 * (played + 1 + problem.later_rounds) > problem.n - 1
    if problem.later_rounds and tight and problem.n <= _EXACT_PLAYERS:
        tables = _keep_later_rounds_open(problem, tables, budget)
    return tables


def _ranked_round(problem: Problem, budget: Budget) -> list[list[int]]:
    """The round from the ranking alone (this round's repeats first)."""
    order = sorted(range(problem.n), key=lambda p: problem.rank[p])
    # Pinned players do not move in the search: start them at their own
    # tables (apart from players pinned elsewhere); the tables are renumbered
    # at the end.
    pins = {p: t for p, t in enumerate(problem.pin) if t >= 0}
    masks = open_winds(problem)
    if 2 * sum(m & (m - 1) == 0 for m in masks) >= problem.n:
        # The winds decide most seats (the last round of an event of 4k
        # rounds): start from the merge of the players needing each wind.
        start = _wind_merge(problem, order, masks)
    else:
        start = _rank_groups(problem, order)
    grouped = _by_rank(problem, place_pins(start, pins))
    tables = search(greedy(problem, grouped), budget, problem.rng)
    # When the baseline is cheaper, search again from it: a round never
    # ends worse than the baseline.
    base = greedy(problem, rank_order_tables(problem))
    if base.total() < _round_cost(problem, tables):
        tables = search(base, budget, problem.rng)
    if any(_costly(problem, table, a) for table in tables for a in table):
        escaped = _by_rank(problem, _escape(problem, tables, budget))
        escaped = improve(
            problem, escaped, budget, problem.rng, round_steps(problem.n) // 4
        )
        # The annealing ignores ranks: keep it only when the round costs no
        # more than before it.
        if _round_cost(problem, escaped) <= _round_cost(problem, tables):
            tables = escaped
    return _in_rank_order(problem, tables)


def leave_last_round_open(problem: Problem, round_: Round) -> Round:
    """The round's winds (seat orders from ``assign_winds``), each table
    re-seated where another order, as even for the winds, leaves its four
    players needing four different winds in the last round (the round
    before the last only; see ``swiss_search.LAST``)."""
    if not before_last(problem):
        return round_
    index = {p: i for i, p in enumerate(problem.ids)}
    codes = round_codes(problem)
    tables = []
    for table in round_:
        options = seatings([codes[index[p]] for p in table])
        best = min(range(len(options)), key=options.__getitem__)
        # The first option is the table's own order: keep it on a tie.
        winds = _PERMUTATIONS[best if options[best] < options[0] else 0]
        a, b, c, d = (table[winds.index(w)] for w in range(4))
        tables.append((a, b, c, d))
    return tuple(tables)


def rank_order_tables(problem: Problem) -> list[list[int]]:
    """The baseline's tables: four consecutive ranks each (table 1 the four
    best), pinned players moved to their table, in rank order."""
    order = sorted(range(problem.n), key=lambda p: problem.rank[p])
    pins = {p: t for p, t in enumerate(problem.pin) if t >= 0}
    tables = [order[i : i + 4] for i in range(0, problem.n, 4)]
    return _by_rank(problem, place_pins(tables, pins))


def baseline_round(problem: Problem) -> list[list[int]]:
    """The simple baseline every Swiss round must match or beat (issue 31):
    rank-order tables then greedy swaps on the Swiss cost (repeats, clubs,
    winds, spread), tables by best rank. The Swiss search runs from it too
    when it costs less than the search's own round."""
    tables = greedy(problem, rank_order_tables(problem)).tables
    return _in_rank_order(problem, tables)


def _by_rank(problem: Problem, tables: list[list[int]]) -> list[list[int]]:
    """Tables sorted by their players' rank sum, as the local search wants."""
    return sorted(tables, key=lambda table: sum(problem.rank[p] for p in table))


def _in_rank_order(problem: Problem, tables: list[list[int]]) -> list[list[int]]:
    """Table 1 hosts the best-ranked player, table 2 the best of the rest and
    so on, pinned players at their table."""
    tables = sorted(tables, key=lambda table: min(problem.rank[p] for p in table))
    return place_pins(tables, {p: t for p, t in enumerate(problem.pin) if t >= 0})


def _keep_later_rounds_open(
    problem: Problem, tables: list[list[int]], budget: Budget
) -> list[list[int]]:
    """The ranked round, or the round of a plan of every remaining round that
    fits the ranking and the winds best, when that plan repeats less than the
    ranked round with its best completion, or as little with better winds
    (each search gets a share of the time left)."""
    later = problem.later_rounds
    after = replace(
        problem,
        meet=meetings_after(problem.meet, [tables]),
        last=_positions(tables, problem.n),
        rounds=later,
        later_rounds=0,
    )
    completion = _completion(after, budget.share(1 / 3))
    ranked_repeats = _new_repeats(problem.meet, [tables]) + _new_repeats(
        after.meet, completion
    )
    if ranked_repeats == 0 and not any(wind_excess(problem, t) for t in tables):
        return tables
    whole = replace(problem, rounds=later + 1, later_rounds=0)
    plan = _completion(whole, budget.share(1 / 2))
    plan_repeats = _new_repeats(problem.meet, plan)
    best = min(plan, key=lambda round_: _round_cost(problem, round_))
    cost = _round_cost(problem, best)
    if plan_repeats > ranked_repeats or (
        plan_repeats == ranked_repeats and cost >= _round_cost(problem, tables)
    ):
        return tables
    # Mend the winds with swaps that keep the rest of the plan repeat-free:
    # its meetings count as already played.
    rest = [round_ for round_ in plan if round_ is not best]
    best = improve(
        replace(problem, meet=meetings_after(problem.meet, rest)),
        _by_rank(problem, best),
        budget,
        problem.rng,
    )
    return _in_rank_order(problem, best)


def _completion(problem: Problem, budget: Budget) -> list[list[list[int]]]:
    """The problem's rounds with as few repeats as found: exactly for a small
    field without pins when a repeat-free plan exists, else by the no-repeat
    search."""
    if problem.n <= _EXACT_PLAYERS and all(t < 0 for t in problem.pin):
        plan = complete(problem.meet, problem.rounds, _EXACT_STEPS)
        if plan is not None:
            return plan
    return search_plan(problem, budget, stall_stop=_LOOK_STEPS)


def _round_cost(problem: Problem, tables: list[list[int]]) -> int:
    return SwissRound(problem, tables).total()


def _new_repeats(meet: list[list[int]], rounds: list[list[list[int]]]) -> int:
    """Repeated meetings that ``rounds`` add to the counts ``meet``."""
    return (
        sum(
            max(0, after - 1) - max(0, before - 1)
            for row, new_row in zip(meet, meetings_after(meet, rounds), strict=True)
            for before, after in zip(row, new_row, strict=True)
        )
        // 2
    )


def _positions(tables: list[list[int]], n: int) -> list[int]:
    where = [-1] * n
    for t, table in enumerate(tables):
        for p in table:
            where[p] = t
    return where


def _rank_groups(problem: Problem, order: list[int]) -> list[list[int]]:
    """Tables of four in rank order, each seat taken by the best-ranked player
    among the next few who has met nobody at the table and still lets the
    table give everyone one of their least-played winds (failing that, one
    who keeps the winds, failing that the next in rank). In round 1 this is
    simply four consecutive ranks per table."""
    needs = []
    for row in problem.winds:
        low = min(row)
        needs.append({w for w in range(4) if row[w] == low})
    meet, left = problem.meet, list(order)
    tables: list[list[int]] = []
    while left:
        table: list[int] = []
        for _ in range(4):
            fits = [
                i
                for i, p in enumerate(left[:_LOOKAHEAD])
                if _distinct_winds([needs[q] for q in (*table, p)])
            ]
            fresh = (i for i in fits if not any(meet[left[i]][q] for q in table))
            table.append(left.pop(next(fresh, fits[0] if fits else 0)))
        tables.append(table)
    return tables


def _wind_merge(
    problem: Problem, order: list[int], masks: list[int]
) -> list[list[int]]:
    """Tables in rank order, each seat taken by the best-ranked player whose
    open winds (``masks``) still let every player of the table sit at one of
    theirs. When each player has one wind left, table k takes the k-th player
    of each wind's queue in rank order, the tightest tables those winds allow
    (issue 31: the last round of 8; filling seats from a window of
    ``_LOOKAHEAD`` ranks, then mending, left a mean spread of 97 at 1,600
    players where this start, mended, gives 75)."""
    queues: dict[int, deque[int]] = {}
    for p in order:
        queues.setdefault(masks[p], deque()).append(p)
    rank = problem.rank
    tables: list[list[int]] = []
    for _ in range(problem.n // 4):
        table: list[int] = []
        held: tuple[int, ...] = ()
        for _ in range(4):
            heads = [(rank[q[0]], m) for m, q in queues.items() if q]
            fits = [head for head in heads if matchable((*held, head[1]))]
            _, mask = min(fits or heads)
            table.append(queues[mask].popleft())
            held = (*held, mask)
        tables.append(table)
    return tables


def _distinct_winds(needs: list[set[int]]) -> bool:
    """True when each player can take a different wind from their set."""
    return any(
        all(w in need for w, need in zip(perm, needs, strict=False))
        for perm in permutations(range(4), len(needs))
    )


def wind_excess(problem: Problem, table: list[int]) -> int:
    """Least total, over seatings of the table, of how far above their
    least-played wind count the players sit."""
    r0, r1, r2, r3 = (problem.winds[p] for p in table)
    best = min(r0[a] + r1[b] + r2[c] + r3[d] for a, b, c, d in _PERMUTATIONS)
    return best - min(r0) - min(r1) - min(r2) - min(r3)


def _escape(
    problem: Problem, tables: list[list[int]], budget: Budget
) -> list[list[int]]:
    """When nearby swaps cannot avoid every repeat, anneal the round as in
    the no-repeat mode (ranks ignored) for up to half the time left."""
    sub = budget.share(1 / 2)
    if sub.expired():  # no time left: counted as a stop by the clock
        return tables
    state = PlanState(problem, [[list(table) for table in tables]])
    return anneal(state, problem, sub, lower_bound(problem), _ESCAPE_STEPS)[0]


def _costly(problem: Problem, table: list[int], a: int) -> bool:
    meet, club = problem.meet, problem.club
    return any(q != a and (meet[a][q] or club[a] == club[q]) for q in table)
