"""``cached_once``: eight requests asking at once compute the value once; a
computer that crashes or dies does not block the others for ever; with
Redis down every request computes its own answer (issue 31, item 1)."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.cache import cache

from config import redis_cache
from config.redis_cache import SharedClientRedisCache
from tournaments.selectors import single_flight
from tournaments.selectors.single_flight import cached_once, lock_key


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


class SlowCount:
    """A computation that takes a while and counts its calls."""

    def __init__(self, seconds: float = 0.2, value: object = "standings") -> None:
        self.seconds, self.value, self.calls = seconds, value, 0
        self._lock = threading.Lock()

    def __call__(self) -> object:
        with self._lock:
            self.calls += 1
        time.sleep(self.seconds)
        return self.value


def ask_at_once(count: int, call) -> list[object]:
    """``call()`` from ``count`` threads released together."""
    start = threading.Barrier(count)
    answers: list[object] = [None] * count

    def ask(index: int) -> None:
        start.wait()
        answers[index] = call()

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return answers


def test_eight_requests_at_once_compute_once():
    compute = SlowCount()
    answers = ask_at_once(8, lambda: cached_once("k", compute, 60))
    assert compute.calls == 1
    assert answers == ["standings"] * 8
    assert cache.get("k") == "standings"
    assert cache.get(lock_key("k")) is None  # the lock went with the value


def test_a_cached_value_is_not_computed_again_and_none_is_a_value():
    compute = SlowCount(0, value=None)
    assert cached_once("k", compute, 60) is None
    assert cached_once("k", compute, 60) is None
    assert compute.calls == 1


def test_a_computer_that_raises_lets_the_next_request_compute():
    def crash():
        raise RuntimeError("database gone")

    with pytest.raises(RuntimeError):
        cached_once("k", crash, 60)
    assert cache.get(lock_key("k")) is None
    assert cached_once("k", lambda: 42, 60) == 42


def test_a_dead_computer_s_lock_expires(monkeypatch):
    """A worker killed mid-computation never releases its lock: the waiters
    take over once it expires, and one of them computes."""
    monkeypatch.setattr(single_flight, "POLL_SECONDS", 0.01)
    cache.add(lock_key("k"), "killed worker", 1)
    compute = SlowCount(0.05)
    started = time.monotonic()
    answers = ask_at_once(4, lambda: cached_once("k", compute, 60, wait_seconds=5))
    assert answers == ["standings"] * 4
    assert compute.calls == 1
    assert time.monotonic() - started < 5  # not the waiters' own limit


def test_a_waiter_answers_by_itself_after_its_wait():
    """A lock that outlives the wait (a computation far slower than meant):
    the waiter computes rather than keep its visitor waiting."""
    cache.add(lock_key("k"), "slow worker", 60)
    assert cached_once("k", lambda: 7, 60, wait_seconds=0.05) == 7


def test_keep_refuses_a_value():
    compute = SlowCount(0, value="private")
    cached_once("k", compute, 60, keep=lambda value: value != "private")
    cached_once("k", compute, 60, keep=lambda value: value != "private")
    assert compute.calls == 2
    assert cache.get("k") is None


def test_with_redis_down_every_request_computes_its_answer(monkeypatch):
    """The project's Redis cache on a port nobody listens on: ``add`` says
    stored (no one waits) and the value is computed each time, at once."""
    monkeypatch.setattr(redis_cache, "_breakers", {})
    down = SharedClientRedisCache("redis://127.0.0.1:6390/15", {})
    monkeypatch.setattr(single_flight, "cache", down)
    compute = SlowCount(0)
    started = time.monotonic()
    assert ask_at_once(8, lambda: cached_once("k", compute, 60)) == ["standings"] * 8
    assert compute.calls == 8
    assert time.monotonic() - started < 5
