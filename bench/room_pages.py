"""What the room benchmarks read off Muraille's pages: the CSRF token, the
table version and hand number the tablet's forms carry, and the ETag the
standings partial carries (bench/locustfile.py, room_probe.py,
room_profile.py, room_cpu.py)."""

from __future__ import annotations

import re

CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
VERSION = re.compile(r'name="table_version" value="(\d+)"')
NUMBER = re.compile(r'name="hand_number" value="(\d+)"')
ETAG = re.compile(r'data-etag="([^"]+)"')


def unescape(value: str) -> str:
    """An attribute's value as the page escaped it, unescaped."""
    return value.replace("&quot;", '"').replace("&#x27;", "'")
