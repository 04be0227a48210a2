"""The address of the person behind a request, the same for every door.

Pages, the API's throttles, the login lockout (django-axes) and the audit
trail all read it here, so a forged X-Forwarded-For fools none of them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings


def client_ip(request: Any) -> str | None:
    """The caller's address, as DRF's throttles see it (``NUM_PROXIES``).

    Each trusted proxy appends the address it saw to X-Forwarded-For, so the
    client is the entry ``NUM_PROXIES`` from the right; anything further left
    is whatever the client wrote. With no proxy the header is ignored.
    """
    remote_addr = request.META.get("REMOTE_ADDR") or None
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    proxies = settings.NUM_PROXIES
    if not proxies or not forwarded:
        return remote_addr
    addresses = [part.strip() for part in forwarded.split(",")]
    return addresses[-min(proxies, len(addresses))] or remote_addr
