"""Screenshots of the main pages, written to docs/screenshots/. Refresh them:

    .venv/bin/pytest -q -p no:cacheprovider -m e2e tests/e2e/screenshots.py

The file's name does not start with "test_", so the browser suite
(``pytest -m e2e``) leaves the pictures alone; naming it on the command line
is what runs it. Each picture is one screen at the size it is used at:
tablet 768x1024, phone 360x740, projector 1920x1080, over the small event
of ``tests.e2e.site_pages`` (round 1 played, round 2 under way); tiles.png
is the calculator's palette, the 34 tile faces.
Adding a picture is one line in ``SHOTS``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.e2e.site_pages import PAGES, build_event, open_page, set_language

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

OUTPUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = {
    "tablet": {"width": 768, "height": 1024},
    "phone": {"width": 360, "height": 740},
    "projector": {"width": 1920, "height": 1080},
}
SITE = {site.name: site for site in PAGES}


def show_the_breakdown(page: Page) -> None:
    page.locator(".fan-result").evaluate(
        "element => element.scrollIntoView({block: 'start'})"
    )


def settle_the_chart(page: Page) -> None:
    """Draw the player's chart at once, without its opening animation."""
    page.evaluate(
        "() => { const chart = window.Chart && Chart.getChart('player-chart');"
        " if (chart) { chart.options.animation = false; chart.update('none'); } }"
    )


@dataclass(frozen=True)
class Shot:
    size: str
    page: str
    language: str = "en"
    then: Callable[[Page], None] | None = None
    label: str = ""
    #: A CSS selector: the picture is that element alone, not the screen.
    element: str = ""

    @property
    def filename(self) -> str:
        if self.element:
            return f"{self.label}.png"
        parts = [self.size, self.label or self.page]
        if self.language != "en":
            parts.append(self.language)
        return "-".join(parts) + ".png"


SHOTS = [
    Shot("tablet", "tablet", label="hand-entry"),
    Shot("tablet", "tablet", language="fr", label="hand-entry"),
    Shot("tablet", "tablet-picker", label="tile-picker"),
    Shot("tablet", "fan-breakdown", label="fan-calculator"),
    Shot("tablet", "round-in-play", label="organiser-round"),
    Shot("tablet", "tournament", label="organiser-tournament"),
    Shot("phone", "standings"),
    Shot("phone", "standings", language="fr"),
    Shot("phone", "player", then=settle_the_chart),
    Shot("phone", "round-tables"),
    Shot("phone", "fan-calculator"),
    Shot("phone", "fan-breakdown", then=show_the_breakdown),
    Shot("projector", "projector-standings", label="standings"),
    Shot("projector", "projector-seating", label="seating"),
    Shot("tablet", "fan-calculator", element=".palette", label="tiles"),
]


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR"
    return struct.unpack(">II", header[16:24])


@pytest.mark.parametrize("shot", SHOTS, ids=lambda shot: shot.filename)
def test_screenshot(live_server, page: Page, shot: Shot):
    event = build_event()
    size = SIZES[shot.size]
    page.set_viewport_size(size)
    set_language(page, live_server.url, shot.language)
    open_page(page, live_server.url, event, SITE[shot.page])
    if shot.then:
        shot.then(page)
    page.wait_for_load_state("networkidle")
    # No hover mark where the last click left the pointer.
    page.mouse.move(size["width"] - 1, size["height"] - 1)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / shot.filename
    if shot.element:
        page.locator(shot.element).screenshot(path=path, animations="disabled")
        width, height = png_size(path)
        assert 0 < width <= size["width"] and height > 0
        return
    page.screenshot(path=path, animations="disabled", caret="hide")
    assert png_size(path) == (size["width"], size["height"])
