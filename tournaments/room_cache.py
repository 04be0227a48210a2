"""The room's versions and tournament row, kept a moment in the cache.

A phone's poll that finds nothing changed must cost no database query: its
ETag needs the tournament (who may see it) and the version of what the page
shows (``selectors.room.get_room_version``: four aggregate queries). Both are
kept here for ``ROOM_VERSION_CACHE_SECONDS`` (2 s in production, 0 in
development and tests: always read afresh), keyed by the tournament's slug.

Every write at a table (``services.tables.bump_version``) forgets the
versions once its transaction commits, so a hand or a closed table shows at
the next poll. Other changes (a registration, a published seating, the
clock) show when the entry expires, at most that many seconds later.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

#: The two versions: every table ("room") or closed tables only ("standings").
KINDS = ("room", "standings")


def cache_seconds() -> int:
    return int(getattr(settings, "ROOM_VERSION_CACHE_SECONDS", 0))


def version_key(slug: str, kind: str) -> str:
    return f"room-version:{kind}:{slug}"


def tournament_key(slug: str) -> str:
    return f"room-tournament:{slug}"


def read(slug: str, kind: str) -> tuple[Any, str | None]:
    """The cached tournament row and version (None when absent), in one
    round trip; nothing when caching is off."""
    if not cache_seconds():
        return None, None
    keys = [tournament_key(slug), version_key(slug, kind)]
    found = cache.get_many(keys)
    return found.get(keys[0]), found.get(keys[1])


def keep(slug: str, values: dict[str, Any]) -> None:
    """Store ``{"tournament": row, kind: version}`` entries for a moment."""
    seconds = cache_seconds()
    if not seconds or not values:
        return
    entries = {
        tournament_key(slug) if name == "tournament" else version_key(slug, name): value
        for name, value in values.items()
    }
    cache.set_many(entries, seconds)


def forget_versions(slug: str, *, standings: bool = True) -> None:
    """After a write at one of the tournament's tables: the next poll reads
    the versions afresh. Call inside the write's transaction; the entries go
    once it commits (a rolled-back write changed nothing).

    ``standings=False`` for a write that leaves the closed tables as they
    were (a hand at an open table): the phones' standings polls keep their
    cached version, and 100 tablets entering hands cost them no query."""
    if not cache_seconds():
        return
    kinds = KINDS if standings else tuple(kind for kind in KINDS if kind != "standings")
    keys = [version_key(slug, kind) for kind in kinds]
    transaction.on_commit(lambda: cache.delete_many(keys))
