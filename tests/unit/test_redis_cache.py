"""The Redis cache builds one client per connection pool, not one per call,
and fails soft: an unreachable Redis is an empty cache, said once in the log."""

from __future__ import annotations

import logging

import pytest

from config import redis_cache
from config.redis_cache import SharedClientRedisCache


def test_every_call_shares_the_pool_s_client():
    cache = SharedClientRedisCache("redis://127.0.0.1:6379/15", {})
    client = cache._cache.get_client("key")
    assert cache._cache.get_client("other", write=True) is client
    assert client.connection_pool is cache._cache._get_connection_pool(True)


def test_reads_and_writes_keep_their_own_servers_clients():
    """With replicas, writes go to the first server and reads to the others:
    each server keeps its own client."""
    cache = SharedClientRedisCache(
        "redis://127.0.0.1:6379/15,redis://127.0.0.1:6380/15", {}
    )
    writer = cache._cache.get_client(write=True)
    reader = cache._cache.get_client()
    assert writer is not reader
    assert cache._cache.get_client(write=True) is writer
    assert cache._cache.get_client() is reader
    assert writer.connection_pool.connection_kwargs["port"] == 6379
    assert reader.connection_pool.connection_kwargs["port"] == 6380


CLOSED = "redis://127.0.0.1:6390/15"


@pytest.fixture
def down_cache(monkeypatch):
    """The cache on a port nobody listens on, with a fresh breaker."""
    monkeypatch.setattr(redis_cache, "_breakers", {})
    return SharedClientRedisCache(CLOSED, {})


def test_an_unreachable_redis_behaves_as_an_empty_cache(down_cache):
    """Reads miss, writes are dropped, ``add`` reports the key stored (a rate
    limit counts 1 and lets the request through), ``incr`` finds no key."""
    assert down_cache.get("k", "default") == "default"
    assert down_cache.get_many(["a", "b"]) == {}
    assert down_cache.set("k", 1) is None
    assert down_cache.add("k", 1) is True
    assert down_cache.has_key("k") is False
    assert down_cache.delete("k") is False
    assert down_cache.set_many({"a": 1}) == ["a"]
    down_cache.delete_many(["a"])
    down_cache.clear()
    with pytest.raises(ValueError):
        down_cache.incr("k")


def test_one_warning_then_a_rest_without_trying_redis(down_cache, caplog):
    """The first failure warns and opens the breaker: later calls do not try
    Redis (no connection attempt) and log nothing more."""
    caplog.set_level(logging.WARNING, logger="config.redis_cache")
    client = down_cache._cache.get_client()
    down_cache.get("k")
    attempts = []
    pool = client.connection_pool
    original = pool.get_connection
    pool.get_connection = lambda *a, **k: attempts.append(1) or original(*a, **k)
    for _ in range(50):
        down_cache.get("k")
        down_cache.set("k", 1)
    assert attempts == []
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "6390" in warnings[0].getMessage()


def test_after_its_rest_the_cache_tries_again_and_warns_once_a_minute(
    down_cache, caplog, monkeypatch
):
    caplog.set_level(logging.WARNING, logger="config.redis_cache")
    clock = [1000.0]
    monkeypatch.setattr(redis_cache.time, "monotonic", lambda: clock[0])
    down_cache.get("k")
    clock[0] += redis_cache.REST_S + 0.1
    assert not down_cache._breaker.resting()
    down_cache.get("k")
    assert down_cache._breaker.resting()
    assert len(caplog.records) == 1
    clock[0] += redis_cache.WARN_EVERY_S
    down_cache.get("k")
    assert len(caplog.records) == 2


def test_short_socket_timeouts_unless_the_settings_say_otherwise():
    pool = SharedClientRedisCache(CLOSED, {})._cache._get_connection_pool(False)
    kwargs = pool.connection_kwargs
    assert kwargs["socket_connect_timeout"] <= 0.5
    assert kwargs["socket_timeout"] <= 1
    custom = SharedClientRedisCache(CLOSED, {"OPTIONS": {"socket_timeout": 2}})
    assert (
        custom._cache._get_connection_pool(False).connection_kwargs["socket_timeout"]
        == 2
    )
