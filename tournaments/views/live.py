"""Pages the room keeps open: an ETag per page, so that a poll costs a 304.

The ETag hashes the event's "last change" value (``get_room_version``) with
everything else a page's bytes depend on: the language, the signed-in user
(the header names them) and whether htmx asked for the partial alone. When
nothing changed, the view answers 304 before loading the standings.
"""

from __future__ import annotations

import hashlib
from functools import cached_property
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
)
from django.utils.http import quote_etag
from django.utils.translation import get_language

from tournaments.selectors_room import get_room_version


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
    tournament: Any

    @cached_property
    def room_version(self) -> str:
        return get_room_version(self.tournament)

    def live_etag(self, htmx: bool) -> str:
        user = getattr(self.request, "user", None)
        parts = [
            self.request.path,
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

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.method not in ("GET", "HEAD"):
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        etag = self.live_etag(htmx=bool(getattr(request, "htmx", False)))
        response = get_conditional_response(request, etag=etag)
        if response is None:
            response = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        if 200 <= response.status_code < 300 or response.status_code == 304:
            response.headers["ETag"] = etag
        # Revalidate every time: the room must never see an old board.
        patch_cache_control(response, no_cache=True)
        patch_vary_headers(response, ["HX-Request", "Accept-Language", "Cookie"])
        return response
