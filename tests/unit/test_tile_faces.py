"""The tile images draw every character as outlines, so no font is needed."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

TILES = Path(__file__).resolve().parents[2] / "static" / "tiles"
SVG = "{http://www.w3.org/2000/svg}"
NAMES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + [
    f"{rank}z" for rank in range(1, 8)
]
# Tiles whose face is a Chinese character (all but dots, bamboo, white dragon).
LETTERED = [f"{rank}m" for rank in range(1, 10)] + ["1z", "2z", "3z", "4z", "6z", "7z"]


def test_the_34_tiles_are_there():
    """One image per tile kind, and nothing else in the folder."""
    assert sorted(path.stem for path in TILES.glob("*.svg")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_tile_is_a_60_by_80_svg_without_text_or_font(name):
    """Each tile parses as SVG with the 60x80 box and draws no text."""
    source = (TILES / f"{name}.svg").read_text(encoding="utf-8")
    root = ET.fromstring(source)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    tags = {element.tag.removeprefix(SVG) for element in root.iter()}
    assert not tags & {"text", "tspan", "textPath", "font", "font-face", "style"}
    assert not re.search(r"font|@import|url\(", source, re.IGNORECASE)


@pytest.mark.parametrize("name", LETTERED)
def test_character_tiles_carry_outlines(name):
    """The characters became paths inside the tile, not an empty face."""
    root = ET.parse(TILES / f"{name}.svg").getroot()
    paths = [element.get("d", "") for element in root.iter(f"{SVG}path")]
    assert paths and all(len(d) > 40 for d in paths)
    numbers = [float(n) for d in paths for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    assert numbers and min(numbers) >= 0 and max(numbers) <= 80
