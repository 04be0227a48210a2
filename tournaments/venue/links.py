"""The one place a table's tablet link is built (round page, QR codes,
printed slips).

Outside the venue a link carries the address the organiser's browser used,
as before. At the venue (``VENUE_DIR`` set) that address is often
127.0.0.1 on the laptop itself, which no tablet can open: the link then
carries ``VENUE_HOST`` when set (a name the router knows), else the
laptop's LAN address, with the port the server listens on, over plain HTTP.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from tournaments.venue.addresses import lan_address


def table_link(request: HttpRequest, token: str) -> str:
    """The absolute URL of the table's tablet page."""
    path = reverse("referee:table", kwargs={"token": token})
    if settings.VENUE_DIR is None:
        return request.build_absolute_uri(path)
    return f"{venue_origin(request)}{path}"


def venue_origin(request: HttpRequest) -> str:
    """``http://<venue host>:<port>``; the port is the one the request came
    in on (the WSGI server's own, SERVER_PORT: no proxy at the venue)."""
    host = settings.VENUE_HOST or lan_address()
    return f"http://{host}:{request.META.get('SERVER_PORT') or 8000}"
