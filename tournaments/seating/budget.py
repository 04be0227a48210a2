"""Time budget and progress reports, on the caller's clock."""

from __future__ import annotations

import time
from collections.abc import Callable

#: Share of the time limit kept for winds, statistics and the reply.
MARGIN = 0.9


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

    The searches stop by step counts; the clock is only a safety limit. When
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
    ) -> None:
        self.clock = clock
        self.start = clock()
        self.limit_s = limit_s * MARGIN
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
        used = self.elapsed() / self.limit_s
        self.report(min(used, 0.99))
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
