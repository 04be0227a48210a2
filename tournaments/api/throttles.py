"""Rate limits of the API: one budget of writes per account or address."""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import SimpleRateThrottle


class WriteRateThrottle(SimpleRateThrottle):
    """Scope ``writes``: POST, PUT, PATCH and DELETE, per user or client address.

    Reads stay free: the public pages and the standings poll are cached and
    cheap, a flood of writes is what takes locks and runs the recompute.
    The address comes from DRF's ``get_ident``, which trusts X-Forwarded-For
    only as far as ``NUM_PROXIES`` says.
    """

    scope = "writes"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return None
        if request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"ip-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}
