"""French classic and encyclopaedia statistics: each player's own hand
points, Mah-Jong rate, and the figures these rules cannot know."""

from __future__ import annotations

from fractions import Fraction as F

from scoring.engine.french.options import FrenchOptions
from scoring.engine.stats import HandRecord, SessionRecord, TableRecord, player_stats


def hand(number, kind, winner, discarder, scores):
    fans = None if scores is None else {"scores": scores, "sheets": [None] * 4}
    return HandRecord(
        number=number,
        kind=kind,
        winner=winner,
        discarder=discarder,
        deltas=tuple(scores or (0, 0, 0, 0)),
        result={"kind": kind, "winner": winner, "discarder": discarder},
        dealer=0,
        fans=fans,
    )


def sessions(code="french_simple"):
    hands = (
        hand(1, "discard", 0, 2, [40, 10, 20, 30]),
        hand(2, "self_draw", 1, None, [8, 60, 0, 4]),
        hand(3, "draw", None, None, None),
    )
    one = TableRecord(
        key=1, ruleset=code, options=FrenchOptions(), hands=hands,
        players=("A", "B", "C", "D"),
    )  # fmt: skip
    return [
        SessionRecord("A", 0, one, 48, 2, F(2)),
        SessionRecord("B", 1, one, 70, 1, F(4)),
        SessionRecord("C", 2, one, 20, 3, F(1)),
        SessionRecord("D", 3, one, 34, 4, F(0)),
    ]


def stats_of(player, code="french_simple"):
    return player_stats([s for s in sessions(code) if s.player == player])


def test_mah_jong_rate_and_hand_points():
    """A went Mah-Jong once in three hands (40 points) and scored 8 in the
    hand B won; the washout has no hand scores."""
    a = stats_of("A")
    got = {k: (f.value, f.count) for k, f in a.figures.items()}
    assert got["win_rate"] == (F(1, 3), 3)
    assert got["washout_share"] == (F(1, 3), 3)
    assert got["average_win_value"] == (F(40), 1)
    assert got["winning_hand_points"] == (F(40), 1)
    assert got["other_hand_points"] == (F(8), 1)
    assert got["deal_in_rate"] == (F(0), 3)


def test_the_discarder_feeds_the_mah_jong():
    c = stats_of("C")
    assert c.figures["deal_in_rate"].value == F(1, 3)
    assert c.figures["other_hand_points"].value == F(10)  # (20 + 0) / 2
    assert c.figures["winning_hand_points"].value is None


def test_figures_of_other_rules_are_absent():
    figures = stats_of("B").figures
    for key in ("declaration_rate", "dealer_retention", "busts", "item_total_average"):
        assert key not in figures
    assert figures["self_draw_share"].value == F(1)


def test_the_encyclopaedia_knows_no_deal_in():
    """Mah-Jong goes out without a discarder there: no deal-in rate."""
    figures = stats_of("C", "encyclopaedia").figures
    assert "deal_in_rate" not in figures
    assert figures["other_hand_points"].value == F(10)
