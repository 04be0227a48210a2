"""Properties of the statistics over random MCR tables (Hypothesis): the
players' counts add up to the table's, and every rate is a share of 1."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.mcr.options import McrOptions
from scoring.engine.stats import (
    RATES,
    HandRecord,
    SessionRecord,
    TableRecord,
    event_stats,
)


@st.composite
def hands(draw):
    number = draw(st.integers(1, 16))
    found = []
    for n in range(1, number + 1):
        kind = draw(st.sampled_from(["discard", "self_draw", "draw"]))
        winner = None if kind == "draw" else draw(st.integers(0, 3))
        discarder = None
        if kind == "discard":
            discarder = draw(st.sampled_from([s for s in range(4) if s != winner]))
        points = draw(st.integers(8, 88))
        found.append(
            HandRecord(
                number=n, kind=kind, winner=winner, discarder=discarder,
                deltas=(0, 0, 0, 0), dealer=(n - 1) % 4,
                result={"kind": kind, "winner": winner, "discarder": discarder,
                        "fan_total": 0 if winner is None else points, "flowers": 0},
            )
        )  # fmt: skip
    return tuple(found)


@st.composite
def events(draw):
    tables = draw(st.lists(hands(), min_size=1, max_size=4))
    sessions = []
    for key, played in enumerate(tables):
        players = draw(st.permutations(["A", "B", "C", "D", "E"]))[:4]
        table = TableRecord(key, "mcr", McrOptions(), played, tuple(players))
        ranks = draw(st.lists(st.integers(1, 4), min_size=4, max_size=4))
        sessions += [
            SessionRecord(player, seat, table, 0, ranks[seat], Fraction(1))
            for seat, player in enumerate(players)
        ]
    return tables, sessions


@settings(max_examples=60, deadline=None)
@given(events())
def test_counts_add_up_and_rates_are_shares(data):
    tables, sessions = data
    event = event_stats(sessions)
    all_hands = [hand for played in tables for hand in played]
    figures = [p.figures for p in event.players.values()]
    assert sum(f["hands"].value for f in figures) == 4 * len(all_hands)
    assert sum(f["wins"].value for f in figures) == sum(
        hand.winner is not None for hand in all_hands
    )
    deal_ins = sum(f["deal_in_rate"].value * f["deal_in_rate"].count for f in figures)
    assert deal_ins == sum(hand.kind == "discard" for hand in all_hands)
    for figure in figures:
        for key in RATES & set(figure):
            value = figure[key].value
            assert value is None or 0 <= value <= 1
        places = sum(figure[key].value for key in (
            "first_share", "second_share", "third_share", "fourth_share"))  # fmt: skip
        assert places == 1
    assert event.figures["hands"].value == len(all_hands)
    if event.biggest_hands:
        values = [h.value.value for h in event.biggest_hands]
        assert values == sorted(values, reverse=True)
