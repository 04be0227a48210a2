"""Pages the room keeps open: an ETag per page, so that a poll costs a 304.

The ETag hashes the event's "last change" value (``get_room_version``) with
everything else a page's bytes depend on: the language, the signed-in user
(the header names them) and whether htmx asked for the partial alone. When
nothing changed, the view answers 304 before loading the standings.

Pages whose bytes depend on the standings alone (``standings_only``) take
the standings' version instead, which a hand at an open table leaves alone:
the phones keep their 304 while the tablets play.

Rendered partials are kept in the cache under their ETag: the poll of the
400 phones after a change renders once, not once per phone.

A poll that gets its 304 costs no database query in production: the
tournament row and the version come from the cache for a moment
(``tournaments.room_cache``), forgotten by every write at a table.

Responses are gzipped (400 players: a 233 KB standings table, 8 KB). BREACH
needs a secret in the body next to text the attacker chooses: these pages
reflect nothing of the request but its path (an existing slug, a 404
otherwise) and the only secret in a full page, the CSRF token, is masked
afresh on every response by Django. The polls carry no token at all. Tablet
pages (a secret link, forms that echo what was typed) and the API are not
compressed here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cached_property
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.template.loader import render_to_string
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
)
from django.utils.http import quote_etag
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tournaments import room_cache
from tournaments.selectors.room import get_room_version, get_standings_version
from tournaments.selectors.single_flight import cached_once

#: Seconds a rendered partial stays in the cache (a new ETag is a new key).
PARTIAL_CACHE_SECONDS = 10 * 60

_gzip = GZipMiddleware(lambda request: HttpResponse())


def poll_seconds(projector: bool = False) -> int:
    """How often the pages poll; tests shorten it through the settings."""
    if projector:
        return int(getattr(settings, "ROOM_PROJECTOR_POLL_SECONDS", 20))
    return int(getattr(settings, "ROOM_POLL_SECONDS", 30))


class LiveMixin:
    """Answer 304 to a request whose If-None-Match is the page's ETag.

    Put it after ``TournamentMixin`` in the bases: access is checked first,
    so a private event's ETag never leaks.
    """

    request: HttpRequest
    kwargs: dict[str, Any]
    tournament: Any
    #: True on pages that show the standings and nothing of the open tables.
    standings_only = False

    @property
    def version_kind(self) -> str:
        return "standings" if self.standings_only else "room"

    def setup(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        """Take the tournament row and the version from the cache when they
        are there: the access check and the ETag then read no database."""
        super().setup(request, *args, **kwargs)  # type: ignore[misc]
        self.cache_misses: dict[str, Any] = {}
        if request.method not in ("GET", "HEAD") or "slug" not in kwargs:
            return
        tournament, version = room_cache.read(kwargs["slug"], self.version_kind)
        if tournament is not None:
            self.__dict__["tournament"] = tournament
        else:
            self.cache_misses["tournament"] = None
        if version is not None:
            self.__dict__["room_version"] = version

    @cached_property
    def room_version(self) -> str:
        if self.standings_only:
            version = get_standings_version(self.tournament)
        else:
            version = get_room_version(self.tournament)
        self.cache_misses[self.version_kind] = version
        return version

    def keep_in_cache(self) -> None:
        """Once access is checked: what was read from the database goes to
        the cache for the next polls."""
        misses = getattr(self, "cache_misses", {})
        if "tournament" in misses:
            misses["tournament"] = self.tournament
        room_cache.keep(self.kwargs["slug"], misses)

    def live_variant(self) -> str:
        """What else of the request the page's bytes depend on (a page
        number, a search): normalised by the view, part of the ETag."""
        return ""

    def shares_partial(self) -> bool:
        """Whether the rendered partial is everyone's, kept in the cache
        under its ETag (a search's rows are the searcher's own)."""
        return True

    def live_etag(self, htmx: bool) -> str:
        user = getattr(self.request, "user", None)
        parts = [
            self.request.path,
            self.live_variant(),
            self.room_version,
            get_language() or "",
            str(user.pk if user is not None and user.is_authenticated else ""),
            "partial" if htmx else "page",
        ]
        digest = hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]
        return quote_etag(digest)

    def live_context(self, projector: bool = False) -> dict[str, Any]:
        """What the polling element needs: its interval and current ETag.

        Projector boards also get their scrolling pace (pixels per second,
        and the pause at each end in milliseconds).
        """
        context: dict[str, Any] = {
            "poll_seconds": poll_seconds(projector),
            "partial_etag": self.live_etag(htmx=True),
        }
        if projector:
            context["scroll_speed"] = getattr(settings, "ROOM_SCROLL_SPEED", 40)
            context["scroll_pause_ms"] = getattr(settings, "ROOM_SCROLL_PAUSE_MS", 5000)
        return context

    def cached_partial(
        self, template: str, context: Callable[[], dict[str, Any]]
    ) -> SafeString:
        """The page's partial, shared with the polls: rendered once per ETag.

        A phone opening the page gets the same bytes a poll would, from the
        cache the polls fill (and the other way round). ``context`` is only
        called on a miss: building 400 standings rows for bytes already in
        the cache cost 11 ms a page.
        """
        key = f"live-partial:{self.live_etag(htmx=True)}"
        content, _type = cached_once(
            key,
            lambda: (
                render_to_string(template, context(), self.request).encode(),
                "text/html; charset=utf-8",
            ),
            PARTIAL_CACHE_SECONDS,
        )
        # The bytes are the template's own output, escaped when rendered.
        return mark_safe(content.decode())

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.method not in ("GET", "HEAD"):
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        htmx = bool(getattr(request, "htmx", False))
        etag = self.live_etag(htmx=htmx)
        self.keep_in_cache()
        response = get_conditional_response(request, etag=etag)
        if response is None:
            response = self._render(request, etag, htmx, *args, **kwargs)
        if 200 <= response.status_code < 300 or response.status_code == 304:
            response.headers["ETag"] = etag
        # Revalidate every time: the room must never see an old board.
        patch_cache_control(response, no_cache=True)
        patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
        return _gzip.process_response(request, response)

    def _render(
        self, request: HttpRequest, etag: str, htmx: bool, *args: Any, **kwargs: Any
    ) -> HttpResponse:
        """The page, or for a poll the partial rendered once per ETag."""
        if not htmx or not self.shares_partial():
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        key = f"live-partial:{etag}"
        own: list[HttpResponse] = []

        def rendered() -> tuple[bytes, str] | None:
            parent = super(LiveMixin, self)
            response = parent.dispatch(request, *args, **kwargs)  # type: ignore[misc]
            # A partial that sets a cookie or streams is someone's own: not
            # shared (nor stored), answered as it is.
            if (
                response.status_code == 200
                and not response.cookies
                and not response.streaming
            ):
                return response.content, response["Content-Type"]
            own.append(response)
            return None

        # Single flight: the phones polling after a change wait for the
        # first one's rendering instead of each rendering the same bytes.
        shared = cached_once(
            key, rendered, PARTIAL_CACHE_SECONDS, keep=lambda value: value is not None
        )
        if shared is None:
            return own[0]  # only the request that rendered it sees None
        content, content_type = shared
        return HttpResponse(content, content_type=content_type)
