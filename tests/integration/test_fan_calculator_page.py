"""The fan calculator page, MCR's ``score_tiles``, and one answer from every door.

The command (``python -m scoring.engine.mcr``), the API and the page must
count the same fans and totals for the same hands.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring.api import EXAMPLE_HAND
from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset, tile_calculator
from tests.commands import run_module
from tests.differential.generate import random_hands

pytestmark = pytest.mark.django_db

URL = "/mcr/fans/"
#: The hand of the API documentation, with one flower.
HAND = {**EXAMPLE_HAND, "flowers": 1}
NOT_WINNING = {**HAND, "concealed": "124m456p78s11z"}
# All Chows 2 + Single Wait 1: 3 points, below the minimum.
BELOW_MINIMUM = {
    **HAND,
    "concealed": "123m456p678s5m",
    "melds": [{"kind": "chow", "tiles": "234s", "concealed": False, "from": "left"}],
    "winning_tile": "5m",
    "seat_wind": "S",
}
HTMX = {"HTTP_HX_REQUEST": "true"}
ROOT = Path(settings.BASE_DIR)


def post_page(client, hand, **headers):
    return client.post(URL, {"tiles": json.dumps(hand)}, **headers)


def test_url_name():
    assert reverse("scoring:calculator") == URL


def test_page_renders_the_picker(client):
    """GET: the hidden ``tiles`` input, 34 tile buttons, the script, and an
    htmx form aimed at an explicit target."""
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="tiles"' in html
    assert len(re.findall(r'class="tile-btn" data-tile="', html)) == 34
    assert 'src="/static/tiles/7z.svg"' in html
    assert 'aria-label="3 Characters"' in html
    assert 'aria-label="Red Dragon"' in html
    assert "js/tile-picker.js" in html
    assert 'hx-post="/mcr/fans/"' in html
    assert 'hx-target="#fan-result"' in html
    assert 'id="fan-result"' in html
    assert "Pick the 14 tiles of a winning hand" in html


def test_page_in_french(client):
    """The picker's words follow Accept-Language."""
    html = client.get(URL, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="fr">' in html
    assert 'aria-label="3 Characters"' not in html
    assert "Count the fans" not in html


def test_htmx_post_returns_the_breakdown_partial(client):
    """An htmx POST answers only the breakdown: fans, total, payments."""
    response = post_page(client, HAND, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert 'data-total="10"' in html
    assert "Mixed Straight" in html
    assert "Pung of Terminals or Honors" in html
    assert "Flower Tiles" in html
    assert "+34" in html  # the winner
    assert "-18" in html  # the discarder
    assert "Each of the two other players" in html


def test_fan_names_in_french(client):
    """Under Accept-Language: fr the fans carry their French names."""
    html = post_page(client, HAND, HTTP_ACCEPT_LANGUAGE="fr", **HTMX).content
    html = html.decode()
    assert "Grande suite" in html
    assert "Mixed Straight" not in html


def test_not_winning_hand_shows_the_error(client):
    """Tiles that do not win: the referee reads why, and no payments."""
    html = post_page(client, NOT_WINNING, **HTMX).content.decode()
    assert 'role="alert"' in html
    assert "Not a winning hand." in html
    assert "Payments" not in html


def test_below_minimum_shows_the_fans_found(client):
    """Below 8 points: the sentence, and the fans that were found."""
    html = post_page(client, BELOW_MINIMUM, **HTMX).content.decode()
    assert "3 points without flowers: below the 8-point minimum." in html
    assert "All Chows" in html
    assert "Total without flowers" in html


def test_missing_tiles_is_a_form_error(client):
    """Nothing picked: ask for the tiles instead of scoring nothing."""
    html = client.post(URL, {"tiles": ""}, **HTMX).content.decode()
    assert "Pick the tiles of the hand first." in html


def test_plain_post_keeps_the_hand(client):
    """Without htmx the whole page comes back, the picked hand still there."""
    response = post_page(client, HAND)
    html = response.content.decode()
    assert "<html" in html
    assert 'data-total="10"' in html
    value = re.search(r'name="tiles" value="([^"]*)"', html).group(1)
    assert json.loads(value.replace("&quot;", '"')) == HAND


def test_every_palette_tile_has_an_svg():
    """static/tiles holds the 34 tiles, each a 60x80 SVG."""
    names = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
    names += [f"{r}z" for r in range(1, 8)]
    for name in names:
        svg = ElementTree.parse(ROOT / "static" / "tiles" / f"{name}.svg").getroot()
        assert svg.get("width") == "60"
        assert svg.get("height") == "80"


def score_tiles(data):
    calculator = tile_calculator(get_ruleset("mcr"))
    assert calculator is not None
    return calculator.score_tiles(data)


def test_score_tiles_gives_the_total_without_flowers():
    """The hand service stores the fan total without flowers, and the fans."""
    score = score_tiles({**HAND, "flowers": 2, "self_drawn": True})
    assert score.result == {"fan_total": 10}
    assert score.confirms == {"flowers": 2}
    assert score.self_drawn is True
    fans = [dict(fan) for fan in score.breakdown]
    assert [fan["number"] for fan in fans] == [39, 73, 80, 81]
    assert json.loads(json.dumps(fans)) == fans


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        (NOT_WINNING, "not_a_winning_hand"),
        ({**HAND, "concealed": "123m456p78s1z"}, "wrong_tile_count"),
        (BELOW_MINIMUM, "below_minimum"),
    ],
)
def test_score_tiles_refuses_what_cannot_be_stored(hand, code):
    """A bad hand or one below the minimum raises EngineError."""
    with pytest.raises(EngineError) as raised:
        score_tiles(hand)
    assert raised.value.code == code


def command_answers(hands):
    lines = "".join(json.dumps(hand) + "\n" for hand in hands)
    done = run_module("scoring.engine.mcr", lines, timeout=120, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_command_api_and_page_agree():
    """On 50 seeded hands (and two bad ones) the command, the API and the
    page give the same ok, total and fans, and the same English error."""
    hands = [*random_hands(seed=20261122, count=50), HAND, NOT_WINNING]
    hands.append({**HAND, "concealed": "123m456p78s11x"})
    expected = command_answers(hands)
    assert len(expected) == len(hands)
    assert sum(answer["ok"] for answer in expected) >= 10
    assert sum(not answer["ok"] for answer in expected) >= 3
    client = Client()
    for hand, want in zip(hands, expected, strict=True):
        api = client.post("/api/mcr/fans", hand, content_type="application/json")
        page = post_page(client, hand, **HTMX).context["answer"]
        for got in (api.json(), page):
            assert {key: got[key] for key in want} == want, hand
