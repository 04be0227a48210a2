"""The cyclic garbage collector paused while a big workbook is built.

Building the workbook of a fully played 3,200-player event keeps a million
objects alive at once (102,400 hands with their decoded JSON, the
statistics' records, the players' figures). The collector's full passes
are triggered by that growth and walk the whole heap each time: ten of
them, about 2 s of the 8 s the workbook took (issue 31, item 4). None of
those objects form cycles the build needs collected: reference counting
frees them as soon as the build drops them, and the cycles it leaves
(openpyxl's workbook and its sheets) wait for the collector's next pass.

The collector is global to the process, so the pause is counted: with
workbooks built in several threads at once, it resumes when the last one
ends, and only if it was running before the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]

_lock = threading.Lock()
_depth = 0
_resume = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with automatic cyclic collection off (see the module)."""
    global _depth, _resume
    with _lock:
        if _depth == 0:
            _resume = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _resume:
                gc.enable()
