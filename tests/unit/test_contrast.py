"""Control edges and the focus ring reach 3:1 against their backgrounds
(WCAG 2.2, 1.4.11 Non-text Contrast), read from static/css/muraille.css."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STYLESHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "muraille.css"
CSS = STYLESHEET.read_text(encoding="utf-8")
MINIMUM = 3.0


def custom_properties(css: str) -> dict[str, str]:
    """The ``--name: value`` pairs of the ``:root`` rule."""
    root = re.search(r":root\s*\{(?P<body>[^}]*)\}", css)
    assert root, "muraille.css has no :root rule"
    body = re.sub(r"/\*.*?\*/", "", root["body"], flags=re.DOTALL)
    return dict(re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", body))


def rules(css: str) -> dict[str, str]:
    """Selector -> declarations for every flat rule (comments removed)."""
    flat = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    found: dict[str, str] = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", flat):
        found[" ".join(selector.split())] = body
    return found


def luminance(colour: str) -> float:
    """WCAG relative luminance of a #rrggbb colour."""
    match = re.fullmatch(r"#([0-9a-fA-F]{6})", colour.strip())
    assert match, f"not a #rrggbb colour: {colour}"
    channels = [int(match[1][i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(first: str, second: str) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


COLOURS = custom_properties(CSS)
RULES = rules(CSS)


def test_luminance_matches_the_wcag_extremes():
    """Black on white is 21:1, a colour on itself 1:1."""
    assert ratio("#000000", "#ffffff") == pytest.approx(21)
    assert ratio("#1a5fb4", "#1a5fb4") == pytest.approx(1)


@pytest.mark.parametrize(
    ("foreground", "background"),
    [
        ("--control-line", "--paper"),
        ("--control-line", "--card"),
        ("--focus", "--paper"),
        ("--focus", "--card"),
        ("--on-dark-line", "--ink"),
        ("--focus-on-dark", "--ink"),
        ("--red", "--card"),
        ("--jade", "--paper"),
    ],
)
def test_control_colours_reach_three_to_one(foreground, background):
    """Borders and rings stand out 3:1 from the page, cards and the top bar."""
    assert ratio(COLOURS[foreground], COLOURS[background]) >= MINIMUM


@pytest.mark.parametrize(
    "selector",
    ["button, .button", "input, select, textarea", ".choice span"],
)
def test_controls_are_edged_with_the_control_line(selector):
    """Buttons, fields and the big radio targets use the 3:1 edge colour."""
    border = re.search(r"border:\s*([^;]+);", RULES[selector])
    assert border and "var(--control-line)" in border[1]


def test_danger_button_edge_is_the_red_ink():
    assert "border-color: var(--red)" in RULES["button.danger"]


def test_every_focus_ring_is_a_visible_3px_outline():
    """The global ring and the radio targets' ring: 3px, solid, focus colour."""
    ring = re.compile(r"outline:\s*3px\s+solid\s+var\(--focus\)")
    assert ring.search(RULES[":focus-visible"])
    assert ring.search(RULES[".choice input:focus-visible + span"])
    dark = [body for selector, body in RULES.items() if selector.startswith(".topbar")]
    assert any("outline-color: var(--focus-on-dark)" in body for body in dark)


def test_no_focus_ring_is_removed():
    """No rule hides the outline of a focused control."""
    for selector, body in RULES.items():
        if "focus" in selector:
            assert not re.search(r"outline:\s*(none|0)\b", body), selector
