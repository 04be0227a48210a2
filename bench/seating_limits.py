"""Seating engines at the limit (issue 17): Swiss rank spread, winds after
withdrawals and with pins, no-repeat at the bound, no pair three times beyond
it where twice is possible, growth above 400 players.

    .venv/bin/python bench/seating_limits.py            # everything
    .venv/bin/python bench/seating_limits.py swiss      # one part (swiss,
        swiss-end, replan, bound, twice, growth)
    .venv/bin/python bench/seating_limits.py swiss --only 32x8   # one case

*Mean spread*: over every table of every round, the highest minus the lowest
rank (0 = first) of its four players in the ranking the round was seated
from. Two simulated rankings, both seeded: "results" (table points 4/2/1/0
from hidden strengths plus noise, ranking by total points, ties by id; as in
bench/seating.py) and "random" (a fresh random order each round). Prints
markdown on stdout.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.seating import Round, SeatingRequest, plan_seating, plan_stats
from tournaments.seating.designs import design_size
from tournaments.seating.stats import pair_counts, wind_counts

SWISS_CASES = ((48, 6, 9.0), (200, 10, 8.5), (32, 8, 14.0))
SEEDS = (400, 401, 402, 403, 404)


@dataclass
class Event:
    spread: float
    repeats: int
    max_meetings: int
    wind: int
    uneven_players: int
    slowest_s: float
    clock_stopped: bool


def _uneven(rounds: Sequence[Round]) -> int:
    return sum(max(c) - min(c) > 1 for c in wind_counts(rounds).values())


def swiss_event(
    n: int,
    rounds: int,
    seed: int,
    ranking: str,
    on_round: Callable[[int, tuple[Round, ...]], None] | None = None,
) -> Event:
    """A whole Swiss event of n players (see the module docstring);
    ``on_round(number, history)`` is called before each round is seated and
    once more (number ``rounds + 1``) after the last one."""
    rng = random.Random(seed)
    ids = tuple(range(1, n + 1))
    strength = {p: rng.random() for p in ids}
    points = dict.fromkeys(ids, 0)
    history: tuple[Round, ...] = ()
    spreads: list[int] = []
    slowest, stopped = 0.0, False
    for number in range(1, rounds + 1):
        if ranking == "results":
            order = sorted(ids, key=lambda p: (-points[p], p))
        else:
            order = list(ids)
            rng.shuffle(order)
        if on_round is not None:
            on_round(number, history)
        request = SeatingRequest(
            mode="swiss",
            players=ids,
            history=history,
            round_index=number,
            rounds_total=rounds,
            ranking=tuple(order),
            time_limit_s=2.0,
            seed=seed * 100 + number,
        )
        start = time.monotonic()
        plan = plan_seating(request, clock=time.monotonic)
        slowest = max(slowest, time.monotonic() - start)
        stopped |= plan.clock_stopped
        place = {p: i for i, p in enumerate(order)}
        for table in plan.rounds[0]:
            ranks = [place[p] for p in table]
            spreads.append(max(ranks) - min(ranks))
            finish = sorted(table, key=lambda p: -(strength[p] + rng.random()))
            for rank, player in enumerate(finish):
                points[player] += (4, 2, 1, 0)[rank]
        history = (*history, *plan.rounds)
    if on_round is not None:
        on_round(rounds + 1, history)
    stats = plan_stats(history)
    return Event(
        spread=sum(spreads) / len(spreads),
        repeats=stats.repeated_pairs,
        max_meetings=stats.max_meetings,
        wind=stats.wind_imbalance,
        uneven_players=_uneven(history),
        slowest_s=slowest,
        clock_stopped=stopped,
    )


def swiss_spread(only: str | None = None) -> None:
    """Every Swiss case (or only the one named ``NxR``), then 400 x 8 for the
    time of a round (skipped with ``only``)."""
    print("\n### Swiss: mean rank spread (five seeds each)\n")
    print(
        "| N | R | ranking | target | mean spread (mean of seeds) | per seed "
        "| repeats | max meet | wind | players > 1 per seed | slowest round s "
        "| clock stopped |"
    )
    print("|" + "---|" * 12)
    for n, rounds, target in SWISS_CASES:
        if only is not None and only != f"{n}x{rounds}":
            continue
        for ranking in ("results", "random"):
            events = [swiss_event(n, rounds, seed, ranking) for seed in SEEDS]
            mean = sum(e.spread for e in events) / len(events)
            print(
                f"| {n} | {rounds} | {ranking} | <= {target} | {mean:.2f} "
                f"| {', '.join(f'{e.spread:.1f}' for e in events)} "
                f"| {', '.join(str(e.repeats) for e in events)} "
                f"| {max(e.max_meetings for e in events)} "
                f"| {max(e.wind for e in events)} "
                f"| {', '.join(str(e.uneven_players) for e in events)} "
                f"| {max(e.slowest_s for e in events):.2f} "
                f"| {sum(e.clock_stopped for e in events)} |",
                flush=True,
            )
    if only is not None:
        return
    event = swiss_event(400, 8, 400, "results")
    print(
        f"\n400 players x 8 rounds (results ranking, seed 400): slowest round "
        f"{event.slowest_s:.2f} s, mean spread {event.spread:.2f}, repeats "
        f"{event.repeats}, wind {event.wind}, clock stopped {event.clock_stopped}"
    )


def _even_round_exists(
    players: Sequence[int], history: Sequence[Round], *, winds: bool
) -> bool | None:
    """Whether some round seats ``players`` with no pair that met in
    ``history`` (and, with ``winds``, every player at a wind that leaves them
    within one of each): a depth-first search over tables; None when it
    tried 2,000,000 tables without an answer."""
    met = pair_counts(history)
    counts = wind_counts(history)
    allowed = {}
    for p in players:
        row = counts.get(p, [0, 0, 0, 0])
        allowed[p] = {
            w
            for w in range(4)
            if not winds
            or max(c + (v == w) for v, c in enumerate(row))
            - min(c + (v == w) for v, c in enumerate(row))
            <= 1
        }
    steps = [0]

    def fresh(a: int, b: int) -> bool:
        return not met.get((min(a, b), max(a, b)))

    def fits(table: tuple[int, ...]) -> bool:
        return any(
            all(w in allowed[p] for p, w in zip(table, order, strict=True))
            for order in _WIND_ORDERS
        )

    def seat(left: list[int]) -> bool:
        if not left:
            return True
        p, rest = left[0], left[1:]
        mates = [q for q in rest if fresh(p, q)]
        for a, b, c in combinations(mates, 3):
            steps[0] += 1
            if steps[0] > 2_000_000:
                raise TimeoutError
            table = (p, a, b, c)
            if (
                fresh(a, b)
                and fresh(a, c)
                and fresh(b, c)
                and fits(table)
                and seat([q for q in rest if q not in table])
            ):
                return True
        return False

    try:
        return seat(list(players))
    except TimeoutError:
        return None


_WIND_ORDERS = tuple(
    (a, b, c, d)
    for a in range(4)
    for b in range(4)
    for c in range(4)
    for d in range(4)
    if len({a, b, c, d}) == 4
)


def swiss_end() -> None:
    """32 x 8: where the repeats and the uneven winds come from. Per round,
    the repeated meetings it adds and the players who can no longer end the
    event with every wind within one; before rounds 6-8, whether any round
    at all (not only one of near ranks) would avoid every repeat, and every
    repeat and uneven wind, after the rounds played so far."""
    n, rounds = 32, 8
    print("\n### Swiss 32 x 8: the end of the event\n")
    print(
        "| ranking | seed | new repeats, rounds 1-8 "
        "| players past winds <= 1, after rounds 1-8 "
        "| a repeat-free round exists before round 6 / 7 / 8 "
        "| and with winds within one |"
    )
    print("|---|---|---|---|---|---|")
    players = tuple(range(1, n + 1))
    for ranking in ("results", "random"):
        for seed in SEEDS:
            seen: list[tuple[Round, ...]] = []
            swiss_event(n, rounds, seed, ranking, on_round=_collect(seen))
            repeats = [
                plan_stats(after).repeated_pairs - plan_stats(before).repeated_pairs
                for before, after in pairwise(seen)
            ]
            lost = [_past_even(after, rounds) for after in seen[1:]]
            answers = [
                [
                    _yes_no(_even_round_exists(players, seen[k - 1], winds=winds))
                    for k in range(rounds - 2, rounds + 1)
                ]
                for winds in (False, True)
            ]
            print(
                f"| {ranking} | {seed} | {' '.join(map(str, repeats))} "
                f"| {' '.join(map(str, lost))} | {' / '.join(answers[0])} "
                f"| {' / '.join(answers[1])} |",
                flush=True,
            )


def _collect(
    seen: list[tuple[Round, ...]],
) -> Callable[[int, tuple[Round, ...]], None]:
    return lambda _, history: seen.append(history)


def _yes_no(answer: bool | None) -> str:
    return "?" if answer is None else ("yes" if answer else "no")


def _past_even(history: Sequence[Round], rounds: int) -> int:
    """Players whose wind counts can no longer end ``rounds`` rounds with
    every wind within one of the others."""
    high = -(-rounds // 4)
    past = 0
    for row in wind_counts(history).values():
        over = max(row) > high
        crowded = rounds % 4 and sum(c == high for c in row) > rounds % 4
        past += bool(over or crowded)
    return past


def _plan(request: SeatingRequest) -> tuple[tuple[Round, ...], float, bool]:
    start = time.monotonic()
    plan = plan_seating(request, clock=time.monotonic)
    return plan.rounds, time.monotonic() - start, plan.clock_stopped


def replan() -> None:
    """A withdrawal with a substitute, and pinned players (issue 17, item 3)."""
    print("\n### Winds after a withdrawal, pins\n")
    print("| case | seed | repeats | max meet | wind | players > 1 | s |")
    print("|---|---|---|---|---|---|---|")
    for seed in range(5):
        players = tuple(range(1, 37))
        history = _plan(_no_repeat(players, 8, seed))[0][:3]
        out = random.Random(seed).choice(players)
        rest = (*(p for p in players if p != out), 99)
        request = _no_repeat(rest, 8, seed, history=history, round_index=4)
        rounds, seconds, _ = _plan(request)
        _row("36 x 8, substitute after round 3", seed, (*history, *rounds), seconds)
    for seed in range(5):
        for label, pins in (
            ("20 x 6, no pins", {}),
            ("20 x 6, one pinned player a table", {p: p for p in range(1, 6)}),
        ):
            request = _no_repeat(tuple(range(1, 21)), 6, seed, pins=pins)
            rounds, seconds, _ = _plan(request)
            _row(label, seed, rounds, seconds)


def _no_repeat(
    players: tuple[int, ...],
    total: int,
    seed: int,
    *,
    history: tuple[Round, ...] = (),
    round_index: int = 1,
    pins: dict[int, int] | None = None,
) -> SeatingRequest:
    """A no-repeat request for every round from ``round_index`` to ``total``."""
    return SeatingRequest(
        mode="no-repeat",
        players=players,
        history=history,
        round_index=round_index,
        rounds_total=total,
        rounds_to_plan=total - round_index + 1,
        pins=pins or {},
        seed=seed,
    )


def _row(label: str, seed: int, rounds: Sequence[Round], seconds: float) -> None:
    stats = plan_stats(rounds)
    print(
        f"| {label} | {seed} | {stats.repeated_pairs} | {stats.max_meetings} "
        f"| {stats.wind_imbalance} | {_uneven(rounds)} | {seconds:.2f} |",
        flush=True,
    )


def bound() -> None:
    """Every field size up to 100 at the repeat-free bound floor((N - 1) / 3)
    (5 for 20 players; 1 for 8 and 12), and, when the clock did not stop the
    search, the same request again on a clock that stands still (steps
    only): the same plan means a slow machine gives it too."""
    print("\n### No-repeat at the bound (N <= 100)\n")
    print(
        "| N | bound | design rounds | repeats | max meet | wind | s "
        "| clock stopped | same plan, still clock | met |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    met: list[int] = []
    for n in range(8, 101, 4):
        rounds = {8: 1, 12: 1, 20: 5}.get(n, (n - 1) // 3)
        request = _no_repeat(tuple(range(1, n + 1)), rounds, n)
        plan, seconds, stopped = _plan(request)
        still = None if stopped else plan_seating(request, clock=lambda: 0.0)
        same = "-" if still is None else still.rounds == plan
        stats = plan_stats(plan)
        ok = stats.repeated_pairs == 0 and same is True
        met += [n] if ok else []
        print(
            f"| {n} | {rounds} | {design_size(n)} "
            f"| {stats.repeated_pairs} | {stats.max_meetings} "
            f"| {stats.wind_imbalance} | {seconds:.2f} | {stopped} | {same} "
            f"| {'yes' if ok else 'no'} |",
            flush=True,
        )
    missing = [n for n in range(8, 101, 4) if n not in met]
    print(
        f"\nMet (0 repeats, same plan on a still clock): {len(met)} sizes; "
        f"not met: {', '.join(map(str, missing)) or 'none'}"
    )


#: Plans beyond the bound with no pair meeting three times, known outside the
#: design cycled (tests/unit/seating/test_limits.py holds both).
_TWICE_WITNESSES = {(8, 4): "even-weight code", (12, 6): "SAT"}


def twice() -> None:
    """Beyond the bound, up to floor(2 (N - 1) / 3) rounds (past it some
    pair must meet three times): which plans have a pair meeting three
    times, and whether two meetings are known to suffice there (the design's
    rounds cycled, up to twice its size, or a witness)."""
    print("\n### Beyond the bound: a pair three times (N <= 100)\n")
    print(
        "| N | rounds | pair 3+ times at | of which twice is known possible "
        "| slowest s |"
    )
    print("|---|---|---|---|---|")
    missed = 0
    for n in range(8, 101, 4):
        first, last = (n - 1) // 3 + 1, 2 * (n - 1) // 3
        three, known, slowest = [], [], 0.0
        for rounds in range(first, last + 1):
            plan, seconds, _ = _plan(_no_repeat(tuple(range(1, n + 1)), rounds, n))
            slowest = max(slowest, seconds)
            if plan_stats(plan).max_meetings > 2:
                three.append(rounds)
                if rounds <= 2 * design_size(n) or (n, rounds) in _TWICE_WITNESSES:
                    known.append(rounds)
        missed += len(known)
        print(
            f"| {n} | {first}-{last} | {', '.join(map(str, three)) or '-'} "
            f"| {', '.join(map(str, known)) or '-'} | {slowest:.2f} |",
            flush=True,
        )
    print(f"\nA pair three times where twice is known possible: {missed} plans")


def growth() -> None:
    """No-repeat plans of 8 rounds and one Swiss round, 400 to 3,200 players."""
    print("\n### Growth above 400 players\n")
    print("| N | no-repeat, 8 rounds: s | repeats | Swiss round 2: s | repeats |")
    print("|---|---|---|---|---|")
    for n in (400, 800, 1600, 3200):
        players = tuple(range(1, n + 1))
        rounds, seconds, _ = _plan(_no_repeat(players, 8, 0))
        ranking = list(players)
        random.Random(n).shuffle(ranking)
        swiss = SeatingRequest(
            mode="swiss",
            players=players,
            history=rounds[:1],
            round_index=2,
            rounds_total=8,
            ranking=tuple(ranking),
            time_limit_s=10.0,
        )
        swiss_rounds, swiss_s, _ = _plan(swiss)
        print(
            f"| {n} | {seconds:.2f} | {plan_stats(rounds).repeated_pairs} "
            f"| {swiss_s:.2f} "
            f"| {plan_stats((*rounds[:1], *swiss_rounds)).repeated_pairs} |",
            flush=True,
        )


PARTS: dict[str, Callable[[], None]] = {
    "swiss": swiss_spread,
    "swiss-end": swiss_end,
    "replan": replan,
    "bound": bound,
    "twice": twice,
    "growth": growth,
}


def main(args: Sequence[str] = ()) -> None:
    """Run the parts named in ``args`` (all by default); ``--only NxR``
    limits the ``swiss`` part to one case."""
    parts, only = list(args), None
    if "--only" in parts:
        at = parts.index("--only")
        only = parts[at + 1]
        del parts[at : at + 2]
    for name in parts or list(PARTS):
        if name == "swiss":
            swiss_spread(only)
        else:
            PARTS[name]()


if __name__ == "__main__":
    main(sys.argv[1:])
