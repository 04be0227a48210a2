"""The event's figures read a table's hands once for its four seats
(``players_stats``): every player's figures must still be exactly those of
``player_stats`` over that player's sessions alone, whatever the rule set
(riichi's double ron, declarations and busts, the French hand scores, MCR's
fans) and whatever the order the sessions come in."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from scoring.engine.stats import LEADER_FIGURES, Leader, event_stats, player_stats
from tests.unit import test_stats_french, test_stats_mcr, test_stats_riichi
from tests.unit.test_stats_properties import events

FIXTURES = {
    "mcr": test_stats_mcr.sessions,
    "riichi": test_stats_riichi.sessions,
    "french_simple": test_stats_french.sessions,
    "encyclopaedia": lambda: test_stats_french.sessions("encyclopaedia"),
}


def each_alone(sessions):
    players = dict.fromkeys(s.player for s in sessions)
    return {
        player: player_stats([s for s in sessions if s.player == player])
        for player in players
    }


@pytest.mark.parametrize("code", sorted(FIXTURES))
@pytest.mark.parametrize("seed", [None, 1, 2, 3])
def test_one_pass_per_table_gives_each_players_own_figures(code, seed):
    """In the order given (a table's seats together) and shuffled (a table's
    seats apart, a player's sessions in another order)."""
    sessions = FIXTURES[code]()
    if seed is not None:
        random.Random(seed).shuffle(sessions)
    assert event_stats(sessions).players == each_alone(sessions)


def test_two_seats_of_one_player_at_a_table_are_read_apart():
    """A player listed at two seats of one table (a bad import) counts both
    seats' hands, as two sessions read one after the other would."""
    sessions = test_stats_mcr.sessions()
    doubled = [s for s in sessions if s.table is sessions[0].table]
    doubled[1] = type(doubled[1])(
        "A", doubled[1].seat, doubled[1].table, 0, 4, doubled[1].table_points
    )
    stats = event_stats(doubled).players["A"]
    assert stats == player_stats([s for s in doubled if s.player == "A"])
    assert stats.figures["sessions"].value == 2


@settings(max_examples=60, deadline=None)
@given(events())
def test_random_mcr_events(data):
    _, sessions = data
    assert event_stats(sessions).players == each_alone(sessions)


@settings(max_examples=40, deadline=None)
@given(events())
def test_leaders_and_biggest_hands_are_the_first_of_the_full_sort(data):
    """The leaders and the biggest hands keep only the best few
    (``heapq.nsmallest``): the same as sorting them all and cutting, ties
    in the order the players and hands come."""
    _, sessions = data
    event = event_stats(sessions, top=2)
    players = list(event.players.values())
    for key, higher in LEADER_FIGURES:
        valued = [
            (p, p.figures[key].value)
            for p in players
            if p.hands >= 1 and key in p.figures and p.figures[key].value is not None
        ]
        valued.sort(key=lambda pair: (-pair[1] if higher else pair[1], -pair[0].hands))
        expected = tuple(Leader(p.player, v, p.hands) for p, v in valued[:2])
        assert event.leaders.get(key, ()) == expected
    values = [h.value.value for h in event.biggest_hands]
    assert values == sorted(values, reverse=True)
    assert len(event.biggest_hands) <= 6
