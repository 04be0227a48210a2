"""Control edges and the focus ring reach 3:1 against their backgrounds
(WCAG 2.2, 1.4.11 Non-text Contrast), read from static/css/muraille.css and
the fan calculator's static/css/calculator.css."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS_DIR = Path(__file__).resolve().parents[2] / "static" / "css"
CSS = (CSS_DIR / "muraille.css").read_text(encoding="utf-8")
CALCULATOR_CSS = (CSS_DIR / "calculator.css").read_text(encoding="utf-8")
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
CALCULATOR_RULES = rules(CALCULATOR_CSS)


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


def css_colour(value: str) -> str:
    """The colour of ``var(--name, #fallback)`` (the custom property's value,
    which must equal the fallback) or of a plain ``#rrggbb``."""
    variable = re.fullmatch(r"var\((--[\w-]+)(?:,\s*(#[0-9a-fA-F]{6}))?\)", value)
    if not variable:
        return value
    colour = COLOURS[variable[1]]
    assert variable[2] in (None, colour), f"{value}: fallback is not {colour}"
    return colour


def border_colour(body: str) -> str:
    border = re.search(r"border:\s*\S+\s+(?:solid|dashed)\s+([^;]+);", body)
    assert border, body
    return css_colour(border[1].strip())


def background_colour(body: str) -> str:
    fill = re.search(r"background:\s*(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})\s*;", body)
    assert fill, body
    return "#" + "".join(c * 2 for c in fill[1][1:]) if len(fill[1]) == 4 else fill[1]


@pytest.mark.parametrize("selector", [".picker-hand", ".meld"])
def test_calculator_tap_targets_reach_three_to_one(selector):
    """The picker's hand and its melds (tapped to remove tiles) are edged with
    the control line, 3:1 against their own fill and the card around them."""
    body = CALCULATOR_RULES[selector]
    edge = border_colour(body)
    assert edge == COLOURS["--control-line"]
    assert ratio(edge, background_colour(body)) >= MINIMUM
    assert ratio(edge, COLOURS["--card"]) >= MINIMUM


def test_calculator_edges_use_known_colours():
    """Every solid edge of calculator.css is the control line, the focus or
    jade colour, the red ink, or transparent: never the 1.3:1 divider."""
    allowed = {
        COLOURS[name] for name in ("--control-line", "--focus", "--jade", "--red")
    } | {"#c0141c"}
    for selector, body in CALCULATOR_RULES.items():
        for value in re.findall(
            r"border(?:-color)?:\s*(?:\S+\s+solid\s+)?([^;]+);", body
        ):
            value = value.strip()
            if value == "transparent" or value.startswith("none"):
                continue
            assert css_colour(value) in allowed, (selector, value)
