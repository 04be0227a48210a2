"""A league's statistics against a recount from the stored hands.

A season of MCR, riichi and French nights (two MCR nights played by the
same players) is played through the services; the league's figures, one
block per rule set, must equal what the test counts itself from the
``Hand``, ``SeatResult`` and ``Penalty`` rows, follow a corrected or
deleted hand at once, and keep private events from the public.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from leagues.selectors.stats import (
    get_cached_league_stats,
    get_league_stats,
    stats_version,
)
from leagues.selectors.visibility import EVERYTHING, PUBLIC
from tests.integration.leagues.data import make_league, night, tables_of
from tests.integration.leagues.stats_data import merged_recount, mixed_league
from tests.integration.stats_data import assert_recounted
from tournaments.models import Hand, in_wind_order
from tournaments.services import hands as hand_services

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def test_the_leagues_figures_equal_a_recount_from_the_hands(organiser):
    league, events = mixed_league(organiser)
    found = get_league_stats(league, audience=EVERYTHING, min_hands=1)
    assert [block.ruleset for block in found.blocks] == [
        "mcr",
        "french_simple",
        "riichi",
    ]
    for block in found.blocks:
        tournaments = events[block.ruleset]
        expected = merged_recount(tournaments)
        assert set(block.event.players) == set(expected)
        for player, mine in expected.items():
            got = {k: f.value for k, f in block.event.players[player].figures.items()}
            assert_recounted(got, mine, block.ruleset)
        hands = Hand.objects.filter(table__round__tournament__in=tournaments)
        assert block.event.figures["hands"].value == hands.count()
        washouts = hands.filter(kind__in=["draw", "abortive_draw"]).count()
        assert block.event.figures["washout_rate"].value == Fraction(
            washouts, hands.count()
        )
    # The MCR block spans both nights: 8 players, 4 sessions each.
    mcr = found.blocks[0].event
    assert len(mcr.players) == 8
    assert {s.figures["sessions"].value for s in mcr.players.values()} == {4}


def test_leaders_need_the_minimum_of_hands(organiser, settings):
    league, _events = mixed_league(organiser)
    settings.LEAGUE_STATS_MIN_HANDS = 24  # the MCR players' 4 sessions
    found = get_league_stats(league, audience=EVERYTHING)
    assert found.min_hands == 24
    by_code = {block.ruleset: block.event for block in found.blocks}
    assert by_code["mcr"].leaders  # 24 hands each
    assert not by_code["riichi"].leaders  # 12 hands each


def test_a_corrected_or_deleted_hand_changes_the_cached_figures(organiser):
    league, events = mixed_league(organiser)
    before = get_cached_league_stats(league, audience=EVERYTHING).blocks[0].event
    hand = (
        Hand.objects.filter(
            table__round__tournament=events["mcr"][1], winner__isnull=False
        )
        .order_by("table__round__number", "table__number", "number")
        .last()
    )
    table = hand.table
    table.round.status = table.round.Status.PLAYING
    table.round.save()
    hand_services.reopen_table(table_id=table.pk, actor=organiser)
    hand_services.correct_hand(
        hand_id=hand.pk, expected_version=hand.version, actor=organiser,
        result={"kind": "draw"},
    )  # fmt: skip
    hand_services.close_table(table_id=table.pk, actor=organiser, time_called=True)
    corrected = get_cached_league_stats(league, audience=EVERYTHING).blocks[0].event
    washouts = before.figures["washout_rate"].value * 48
    assert corrected.figures["washout_rate"].value * 48 == washouts + 1

    hand_services.reopen_table(table_id=table.pk, actor=organiser)
    hand.refresh_from_db()
    hand_services.delete_hand(
        hand_id=hand.pk, expected_version=hand.version, actor=organiser
    )
    hand_services.close_table(table_id=table.pk, actor=organiser, time_called=True)
    deleted = get_cached_league_stats(league, audience=EVERYTHING).blocks[0].event
    assert deleted.figures["hands"].value == 47
    assert deleted.figures["washout_rate"].value * 47 == washouts


def test_a_private_event_is_left_out_for_the_public(organiser):
    league, events = mixed_league(organiser, is_public=True)
    riichi = events["riichi"][0]
    riichi.is_public = False
    riichi.save()
    public = get_league_stats(league, audience=PUBLIC)
    assert "riichi" not in [block.ruleset for block in public.blocks]
    assert riichi.pk not in public.events
    everything = get_league_stats(league, audience=EVERYTHING)
    assert "riichi" in [block.ruleset for block in everything.blocks]


def test_hands_at_an_open_table_leave_the_figures_cached(organiser):
    """The figures count closed tables: a night under way does not make the
    season be computed again after each hand, its closed table does."""
    league = make_league(organiser, is_public=True)
    event = night(league, organiser, date(2026, 1, 8), ["A A, B B, C C, D D"])
    (table,) = tables_of(event)
    before = stats_version(league, PUBLIC)
    seats = in_wind_order(table.seats.select_related("registration"))
    players = [seat.registration.player_id for seat in seats]
    hand_services.record_hand(
        table_id=table.pk,
        result={"kind": "discard", "winner": players[0], "discarder": players[1],
                "fan_total": 8},
        actor=organiser,
    )  # fmt: skip
    assert stats_version(league, PUBLIC) == before
    assert get_cached_league_stats(league, audience=PUBLIC).blocks == ()
    hand_services.close_table(table_id=table.pk, actor=organiser, time_called=True)
    assert stats_version(league, PUBLIC) != before
    (block,) = get_cached_league_stats(league, audience=PUBLIC).blocks
    assert block.event.figures["hands"].value == 1
