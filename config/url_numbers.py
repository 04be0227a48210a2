"""Numbers that a page's own form or link sends (a round, an event, a row).

Shared by every app's pages: nothing here knows a tournament or a league.
"""

from __future__ import annotations

from django.http import Http404


def number_or_404(value: str, default: int | None = None) -> int:
    """A row number or id that a page's own form sends (a round, an event).

    Anything else was not sent by the page: 404, not a crash on ``int()``
    (which also reads "²" or "٣" as digits) or on a number past the
    database's integers. ``default`` stands for an empty value."""
    if not value and default is not None:
        return default
    if not (value.isascii() and value.isdigit()) or len(value) > 9:
        raise Http404
    return int(value)
