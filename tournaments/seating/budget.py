"""Time budget and progress reports, on the caller's clock."""

from __future__ import annotations

import time
from collections.abc import Callable

#: Share of the time limit kept for winds, statistics and the reply.
MARGIN = 0.9
#: The searches end on step counts sized by the event; the clock is a far
#: safety net: a search may run SAFETY times what its steps take (issue 31:
#: a 5 s limit cut a 3,200-player search on a loaded machine, and the plan
#: then depended on the load).
SAFETY = 10
#: CPU seconds the step counts take per player of a Swiss round, and per
#: player and planned round of a no-repeat plan, rounded up from the slowest
#: measured on the benchmark machine (2-core AMD EPYC, bench/seating_scale.py:
#: about 20 s for the last Swiss round of 3,200 players, whose two greedy
#: descents take 1,000-1,600 evaluations a player; 3.1 s for 8 no-repeat
#: rounds). The safety net is ten times that: 320 s at 3,200 players.
SWISS_S_PER_PLAYER = 1e-2
NO_REPEAT_S_PER_SEAT = 1.5e-4


def expected_s(mode: str, players: int, rounds: int) -> float:
    """CPU seconds the searches' step counts take on the benchmark machine,
    at most (a pace for progress reports and the base of the safety net)."""
    if mode == "swiss":
        return SWISS_S_PER_PLAYER * players
    if mode == "no-repeat":
        return NO_REPEAT_S_PER_SEAT * players * rounds
    return 0.0


def safety_limit_s(requested_s: float, expected: float) -> float:
    """The time limit a search gets: the request's, or SAFETY times what its
    steps are expected to take when that is more (large events)."""
    return max(requested_s, SAFETY * expected)


def search_clock() -> float:
    """The production clock of a search: CPU seconds of the calling thread.

    Waiting for a CPU costs a search nothing on it. A job sent again after
    its worker was killed shares the machine with the restarted worker, the
    killed one's orphans and the day's load; on the wall clock that waiting
    spent its safety limit and the plan ended early and worse (a job killed
    twice kept 55 repeated pairs). Read only from the thread that searches
    (``plan_seating`` creates and reads its budget in one thread), so a
    server's other threads do not count either.
    """
    return time.thread_time()


class Budget:
    """Knows when the search must stop and reports progress in 0..1.

    ``clock`` returns seconds (the job and the command pass ``search_clock``;
    tests pass a fake clock). Progress is the share of the budget used,
    reported only when it grew by at least 1 % so a slow callback (a Celery
    state update) is not called in a tight loop.

    The searches stop by step counts; the clock is only a safety limit
    (``safety_limit_s``: far above what the steps take). When
    it does stop a search, ``clock_stopped`` becomes True here and in every
    budget this one was shared from, because the same seed may then give
    another plan on another machine.
    """

    def __init__(
        self,
        clock: Callable[[], float],
        limit_s: float,
        on_progress: Callable[[float], None] | None,
        parent: Budget | None = None,
        pace_s: float | None = None,
    ) -> None:
        self.clock = clock
        self.start = clock()
        self.limit_s = limit_s * MARGIN
        #: Progress is reported against this many seconds when given (the
        #: expected time of a large event, far below its safety limit).
        self.pace_s = pace_s
        self.on_progress = on_progress
        self.reported = -1.0
        self.parent = parent
        self.clock_stopped = False

    def elapsed(self) -> float:
        return self.clock() - self.start

    def expired(self) -> bool:
        """True once the budget is spent; reports progress on the way."""
        if self.limit_s <= 0:  # a share of a budget already spent
            self._stop()
            return True
        elapsed = self.elapsed()
        used = elapsed / self.limit_s
        pace = elapsed / self.pace_s if self.pace_s else used
        self.report(min(pace, 0.99))
        if used >= 1.0:
            self._stop()
            return True
        return False

    def _stop(self) -> None:
        budget: Budget | None = self
        while budget is not None:
            budget.clock_stopped = True
            budget = budget.parent

    def share(self, fraction: float) -> Budget:
        """A budget for a sub-search: ``fraction`` of the time left, with no
        progress reports of its own (expired at once when none is left)."""
        left = max(0.0, self.limit_s - self.elapsed())
        return Budget(self.clock, left * fraction / MARGIN, None, parent=self)

    def report(self, fraction: float) -> None:
        if self.on_progress is not None and fraction >= self.reported + 0.01:
            self.reported = fraction
            self.on_progress(fraction)

    def done(self) -> None:
        if self.on_progress is not None:
            self.reported = 1.0
            self.on_progress(1.0)
