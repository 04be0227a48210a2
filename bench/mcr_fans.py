"""Benchmark of the MCR fan calculator against pymahjonggb (C++).

    .venv/bin/python bench/mcr_fans.py [--hands 10000] [--seed 2026]

Scores a fixed seeded set of random winning hands of every shape
(``tests/differential/generate.py``) with ``answer`` (JSON object in, answer
out: parsing included), first with empty memo caches, then again with the
caches warm, and with pymahjonggb's ``MahjongFanCalculator`` on the same
hands (its arguments prepared outside the timing). Prints a markdown table:
hands per second, the slowest single hand and the ratio to pymahjonggb.
Targets (issue 3): every hand under 5 ms, at least 5,000 hands/s on one core.
"""

from __future__ import annotations

import argparse
import gc
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine.mcr.fans import answer
from scoring.engine.mcr.fans.decompose import (
    standard_splits,
    suit_shape,
    suit_splits,
    waits,
)
from tests.differential.generate import random_hands
from tests.differential.reference import reference_args


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
    for cache in (suit_splits, suit_shape, standard_splits, waits):
        cache.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()
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
