"""The tablet where every player's hand scores (issue 13): the typed path
through the ordinary hand form, the hand builder's preview (each player's
added points, doubles and total, then payments, totals and the next East),
and the hand recorded from the builder's JSON."""

from __future__ import annotations

import json

import pytest

from tests.factories import TournamentFactory, player_ids, seated_table
from tournaments.models import Hand

pytestmark = pytest.mark.django_db

EXAMPLE_SETS = [
    {"kind": "pair", "tiles": "11z", "concealed": False},
    {"kind": "pung", "tiles": "222z", "concealed": False},
    {"kind": "pung", "tiles": "444m", "concealed": True},
    {"kind": "chow", "tiles": "123p", "concealed": False},
    {"kind": "chow", "tiles": "789s", "concealed": False},
]


@pytest.fixture(autouse=True)
def english(client):
    """These pages open in French unless a language is chosen: the checks
    below read the English words, so the client chooses English."""
    client.cookies["django_language"] = "en"


@pytest.fixture
def simple_table():
    return seated_table(TournamentFactory(ruleset="french_simple"))


def per_player(name, values):
    return {f"{name}_{i}": "" if v is None else v for i, v in enumerate(values)}


def test_the_tablet_asks_for_the_dominant_wind_and_every_score(client, simple_table):
    page = client.get(f"/table/{simple_table.token}/").content.decode()
    assert 'name="dominant_wind"' in page
    assert 'name="scores_0"' in page and 'name="scores_3"' in page
    assert "data-hands-builder" in page and 'name="hands"' in page


def test_typed_scores_record_a_hand(client, simple_table):
    """A table that counts by hand types each player's score."""
    east, south, west, north = player_ids(simple_table)
    response = client.post(
        f"/table/{simple_table.token}/hands/",
        {"kind": "discard", "winner": north, "discarder": east,
         "dominant_wind": "S", **per_player("scores", [24, 8, 0, 56])},
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:3000]
    hand = Hand.objects.get(table=simple_table)
    assert hand.deltas == [24, 8, 0, 56]
    assert hand.result["scores"] == [24, 8, 0, 56]
    assert hand.result["hands"] == [None] * 4


def test_the_builder_preview_shows_each_players_sheet(client, simple_table):
    """North's example hand shows 28 added points, one double and 56; with
    every other score typed the payments, totals and next East show."""
    east, south, west, north = player_ids(simple_table)
    data = {
        "kind": "discard",
        "winner": north,
        "dominant_wind": "S",
        "hands": json.dumps({str(north): {"sets": EXAMPLE_SETS[:2]}}),
    }
    url = f"/table/{simple_table.token}/hands/preview/"
    partial = client.post(url, data).content.decode()
    # Two sets so far: pair of East (0), pung of South (4) + Mah-Jong 20.
    assert "<span data-added>24</span>" in partial
    assert "Pung of the dominant wind" in partial
    assert "Next hand" not in partial
    data["hands"] = json.dumps({str(north): {"sets": EXAMPLE_SETS}})
    data.update(per_player("scores", [12, 8, 0, None]))
    partial = client.post(url, data).content.decode()
    assert "<span data-added>28</span>" in partial
    assert "<td data-points>56</td>" in partial
    assert "<td data-total>56</td>" in partial
    assert "Next hand&#x27;s East:" in partial or "Next hand's East:" in partial


def test_the_preview_asks_for_the_dominant_wind_first(client, simple_table):
    north = player_ids(simple_table)[3]
    partial = client.post(
        f"/table/{simple_table.token}/hands/preview/",
        {"kind": "discard", "winner": north,
         "hands": json.dumps({str(north): {"sets": EXAMPLE_SETS}})},
    ).content.decode()  # fmt: skip
    assert 'class="error"' in partial


def test_a_built_hand_is_recorded_with_its_sets_and_sheet(client, simple_table):
    east, south, west, north = player_ids(simple_table)
    response = client.post(
        f"/table/{simple_table.token}/hands/",
        {"kind": "discard", "winner": north, "dominant_wind": "S",
         "hands": json.dumps({str(north): {"sets": EXAMPLE_SETS}}),
         **per_player("scores", [12, 8, 0, None])},
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:3000]
    hand = Hand.objects.get(table=simple_table)
    assert hand.result["hands"][3]["sets"][2]["tiles"] == "444m"
    assert hand.fans["scores"] == [12, 8, 0, 56]
    assert hand.fans["sheets"][3]["added"] == 28
    page = client.get(f"/table/{simple_table.token}/").content.decode()
    assert "Each player&#x27;s score" in page or "Each player's score" in page


def test_an_encyclopaedia_table_counts_flowers_together(client):
    table = seated_table(TournamentFactory(ruleset="encyclopaedia"))
    page = client.get(f"/table/{table.token}/").content.decode()
    assert 'name="finish_0"' in page
    assert "data-bonus-count" in page and "data-bonus-kind" not in page


def test_a_french_hand_is_corrected_on_the_tablet(client, simple_table):
    """The correction form shows the stored hands (built and typed) and
    takes new typed scores."""
    east, south, west, north = player_ids(simple_table)
    client.post(
        f"/table/{simple_table.token}/hands/",
        {"kind": "discard", "winner": north, "dominant_wind": "S",
         "hands": json.dumps({str(north): {"sets": EXAMPLE_SETS}}),
         **per_player("scores", [12, 8, 0, None])},
    )  # fmt: skip
    hand = Hand.objects.get(table=simple_table)
    url = f"/table/{simple_table.token}/hands/{hand.pk}/"
    edit = client.get(url).content.decode()
    assert "Correct hand 1" in edit and "444m" in edit
    assert 'name="edit-scores_0" value="12"' in edit
    response = client.post(
        url,
        {"edit-kind": "draw", "edit-dominant_wind": "S", "edit-version": hand.version,
         **per_player("edit-scores", [4, 4, 4, 4])},
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:2000]
    hand.refresh_from_db()
    assert hand.kind == "draw" and hand.winner is None
    # A hand nobody won scores nothing by default (draw_scores off).
    assert hand.deltas == [0, 0, 0, 0]
    assert hand.fans["scores"] == [4, 4, 4, 4]


def test_a_correction_is_previewed_in_the_hands_own_deal(client, simple_table):
    """The correction form's builder previews in the corrected hand's deal:
    after hand 1 moved the deal to South, hand 1's East is still seat 1,
    doubled, and the totals leave hand 1's old scores out."""
    east, south, west, north = player_ids(simple_table)
    client.post(
        f"/table/{simple_table.token}/hands/",
        {"kind": "self_draw", "winner": north, "dominant_wind": "E",
         **per_player("scores", [10, 10, 10, 30])},
    )  # fmt: skip
    hand = Hand.objects.get(table=simple_table)
    edit = client.get(f"/table/{simple_table.token}/hands/{hand.pk}/").content.decode()
    assert f"hands/preview/?hand={hand.pk}" in edit
    east_hand = {"sets": [{"kind": "pung", "tiles": "555p"}]}
    partial = client.post(
        f"/table/{simple_table.token}/hands/preview/?hand={hand.pk}",
        {"edit-kind": "self_draw", "edit-winner": north, "edit-dominant_wind": "E",
         "edit-hands": json.dumps({str(east): east_hand}),
         **per_player("edit-scores", [None, 10, 10, 30])},
    ).content.decode()  # fmt: skip
    # East's pung of 5s: 2, doubled as East of hand 1 = 4.
    assert '<tr data-preview-seat="0">' in partial
    assert partial.count("<td data-points>4</td>") == 1
    assert "<td data-total>4</td>" in partial


@pytest.mark.parametrize("hand", ["\u00b2", "abc", "9" * 40])
def test_a_preview_of_a_hand_the_page_never_names_is_a_404(client, simple_table, hand):
    """``?hand=`` was read with ``int()`` once ``isdigit()`` said yes, and
    "²" is a digit to ``isdigit()``: a 500."""
    response = client.post(
        f"/table/{simple_table.token}/hands/preview/?hand={hand}",
        {"edit-kind": "draw", "edit-dominant_wind": "E"},
    )
    assert response.status_code == 404
