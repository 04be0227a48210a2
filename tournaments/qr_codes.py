"""Tablet links as QR codes: inline SVG (no image file, crisp on paper,
nothing needed but the server that sent it, as at the venue without
internet), drawn once per link and kept in the cache (issue 31: 800 codes
drawn on every view of the round page cost 82% of its 4.8 s)."""

from __future__ import annotations

import hashlib

import segno
from django.core.cache import cache
from django.utils.safestring import SafeString, mark_safe

from tournaments.selectors.single_flight import cached_once

#: The sizes drawn at once: the round page's (3) and the print page's (4).
QR_SCALES = (3, 4)
#: Seconds a drawn QR code stays in the cache (its key is its link).
QR_CACHE_SECONDS = 7 * 24 * 3600


def draw_qr(link: str, scales: tuple[int, ...] = QR_SCALES) -> dict[int, str]:
    """The link's QR code as inline SVG, in each size of ``scales``.

    Choosing the mask is most of segno's 8-11 ms; the sizes share it."""
    code = segno.make(link, error="m")
    return {
        scale: str(code.svg_inline(scale=scale, title=link, omitsize=True))
        for scale in scales
    }


def qr_key(link: str) -> str:
    return f"qr:{link_digest(link)}"


def link_digest(link: str) -> str:
    return hashlib.sha256(link.encode()).hexdigest()[:40]


def qr_svg(link: str, scale: int = 3) -> SafeString:
    """The link as an inline SVG QR code (no image file, crisp on paper),
    drawn once per link and then read from the cache."""
    drawn = cached_once(qr_key(link), lambda: draw_qr(link), QR_CACHE_SECONDS)
    svg = drawn.get(scale) or draw_qr(link, (scale,))[scale]
    # segno writes only the SVG elements, from a URL it encodes: no markup
    # of the visitor's reaches the page.
    return mark_safe(svg)


#: QR codes a view of the round page draws at most; the others of a fresh
#: seating come as images (``TableQrView``), drawn by their own requests,
#: and are inline from the next view on.
QR_DRAWN_PER_VIEW = 10


def page_qr_codes(links: list[str], scale: int = 3) -> list[SafeString | None]:
    """Each link's QR code for the round or print page: inline SVG when
    drawn already (one cache round trip for the page) or among the first
    ``QR_DRAWN_PER_VIEW`` to draw; None: show it as an image."""
    found = cache.get_many([qr_key(link) for link in links])
    codes: list[SafeString | None] = []
    budget = QR_DRAWN_PER_VIEW
    for link in links:
        drawn = found.get(qr_key(link))
        if drawn is not None and scale in drawn:
            # segno's SVG elements, from a URL it encodes (see qr_svg).
            codes.append(mark_safe(drawn[scale]))
        elif budget > 0:
            budget -= 1
            codes.append(qr_svg(link, scale))
        else:
            codes.append(None)
    return codes
