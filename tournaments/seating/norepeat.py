"""Mode "no-repeat": plan all remaining rounds so that no pair meets twice.

Start from the better of two plans: the known repeat-free design for this
many players, its rounds cycled when more rounds are needed (a design covering
every pair then gives the proven optimum) and its points given to players by
the relabelling search (clubs, history); or the design's rounds followed by
greedy rounds. Then simulated annealing swaps two players of one round, always
moving a player who sits in a costly seat, until the cost reaches a lower
bound, the search stalls or the time budget runs out; the best plan seen is
returned, unless a pair meets three times in it: then a second pass looks
for a plan where fewer do (``_fewer_triples``).
"""

from __future__ import annotations

import random
from math import exp

from .budget import Budget
from .designs import design_round, design_size
from .pins import place_pins
from .plan_state import CLUB, CONSECUTIVE, REPEAT, PlanState, pair_cost
from .problem import Problem, meetings_after
from .relabel import relabel

#: Work allowed to relabelling the design: steps times players (a step is O(n)).
_RELABEL_WORK = 400_000


def search_plan(
    problem: Problem, budget: Budget, *, stall_stop: int | None = None
) -> list[list[list[int]]]:
    """Tables of player indices for each planned round, pins honoured.

    ``stall_stop`` shortens the search (steps after the last improvement)
    for callers that run it several times within one time limit."""
    state = min(
        (PlanState(problem, plan) for plan in _starts(problem, budget)),
        key=lambda s: s.cost(),
    )
    if problem.tables < 2:
        return state.snapshot()
    plan = anneal(state, problem, budget, lower_bound(problem), stall_stop)
    state = PlanState(problem, plan)
    if not state.beyond_two():
        return plan
    return _fewer_triples(problem, state, budget)


def _fewer_triples(
    problem: Problem, state: PlanState, budget: Budget
) -> list[list[list[int]]]:
    """The plan with the fewest meetings beyond a pair's second of two passes.

    The annealing weighs a third meeting against the repeats it would take to
    avoid, so it can end with pairs meeting three times where every pair
    could meet at most twice (8 players in 4 rounds: the even-weight code;
    48 in 27: the design's rounds cycled). Greedy swaps (``_break_triples``)
    mend some. Otherwise a second search weighs each meeting beyond two above
    anything a swap can change: from the best of this plan and the first
    pass's starts, a cooling walk (``_cool``) when that start still has one,
    then the annealing, which at its temperatures never takes one back.
    Ties go to the first plan; both passes end on step counts.
    """
    _break_triples(state)
    first = state.snapshot()
    if not state.beyond_two():
        return first
    # A PlanState swaps in the lists it is given: the second pass gets a copy.
    hard = min(
        (
            PlanState(problem, plan, _HARD_EXCESS)
            for plan in (state.snapshot(), *_starts(problem, budget))
        ),
        key=PlanState.cost,
    )
    if hard.beyond_two():
        hard = PlanState(problem, _cool(hard, problem, budget), _HARD_EXCESS)
    second = anneal(
        hard, problem, budget, lower_bound(problem), _SECOND_STEPS, _SECOND_STEPS
    )
    judged = PlanState(problem, second)
    if (judged.beyond_two(), judged.cost()) < (state.beyond_two(), state.cost()):
        return second
    return first


def _cool(state: PlanState, problem: Problem, budget: Budget) -> list[list[list[int]]]:
    """Random swaps of movable players, kept with probability
    exp(-delta / temperature) as the temperature cools from about a meeting
    beyond two's weight (they come and go) to a fifth of it; the best plan
    seen. The annealing's costly-seat moves cannot leave a plateau of third
    meetings (12 players in 6 rounds); random ones at this heat can."""
    rng, rounds = problem.rng, len(state.tables)
    movable = [p for p in range(problem.n) if problem.pin[p] < 0]
    if len(movable) < 2:  # everyone pinned: nothing to swap
        return state.snapshot()
    cost = state.cost()
    best_cost, best, at_best = cost, state.snapshot(), True
    for it in range(_COOL_STEPS):
        if it % 32 == 0 and budget.expired():
            break
        temperature = _COOL_T0 * (_COOL_T1 / _COOL_T0) ** (it / _COOL_STEPS)
        r = rng.randrange(rounds)
        a = movable[rng.randrange(len(movable))]
        b = movable[rng.randrange(len(movable))]
        if state.where[r][a] == state.where[r][b]:
            continue
        d = state.delta(r, a, b)
        if d > 0 and rng.random() >= exp(-d / temperature):
            continue
        if d > 0 and at_best:
            best = state.snapshot()
        state.swap(r, a, b)
        cost += d
        at_best = cost <= best_cost
        best_cost = min(best_cost, cost)
    return state.snapshot() if at_best else best


#: The second pass's weight for each meeting beyond a pair's second: more than
#: a swap can change otherwise (it moves twelve pairs' repeats, clubs and
#: neighbours), so that pass never trades one for fewer repeats.
_HARD_EXCESS = 100 * REPEAT
#: 12 players in 6 rounds, 96 seeds: from 0.6 to 0.2 of that weight in
#: 200,000 steps (0.5 s) left no pair meeting three times; cooling to a
#: repeat's cost left one for 1 seed in 16, twice the steps for none.
_COOL_T0 = 0.6 * _HARD_EXCESS
_COOL_T1 = 0.2 * _HARD_EXCESS
_COOL_STEPS = 200_000
#: The second pass's annealing only lowers the repeats among plans with no
#: more meetings beyond two; 15,000 steps keep 68 players in 40 rounds (the
#: slowest beyond the bound) near 2.5 s in all.
_SECOND_STEPS = 15_000


def _beyond_two(state: PlanState, r: int, a: int, b: int) -> int:
    """Change in meetings beyond a pair's second if a and b (round r,
    different tables) swap."""
    where, cnt, change = state.where[r], state.cnt, 0
    for mover, other in ((a, b), (b, a)):
        for x in state.tables[r][where[mover]]:
            if x != mover:
                change -= cnt[mover][x] > 2
                change += cnt[other][x] + 1 > 2
    return change


def _break_triples(state: PlanState) -> None:
    """Swaps that leave fewer pair meetings beyond the second, whatever they
    cost otherwise: the annealing weighs a third meeting against the cheaper
    repeats it would take to avoid, and may end (by its step count) with a
    pair meeting three times where every pair could have met at most twice.
    Each swap lowers that count, so there are at most as many as meetings."""
    pin, n = state.problem.pin, state.problem.n
    improved = True
    while improved:
        improved = False
        for r, round_ in enumerate(state.tables):
            for table in round_:
                for a in list(table):
                    if pin[a] >= 0 or not any(state.cnt[a][x] > 2 for x in table):
                        continue
                    moves = [
                        (_beyond_two(state, r, a, b), state.delta(r, a, b), b)
                        for b in range(n)
                        if pin[b] < 0 and state.where[r][b] != state.where[r][a]
                    ]
                    best = min(moves, default=None)
                    if best is not None and best[0] < 0:
                        state.swap(r, a, best[2])
                        improved = True


def _starts(problem: Problem, budget: Budget) -> list[list[list[list[int]]]]:
    n, m = problem.n, problem.rounds
    size = design_size(n)
    design = [design_round(n, r) for r in range(min(m, size))]
    cycled = [[list(t) for t in design[r % size]] for r in range(m)]
    cycled = relabel(problem, cycled, budget, _RELABEL_WORK // problem.n)
    greedy = [[list(t) for t in round_] for round_ in design[:m]]
    starts = [cycled]
    if size < m:
        starts.append(greedy)
    pins = {p: t for p, t in enumerate(problem.pin) if t >= 0}
    for plan in starts:
        for r in range(len(plan)):
            plan[r] = place_pins(plan[r], pins)
    if size < m:
        while len(greedy) < m:
            greedy.append(_greedy_round(problem, greedy))
    return starts


def _greedy_round(problem: Problem, plan: list[list[list[int]]]) -> list[list[int]]:
    """One more round: each player takes the cheapest open table, pinned first."""
    meet = meetings_after(problem.meet, plan)
    rng, tables = problem.rng, problem.tables
    order = list(range(problem.n))
    rng.shuffle(order)
    order.sort(key=lambda p: problem.pin[p] < 0)
    seats: list[list[int]] = [[] for _ in range(tables)]
    for p in order:
        if problem.pin[p] >= 0:
            seats[problem.pin[p]].append(p)
            continue
        start = rng.randrange(tables)
        best, best_cost = -1, -1
        for i in range(tables):
            t = (start + i) % tables
            if len(seats[t]) == 4:
                continue
            cost = sum(
                pair_cost(meet[p][q] + 1)
                - pair_cost(meet[p][q])
                + CLUB * (problem.club[p] == problem.club[q])
                for q in seats[t]
            )
            if best < 0 or cost < best_cost:
                best, best_cost = t, cost
                if cost == 0:
                    break
        seats[best].append(p)
    return seats


def lower_bound(problem: Problem) -> int:
    """Least possible cost: the plan's pair meetings go to the cheapest pairs.

    Pair costs are convex, so taking the cheapest marginal costs over all pairs
    bounds any plan from below (ignoring tables, clubs and round order).
    """
    n, m = problem.n, problem.rounds
    by_history: dict[int, int] = {0: n * (n - 1) // 2}
    for p, row in enumerate(problem.meet):
        if not any(row):  # in C: players without history cost nothing here
            continue
        for q in range(p + 1, n):
            k = row[q]
            if k:
                by_history[k] = by_history.get(k, 0) + 1
                by_history[0] -= 1
    marginals: dict[int, int] = {}
    for k, pairs in by_history.items():
        for j in range(m):
            value = pair_cost(k + j + 1) - pair_cost(k + j)
            marginals[value] = marginals.get(value, 0) + pairs
    needed, total = m * problem.tables * 6, 0
    for value in sorted(marginals):
        take = min(needed, marginals[value])
        total += take * value
        needed -= take
    return total


def anneal(
    state: PlanState,
    problem: Problem,
    budget: Budget,
    bound: int,
    stall_stop: int | None = None,
    max_steps: int | None = None,
) -> list[list[list[int]]]:
    """Simulated annealing on swaps that move a player out of a costly seat.

    Each step draws a costly (round, player) and the best of a few random
    partners in that round; a worse plan is kept with probability
    exp(-delta / temperature). The temperature is reheated when the search
    stalls, and the search ends _STALL_STOP steps after its last improvement,
    or after ``max_steps`` in all when small improvements keep coming:
    step counts, not a time, so the same seed gives the same plan on any
    machine fast enough to get there within the time limit (the limit is the
    safety net). Returns the best plan seen.
    """
    # The costly seats are listed again every `refresh` steps and whenever
    # the drawn seat is no longer costly. The list is a pass over the whole
    # plan: refreshed every rounds * n / 64 steps it took half the time.
    rng, refresh = problem.rng, max(8, problem.rounds * problem.n // 16)
    movable = [p for p in range(problem.n) if problem.pin[p] < 0]
    cost = state.cost()
    best_cost, best, at_best = cost, state.snapshot(), True
    conflicts = state.conflicts()
    temperature, stall, it, last_best = _T0, 0, 0, 0
    stall_stop = _STALL_STOP if stall_stop is None else stall_stop
    max_steps = max_anneal_steps(problem) if max_steps is None else max_steps
    while (
        conflicts
        and best_cost > bound
        and it - last_best < stall_stop
        and it < max_steps
    ):
        it += 1
        if it % 32 == 0:
            if budget.expired():
                break
            temperature = max(_T_MIN, temperature * _COOLING)
        if stall > _STALL:  # reheat
            temperature, stall = _T0, 0
        r, a = conflicts[rng.randrange(len(conflicts))]
        if it % refresh == 0 or not state.conflicted(r, a):
            conflicts = state.conflicts()
            continue
        move = _pick(state, r, a, movable, rng)
        if move is None or (
            move[1] > 0 and rng.random() >= exp(-move[1] / temperature)
        ):
            stall += 1
            continue
        b, d = move
        if d > 0 and at_best:
            best = state.snapshot()
        state.swap(r, a, b)
        cost += d
        at_best = cost <= best_cost
        stall, last_best = (0, it) if cost < best_cost else (stall + 1, last_best)
        best_cost = min(best_cost, cost)
    return state.snapshot() if at_best else best


_T0 = 35.0
_T_MIN = 15.0
_COOLING = 0.999
_STALL = 20_000
#: About 0.8 s of steps on the benchmark machine (60,000 steps a second), so
#: the hardest case of the benchmark (20 players, 10 rounds) ends by step
#: count in about 1.4 s, far from the 5 s limit: the same seed then gives the
#: same plan on a loaded machine too. Twice as many steps gained nothing but
#: two fewer repeats in consecutive rounds there.
_STALL_STOP = 50_000
#: 92 players at the bound (30 rounds, before their design was shipped) kept
#: improving by a repeat now and then and ran into the 5 s clock; 60,000
#: steps ended it in 1.7 s on the benchmark machine (35,000 steps a second at
#: that size) with 93-97 repeats (95 when the clock stopped it), and leave the
#: small hard cases (20 and 24 players, 6-10 rounds) as they were: they end
#: on _STALL_STOP.
_MAX_STEPS = 60_000
#: Larger events get this many steps per player and planned round, so that
#: every costly seat (club-mates above all: one seat in a hundred at 3,200
#: players in clubs of up to 80) is reached whatever the size.
_STEPS_PER_SEAT = 4
_TRIES = 6


def max_anneal_steps(problem: Problem) -> int:
    """The annealing's total step count, sized by the event."""
    return max(_MAX_STEPS, _STEPS_PER_SEAT * problem.n * problem.rounds)


def _pick(
    state: PlanState, r: int, a: int, movable: list[int], rng: random.Random
) -> tuple[int, int] | None:
    """Best of a few random partners for a in round r (another table); None
    when every movable player sits at a's table."""
    where = state.where[r]
    table = where[a]
    best_b, best_d = -1, 0
    for _ in range(_TRIES):
        b = movable[rng.randrange(len(movable))]
        if where[b] == table:
            continue
        d = state.delta(r, a, b)
        if best_b < 0 or d < best_d:
            best_b, best_d = b, d
    if best_b < 0:
        others = [b for b in movable if where[b] != table]
        if not others:
            return None
        best_b = others[rng.randrange(len(others))]
        best_d = state.delta(r, a, best_b)
    return best_b, best_d


__all__ = ["CLUB", "CONSECUTIVE", "anneal", "lower_bound", "search_plan"]
