"""MCR statistics from hand-made tables: every figure computed by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction as F

from scoring.engine.mcr.options import McrOptions
from scoring.engine.stats import (
    HandRecord,
    SessionRecord,
    TableRecord,
    event_stats,
    player_stats,
)

T0 = datetime(2026, 5, 1, 14, 0, tzinfo=UTC)
TRIPLE = {"name": "Mixed Triple Chow", "name_fr": "Triple suite", "points": 8}
CHOWS = {"name": "All Chows", "name_fr": "Que des suites", "points": 2, "count": 1}
CONCEALED = {"name": "Concealed Hand", "points": 2, "count": 1}


def win(number, kind, winner, discarder, points, flowers, deltas, fans, minutes):
    return HandRecord(
        number=number,
        kind=kind,
        winner=winner,
        discarder=discarder,
        deltas=deltas,
        result={
            "kind": kind,
            "winner": winner,
            "discarder": discarder,
            "fan_total": points,
            "flowers": flowers,
        },
        dealer=(number - 1) % 4,
        fans=fans,
        created_at=T0 + timedelta(minutes=minutes),
    )


def first_table():
    # fmt: off
    hands = (
        win(1, "discard", 0, 1, 10, 0, (32, -16, -8, -8), [TRIPLE, CHOWS], 0),
        win(2, "self_draw", 0, None, 8, 1, (51, -17, -17, -17), None, 5),
        win(3, "draw", None, None, 0, 0, (0, 0, 0, 0), None, 12),
        win(4, "discard", 2, 0, 12, 0, (-20, -8, 36, -8),
            [TRIPLE, CHOWS, CONCEALED], 21),
    )
    # fmt: on
    return TableRecord(
        key=1,
        ruleset="mcr",
        options=McrOptions(),
        hands=hands,
        players=("A", "B", "C", "D"),
        round_number=1,
        table_number=1,
    )


def second_table():
    hands = (
        win(1, "discard", 1, 3, 8, 0, (-8, 24, -8, -8), None, 100),
        win(2, "draw", None, None, 0, 0, (0, 0, 0, 0), None, 102),
    )
    return TableRecord(
        key=2,
        ruleset="mcr",
        options=McrOptions(),
        hands=hands,
        players=("B", "A", "D", "C"),
        round_number=2,
        table_number=1,
    )


def sessions():
    one, two = first_table(), second_table()
    return [
        SessionRecord("A", 0, one, 63, 1, F(4), penalties=(5,)),
        SessionRecord("B", 1, one, -41, 4, F(0)),
        SessionRecord("C", 2, one, 11, 2, F(2)),
        SessionRecord("D", 3, one, -33, 3, F(1)),
        SessionRecord("B", 0, two, -8, 2, F(4, 3)),
        SessionRecord("A", 1, two, 24, 1, F(4)),
        SessionRecord("D", 2, two, -8, 2, F(4, 3)),
        SessionRecord("C", 3, two, -8, 2, F(4, 3)),
    ]


def values(stats):
    return {key: (figure.value, figure.count) for key, figure in stats.figures.items()}


def test_a_players_figures_over_two_sessions():
    """A: 6 hands, 3 wins (one self-drawn), one deal-in, two washouts."""
    a = player_stats([s for s in sessions() if s.player == "A"])
    assert values(a) == {
        "hands": (6, 6),
        "sessions": (2, 2),
        "wins": (3, 6),
        "win_rate": (F(1, 2), 6),
        "self_draw_share": (F(1, 3), 3),
        "deal_in_rate": (F(1, 6), 6),
        "washout_share": (F(1, 3), 6),
        "average_win_value": (F(10 + 9 + 8, 3), 3),
        "biggest_win_value": (10, 3),
        "penalties": (1, 2),
        "penalty_points": (5, 2),
        "first_share": (F(1), 2),
        "second_share": (F(0), 2),
        "third_share": (F(0), 2),
        "fourth_share": (F(0), 2),
        "average_place": (F(1), 2),
        "table_points_per_session": (F(4), 2),
        # Only the first hand was entered with its tiles.
        "item_total_average": (F(10), 1),
    }
    assert [(i.name, i.hands, i.share) for i in a.items] == [
        ("All Chows", 1, F(1)),
        ("Mixed Triple Chow", 1, F(1)),
    ]
    assert a.items[1].name_fr == "Triple suite"
    assert a.best_hand is not None
    assert (a.best_hand.value.value, a.best_hand.number) == (10, 1)
    assert a.places == (2, 0, 0, 0)


def test_figures_mcr_cannot_know_are_absent():
    """No declaration, no dealer retention, no bust, no French hand points."""
    figures = player_stats([s for s in sessions() if s.player == "B"]).figures
    for key in ("declaration_rate", "dealer_retention", "busts", "other_hand_points"):
        assert key not in figures


def test_a_player_without_a_win_has_no_average_value():
    """D never won: no value rests on anything (None over 0), not 0."""
    d = player_stats([s for s in sessions() if s.player == "D"])
    assert d.figures["average_win_value"].value is None
    assert d.figures["average_win_value"].count == 0
    assert d.figures["item_total_average"].value is None
    assert d.figures["deal_in_rate"].value == F(0)
    assert d.best_hand is None


def test_the_events_figures():
    """Six hands at two tables, two washouts, paces of 7 and 2 minutes."""
    event = event_stats(sessions(), min_hands=6, top=2)
    assert {k: (f.value, f.count) for k, f in event.figures.items()} == {
        "hands": (6, 6),
        "sessions": (2, 2),
        "washout_rate": (F(1, 3), 6),
        "hands_per_session": (F(3), 2),
        "minutes_per_hand": (F(21 + 2, 4), 4),
    }
    assert [(h.player, h.value.value) for h in event.biggest_hands] == [
        ("C", 12),
        ("A", 10),
        ("A", 9),
        ("A", 8),
    ]
    assert [(i.name, i.hands, i.share) for i in event.items] == [
        ("All Chows", 2, F(1)),
        ("Mixed Triple Chow", 2, F(1)),
        ("Concealed Hand", 1, F(1, 2)),
    ]
    assert [(p.table_key, p.minutes) for p in event.fastest_tables] == [
        (2, F(2)),
        (1, F(7)),
    ]
    assert [p.table_key for p in event.slowest_tables] == [1, 2]
    assert [(x.player, x.value) for x in event.leaders["win_rate"]] == [
        ("A", F(1, 2)),
        ("C", F(1, 6)),
    ]
    best = event.leaders["deal_in_rate"][0]
    assert (best.player, best.value) == ("D", 0)
    assert set(event.players) == {"A", "B", "C", "D"}


def test_leaders_need_the_minimum_of_hands():
    """With a minimum above everyone's hands, no figure has leaders."""
    assert event_stats(sessions(), min_hands=7).leaders == {}


def test_only_ranked_players_lead():
    """A substitute (here A) plays and has figures, but leads none."""
    event = event_stats(sessions(), min_hands=6, ranked={"B", "C", "D"})
    assert "A" in event.players
    assert all(x.player != "A" for found in event.leaders.values() for x in found)
    assert event.leaders["win_rate"][0].player == "C"
