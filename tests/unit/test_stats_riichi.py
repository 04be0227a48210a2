"""Riichi statistics from a hand-made table: every figure computed by hand.

Five hands, seats A B C D, 25,000 to start: B wins on A's discard after
riichi (3 han), B (dealer) self-draws 2 han, an exhaustive draw with A in
riichi, a double ron on C's discard (D's yakuman, then A's 1 han) that
leaves C below zero, and a chombo by A.
"""

from __future__ import annotations

from fractions import Fraction as F

from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.stats import (
    HandRecord,
    SessionRecord,
    TableRecord,
    event_stats,
    player_stats,
)

YAKU = [
    {"name": "Riichi", "han": 1, "yakuman": False},
    {"name": "Pinfu", "han": 1, "yakuman": False},
    {"name": "Tanyao", "han": 1, "yakuman": False},
    {"name": "Dora", "han": 2, "yakuman": False},  # not a yaku: left out
]


def hand(number, dealer, kind, winner, discarder, deltas, result, fans=None):
    return HandRecord(
        number=number,
        kind=kind,
        winner=winner,
        discarder=discarder,
        deltas=deltas,
        result={"kind": kind, "riichi": [], **result},
        dealer=dealer,
        fans=fans,
    )


def table():
    hands = (
        hand(1, 0, "discard", 1, 0, (-3900, 3900, 0, 0),
             {"winner": 1, "discarder": 0, "han": 3, "fu": 30, "riichi": [1]}, YAKU),
        hand(2, 1, "self_draw", 1, None, (-1000, 3000, -1000, -1000),
             {"winner": 1, "han": 2, "fu": 30}),
        hand(3, 1, "draw", None, None, (2000, -1000, -1000, -1000),
             {"tenpai": [0], "riichi": [0]}),
        hand(4, 2, "discard", 3, 2, (1000, 0, -33000, 33000),
             {"winner": 3, "yakuman": 1, "han": 0, "discarder": 2,
              "winner_2": 0, "han_2": 1, "fu_2": 30}),
        hand(5, 3, "chombo", None, None, (-8000, 2000, 2000, 4000),
             {"offender": 0}),
    )  # fmt: skip
    return TableRecord(
        key=7, ruleset="riichi", options=RiichiOptions(), hands=hands,
        players=("A", "B", "C", "D"), round_number=1, table_number=3,
    )  # fmt: skip


def sessions():
    one = table()
    return [
        SessionRecord("A", 0, one, -9900, 3, F(-15)),
        SessionRecord("B", 1, one, 6900, 2, F(10)),
        SessionRecord("C", 2, one, -33000, 4, F(-45)),
        SessionRecord("D", 3, one, 36000, 1, F(50)),
    ]


def stats_of(player):
    return player_stats([s for s in sessions() if s.player == player])


def values(stats, *keys):
    return {key: (stats.figures[key].value, stats.figures[key].count) for key in keys}


def test_a_second_winner_on_one_discard_wins_without_the_stored_value():
    """A wins hand 4 as the second ron: a win, points won, no hand value."""
    a = stats_of("A")
    assert values(a, "wins", "win_rate", "self_draw_share", "deal_in_rate") == {
        "wins": (1, 5),
        "win_rate": (F(1, 5), 5),
        "self_draw_share": (F(0), 1),
        "deal_in_rate": (F(1, 5), 5),
    }
    assert values(a, "average_win_value", "biggest_win_value") == {
        "average_win_value": (None, 0),
        "biggest_win_value": (None, 0),
    }
    assert values(a, "points_won_average", "points_lost_average") == {
        "points_won_average": (F(1000), 1),
        "points_lost_average": (F(3900), 1),
    }


def test_a_chombo_is_neither_a_win_nor_a_washout():
    """Only the exhaustive draw is a washout."""
    assert values(stats_of("A"), "washout_share") == {"washout_share": (F(1, 5), 5)}


def test_riichi_rate_and_its_win_rate():
    """B declared once and won that hand; A declared once and drew."""
    assert values(stats_of("B"), "declaration_rate", "declared_win_rate") == {
        "declaration_rate": (F(1, 5), 5),
        "declared_win_rate": (F(1), 1),
    }
    assert values(stats_of("A"), "declared_win_rate") == {
        "declared_win_rate": (F(0), 1)
    }


def test_dealer_retention():
    """B kept the deal after the self-draw, lost it after the noten draw."""
    assert values(stats_of("B"), "dealer_retention") == {
        "dealer_retention": (F(1, 2), 2)
    }
    assert values(stats_of("A"), "dealer_retention") == {"dealer_retention": (F(0), 1)}


def test_han_average_and_the_yakuman_above_every_han():
    """B: (3 + 2) / 2 han; D's biggest win is a yakuman, outside the han
    average."""
    b, d = stats_of("B"), stats_of("D")
    assert values(b, "average_win_value", "biggest_win_value") == {
        "average_win_value": (F(5, 2), 2),
        "biggest_win_value": (3, 2),
    }
    assert values(d, "average_win_value") == {"average_win_value": (None, 0)}
    assert d.best_hand is not None
    assert (d.best_hand.value.value, d.best_hand.value.unit) == (1, "yakuman")
    assert [(i.name, i.hands) for i in b.items] == [
        ("Pinfu", 1),
        ("Riichi", 1),
        ("Tanyao", 1),
    ]


def test_busts():
    """C fell to -10,000 after the double ron; nobody else went below zero."""
    assert values(stats_of("C"), "busts") == {"busts": (1, 1)}
    assert values(stats_of("A"), "busts") == {"busts": (0, 1)}


def test_no_fan_total_figure_and_no_french_points():
    figures = stats_of("B").figures
    assert "item_total_average" not in figures
    assert "winning_hand_points" not in figures


def test_the_events_biggest_hands_put_the_yakuman_first():
    event = event_stats(sessions())
    assert [(h.player, h.value.value, h.value.unit) for h in event.biggest_hands] == [
        ("D", 1, "yakuman"),
        ("B", 3, "han"),
        ("B", 2, "han"),
    ]
    assert event.figures["washout_rate"].value == F(1, 5)
    assert event.figures["minutes_per_hand"].value is None
    assert event.fastest_tables == ()
