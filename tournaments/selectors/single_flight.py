"""Single-flight caching: a value being computed is computed once.

Without it, the eight phones that poll right after a table closes each
miss the cache and each gunicorn worker computes the same standings
(issue 31: 4.9-5.7 s of worker CPU against 1.24 s for one). With
``cached_once`` the first request takes a short lock (the cache's atomic
``add``: Redis ``SET NX`` in production, a process-wide dict at the venue)
and computes; the others wait a moment for its value instead of computing
it again.

Nothing can block for ever:

- a computer that raises lets its lock go at once (``finally``);
- a computer that dies without a word (a killed worker) leaves a lock that
  expires after ``lock_seconds``;
- a waiter waits ``wait_seconds`` at most, then computes the value itself;
- a cache that cannot answer (Redis down: ``config.redis_cache`` answers
  ``add`` with True and every read with a miss) makes every request its own
  computer: the pages answer as they did before any cache, only slower.

A value is stored only when ``keep(value)`` says so (a page that set a
cookie is someone's own). ``None`` is a value like any other.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache

T = TypeVar("T")

#: Seconds a computer's lock lives: longer than any computation we cache
#: (3,200 players' standings: about 1 s), short enough that a killed worker
#: holds the others up for little more than a poll.
LOCK_SECONDS = 10
#: Seconds a waiter waits for the computer's value before computing it itself.
WAIT_SECONDS = 5.0
#: Seconds between two looks at the cache while waiting.
POLL_SECONDS = 0.02

_MISSING = object()


def lock_key(key: str) -> str:
    return f"single-flight:{key}"


def cached_once(
    key: str,
    compute: Callable[[], T],
    timeout: float | None,
    *,
    keep: Callable[[T], bool] | None = None,
    lock_seconds: int = LOCK_SECONDS,
    wait_seconds: float = WAIT_SECONDS,
) -> T:
    """The value cached under ``key``, computed by ``compute()`` once for all
    the requests that ask at the same moment, then kept ``timeout`` seconds.

    ``key`` must name the value's version (a new version is a new key):
    nothing here forgets a stale value.
    """
    found = cache.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[no-any-return]
    deadline = time.monotonic() + wait_seconds
    while True:
        owner = uuid.uuid4().hex
        if cache.add(lock_key(key), owner, lock_seconds):
            return _compute_under_lock(key, owner, compute, timeout, keep)
        if time.monotonic() >= deadline:
            # The computer is slow or dead and its lock still lives: answer
            # anyway (uncached: the computer will store it).
            return compute()
        time.sleep(POLL_SECONDS)
        found = cache.get(key, _MISSING)
        if found is not _MISSING:
            return found  # type: ignore[no-any-return]


def _compute_under_lock(
    key: str,
    owner: str,
    compute: Callable[[], T],
    timeout: float | None,
    keep: Callable[[T], bool] | None,
) -> T:
    try:
        # Another computer may have stored the value between our miss and
        # our lock: read it once more rather than compute it twice.
        found = cache.get(key, _MISSING)
        if found is not _MISSING:
            return found  # type: ignore[no-any-return]
        value = compute()
        if keep is None or keep(value):
            cache.set(key, value, timeout)
        return value
    finally:
        _release(key, owner)


def _release(key: str, owner: str) -> None:
    """Delete the lock if it is still ours (an expired lock may have passed
    to another computer meanwhile: not ours to delete)."""
    current: Any = cache.get(lock_key(key))
    if current == owner:
        cache.delete(lock_key(key))
