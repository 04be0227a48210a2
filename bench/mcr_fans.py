"""Benchmark of the MCR fan calculator against pymahjonggb (C++).

    .venv/bin/python bench/mcr_fans.py [--hands 10000] [--seed 2026]
    .venv/bin/python bench/mcr_fans.py --write-hands /tmp/hands.jsonl
    .venv/bin/python -m scoring.engine.mcr < /tmp/hands.jsonl > /dev/null
    .venv/bin/python bench/mcr_fans.py --reference < /tmp/hands.jsonl > /dev/null
    .venv/bin/python bench/mcr_fans.py --memory 1000000
    MURAILLE_PURE_PYTHON=1 .venv/bin/python ...   # the Python sources, not the build

The first form times calls inside one process (below). The next three
compare whole processes: ``--write-hands`` writes the seeded hands as JSON
lines, then the command and ``--reference`` (the same line protocol, each
hand scored by pymahjonggb behind a Python adapter) answer them; time both
with ``/usr/bin/time -v`` or any process timer. ``--memory N`` scores N
fresh seeded hands in one process and prints the resident memory after
10,000, 100,000, 1,000,000... hands (the memo caches must stay bounded).

Scores a fixed seeded set of random winning hands of every shape
(``tests/differential/generate.py``) with ``answer`` (JSON object in, answer
out: parsing included), first with empty memo caches, then again with the
caches warm, and with pymahjonggb's ``MahjongFanCalculator`` on the same
hands (its arguments prepared outside the timing). Prints a markdown table:
hands per second, the slowest single hand and the ratio to pymahjonggb.
"Empty memo" empties the bounded memos; the suit tables are built at import
and stay. Targets (issue 17): as whole processes on the same hands, at most
1.25 times the pymahjonggb adapter's time; the slowest hand under 0.1 ms;
resident memory flat over 1,000,000 hands.

``make venv`` compiles the calculator with mypyc when it can
(``scripts/compile_fans.py``); the header line says which ran ("compiled" or
"python"). The reference adapter imports the calculator's fan table, so it
loads the same build.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine.mcr.fans import FANS, IMPLEMENTATION, answer
from scoring.engine.mcr.fans.calculator import MINIMUM, clear_memos
from tests.differential.generate import random_hands
from tests.differential.reference import FAN_NUMBER, reference_args


def _time(
    items: list[Any],
    call: Callable[[Any], object],
    runs: int = 1,
    reset: Callable[[], None] | None = None,
) -> tuple[float, float]:
    """Best total seconds over ``runs`` passes, and the slowest single call.

    The garbage collector is off while timing, as ``timeit`` does. A busy
    machine makes single calls look slow at random, so the 50 slowest
    items are timed again seven times each and the slowest of their best
    times is reported; ``reset`` (emptying the memo) runs before each of
    those calls so a first-pass hand is re-timed as a first pass.
    """
    clock = time.perf_counter
    best = float("inf")
    durations = [0.0] * len(items)
    gc.disable()
    try:
        for _ in range(runs):
            start = clock()
            for number, item in enumerate(items):
                before = clock()
                call(item)
                durations[number] = clock() - before
            best = min(best, clock() - start)
        slow = sorted(range(len(items)), key=durations.__getitem__)[-50:]
        slowest = max(_best_of(items[n], call, clock, reset) for n in slow)
    finally:
        gc.enable()
    return best, slowest


def _best_of(
    item: Any,
    call: Callable[[Any], object],
    clock: Callable[[], float],
    reset: Callable[[], None] | None,
) -> float:
    times = []
    for _ in range(7):
        if reset is not None:
            reset()
        before = clock()
        call(item)
        times.append(clock() - before)
    return min(times)


def _reference_call() -> Callable[[dict[str, Any]], object] | None:
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        return None

    def call(kwargs: dict[str, Any]) -> object:
        try:
            return MahjongFanCalculator(**kwargs)
        except TypeError:
            return None

    return call


def _clear_memo() -> None:
    clear_memos()


def reference_answer(line: str) -> dict[str, object]:
    """The command's answer for one JSON line, scored by pymahjonggb.

    The adapter does what a Python service would: read the JSON, convert the
    tiles, call the C++ calculator, and build the same answer dict
    (numbers, names, points, counts, total, the 8-point minimum).
    """
    from MahjongGB import MahjongFanCalculator

    data = json.loads(line)
    try:
        result = MahjongFanCalculator(**reference_args(data))
    except TypeError as error:
        return {"ok": False, "total": 0, "fans": [], "error": str(error)}
    fans = []
    total = 0
    for points, count, _, name_en in result:
        number = FAN_NUMBER[name_en.lower()]
        fan = FANS[min(number, len(FANS)) - 1]
        fans.append(
            {
                "number": number,
                "name": fan.name,
                "name_fr": fan.name_fr,
                "points": points,
                "count": count,
            }
        )
        total += points * count
    ok = total >= MINIMUM
    return {"ok": ok, "total": total, "fans": fans, "error": None if ok else "min"}


def serve_reference() -> None:
    """The command's line protocol on stdin/stdout, answered by pymahjonggb."""
    write = sys.stdout.write
    for line in sys.stdin:
        write(json.dumps(reference_answer(line), ensure_ascii=False) + "\n")
        sys.stdout.flush()


def write_hands(path: str, seed: int, count: int) -> None:
    with open(path, "w", encoding="utf-8") as stream:
        for data in random_hands(seed, count):
            stream.write(json.dumps(data) + "\n")


def _rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as stream:
        pages = int(stream.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def memory_curve(seed: int, count: int) -> None:
    """Resident memory while scoring ``count`` fresh seeded hands in one process."""
    marks = {10**k for k in range(4, 10)} | {count}
    done = 0
    chunk = 10_000
    print(f"hands | RSS MB (start {_rss_mb():.1f})")
    while done < count:
        size = min(chunk, count - done)
        for data in random_hands(seed + done, size):
            answer(data)
        done += size
        if done in marks:
            print(f"{done:,} | {_rss_mb():.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write-hands", metavar="PATH")
    parser.add_argument("--reference", action="store_true")
    parser.add_argument("--memory", type=int, metavar="HANDS")
    options = parser.parse_args()
    if options.reference:
        serve_reference()
        return
    if options.write_hands:
        write_hands(options.write_hands, options.seed, options.hands)
        return
    if options.memory:
        memory_curve(options.seed, options.memory)
        return
    hands = random_hands(options.seed, options.hands)
    _clear_memo()
    first = _time(hands, answer, reset=_clear_memo)
    rows = [("Muraille, first pass (empty memo)", *first)]
    rows.append(("Muraille, warm memo (best of 3)", *_time(hands, answer, runs=3)))
    reference = _reference_call()
    if reference is not None:
        prepared = [reference_args(data) for data in hands]
        rows.append(("pymahjonggb 1.4.0 (C++)", *_time(prepared, reference, runs=3)))
    print(
        f"{len(hands)} hands, seed {options.seed}, Python {platform.python_version()}"
        f", calculator {IMPLEMENTATION}"
    )
    print()
    print(
        "| calculator | seconds | hands/s | slowest hand (ms) | time vs pymahjonggb |"
    )
    print("|---|---:|---:|---:|---:|")
    base = rows[-1][1] if reference is not None else None
    for name, seconds, slowest in rows:
        ratio = f"{seconds / base:.1f}x" if base else "n/a"
        print(
            f"| {name} | {seconds:.3f} | {len(hands) / seconds:,.0f} "
            f"| {slowest * 1000:.2f} | {ratio} |"
        )


if __name__ == "__main__":
    main()
