"""Django's Redis cache, shared per connection pool and failing soft.

One client per pool: Django's ``RedisCacheClient.get_client`` builds a new
``redis.Redis`` for every cache call; its constructor (about 130 µs, its
response callbacks set up afresh) costs as much as the round trip to Redis,
and a phone's poll answered 304 makes one such call. A ``redis.Redis`` is
safe to share between threads (its pool hands out the connections, and
checks the process id after a fork), so each pool keeps one.

Failing soft: Redis is an accelerator (the room's versions, cached pages,
DRF's throttle, django-ratelimit's counters), never a dependency of a score.
A Redis that refuses connections or stopped answering made every hand entry
answer 500 (the cache calls let ``ConnectionError`` through) or stall for
seconds (no read timeout). Here every operation that cannot reach Redis
behaves as Django's ``DummyCache`` does: a read misses, a write is dropped,
``add`` reports the key stored (so django-ratelimit counts 1 and lets the
request through, as DRF's throttle does with an empty history), ``incr``
finds no key. A warning says so in the log, at most once a minute per
server and process. The sockets time out in a fraction of a second, and
after a failure the cache rests (does not try Redis) for ``REST_S``
seconds: a frozen Redis then costs one request a timeout, not every call.
``tournaments.selectors.single_flight`` uses ``add`` as a short lock: a
True there makes each request compute its own value, which is what a page
without Redis must do (no one waits for a lock nobody holds).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: Seconds to connect to, and to wait for an answer from, Redis. A cache
#: call takes well under a millisecond; these only bound a fault.
CONNECT_TIMEOUT_S = 0.25
READ_TIMEOUT_S = 0.5
#: Seconds the cache skips Redis after a failed call.
REST_S = 5.0
#: Seconds between two warnings about the same unreachable server.
WARN_EVERY_S = 60.0
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


class Breaker:
    """Whether a Redis server is worth a try, shared by the threads of a
    process (each thread has its own cache object, and would otherwise wait
    on the frozen server once each)."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.rest_until = 0.0
        self.down = False
        self.warned_at = float("-inf")
        self._lock = threading.Lock()

    def resting(self) -> bool:
        return time.monotonic() < self.rest_until

    def trip(self, error: BaseException) -> None:
        """After a connection failure or a timeout: rest, and say so."""
        now = time.monotonic()
        with self._lock:
            self.rest_until = now + REST_S
            self.down = True
            if now - self.warned_at < WARN_EVERY_S:
                return
            self.warned_at = now
        logger.warning(
            "Redis cache at %s unreachable (%s): the cache answers as empty, "
            "and the API throttle and form rate limits let requests through, "
            "until it is back (retried every %s s)",
            self.server,
            error,
            REST_S,
        )

    def reset(self) -> None:
        """After a call that reached Redis."""
        if self.down:
            with self._lock:
                was_down, self.down = self.down, False
            if was_down:
                logger.info("Redis cache at %s answers again", self.server)


_breakers: dict[str, Breaker] = {}


def breaker_for(server: str) -> Breaker:
    """The process's breaker for a server list (the cache's LOCATION)."""
    return _breakers.get(server) or _breakers.setdefault(server, Breaker(server))


class SharedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            pool = self._get_connection_pool(write)
            client = self._clients[index] = self._client(connection_pool=pool)
        return client


class SharedClientRedisCache(RedisCache):
    """The project's cache backend; ``OPTIONS`` may set other timeouts."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
        self._options = {
            "socket_connect_timeout": CONNECT_TIMEOUT_S,
            "socket_timeout": READ_TIMEOUT_S,
            **self._options,
        }
        self._breaker = breaker_for(server if isinstance(server, str) else str(server))

    def _soft(self, fallback: T, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)``, or ``fallback`` when Redis cannot answer."""
        breaker = self._breaker
        if breaker.resting():
            return fallback
        try:
            result = call(*args)
        except UNREACHABLE as error:
            breaker.trip(error)
            return fallback
        except RedisError as error:
            # Out of memory, read-only replica, a disk that cannot persist:
            # Redis answers, this call missed.
            logger.warning("Redis cache call failed (%s): treated as a miss", error)
            return fallback
        breaker.reset()
        return result

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._soft(True, super().add, key, value, timeout, version)

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._soft(default, super().get, key, default, version)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._soft(None, super().set, key, value, timeout, version)

    def touch(
        self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._soft(False, super().touch, key, timeout, version)

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._soft(False, super().delete, key, version)

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self._soft({}, super().get_many, keys, version)

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._soft(False, super().has_key, key, version)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        missing = object()
        value = self._soft(missing, super().incr, key, delta, version)
        if value is missing:
            # As for a key that is not there (DummyCache): callers handle it.
            raise ValueError(f"Key '{key}' not found (the Redis cache is unreachable)")
        return value  # type: ignore[return-value]

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> list[Any]:
        return self._soft(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._soft(None, super().delete_many, keys, version)

    def clear(self) -> None:
        self._soft(None, super().clear)
