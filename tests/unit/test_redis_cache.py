"""The Redis cache builds one client per connection pool, not one per call."""

from __future__ import annotations

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
