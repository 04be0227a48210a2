"""``{% tablet_poll_seconds %}``: how often a tablet's sheet asks whether
another device changed it (``TABLET_POLL_SECONDS``, 10 by default)."""

from __future__ import annotations

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def tablet_poll_seconds() -> int:
    return int(getattr(settings, "TABLET_POLL_SECONDS", 10))
