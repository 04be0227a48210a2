"""The statistics selectors against a recount from the stored hands.

Events under MCR, riichi and the French rules are played through the
services; every player's figures must equal what this test counts itself
from the ``Hand``, ``SeatResult`` and ``Penalty`` rows, in a fixed number of
queries, and follow a corrected or deleted hand at once (the cache is keyed
by the tables' versions).
"""

from __future__ import annotations

import pytest

from tests.factories import organiser_account
from tests.integration.stats_data import assert_recounted, played_event, recount
from tournaments.models import (
    Hand,
    Registration,
    Tournament,
)
from tournaments.selectors.stats import (
    get_cached_tournament_stats,
    get_player_stats,
    get_tournament_stats,
    load_sessions,
)
from tournaments.services import hands as hand_services

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.mark.parametrize("code", ["mcr", "riichi", "french_simple"])
def test_figures_equal_a_recount_from_the_hands(code):
    tournament = played_event(code, organiser_account())
    event = get_tournament_stats(tournament, min_hands=1).event
    expected = recount(tournament)
    assert event is not None
    assert set(event.players) == set(expected)
    for player, mine in expected.items():
        got = {k: f.value for k, f in event.players[player].figures.items()}
        assert_recounted(got, mine, code)
    assert (
        event.figures["hands"].value
        == Hand.objects.filter(table__round__tournament=tournament).count()
    )


def test_reading_costs_the_same_queries_whatever_the_hands(
    django_assert_num_queries,
):
    """Results, hands, penalties and the rules: four queries for 48 hands."""
    actor = organiser_account()
    one, two = played_event("mcr", actor), played_event("mcr", actor, seed=9)
    both = Tournament.objects.filter(pk__in=[one.pk, two.pk])
    with django_assert_num_queries(4):
        sessions = load_sessions(both)
    assert len(sessions) == 32
    assert (
        sum(len(t.hands) for t in {id(s.table): s.table for s in sessions}.values())
        == 48
    )
    player = sessions[0].player
    with django_assert_num_queries(4):
        mine = load_sessions(both, player_id=player)
    assert {s.player for s in mine} == {player}


def test_a_corrected_or_deleted_hand_changes_the_cached_figures():
    actor = organiser_account()
    tournament = played_event("mcr", actor)
    before = get_cached_tournament_stats(tournament, min_hands=1).event
    hand = (
        Hand.objects.filter(table__round__tournament=tournament, winner__isnull=False)
        .order_by("table__round__number", "table__number", "number")
        .last()
    )
    table = hand.table
    round_ = table.round
    round_.status = round_.Status.PLAYING
    round_.save()
    hand_services.reopen_table(table_id=table.pk, actor=actor)
    hand_services.correct_hand(
        hand_id=hand.pk, expected_version=hand.version, actor=actor,
        result={"kind": "draw"},
    )  # fmt: skip
    hand_services.close_table(table_id=table.pk, actor=actor, time_called=True)
    corrected = get_cached_tournament_stats(tournament, min_hands=1).event
    washouts = before.figures["washout_rate"].value * 24
    assert corrected.figures["washout_rate"].value * 24 == washouts + 1

    hand_services.reopen_table(table_id=table.pk, actor=actor)
    hand.refresh_from_db()
    hand_services.delete_hand(
        hand_id=hand.pk, expected_version=hand.version, actor=actor
    )
    hand_services.close_table(table_id=table.pk, actor=actor, time_called=True)
    deleted = get_cached_tournament_stats(tournament, min_hands=1).event
    assert deleted.figures["hands"].value == 23
    assert deleted.figures["washout_rate"].value * 23 == washouts


def test_a_players_figures_over_events_equal_the_events_own():
    """The same sessions give the same figures, whichever reader."""
    tournament = played_event("riichi", organiser_account())
    event = get_tournament_stats(tournament, min_hands=1).event
    player = next(iter(event.players))
    mine = get_player_stats(player, Tournament.objects.all())
    assert set(mine) == {"riichi"}
    assert mine["riichi"].figures == event.players[player].figures
    assert get_player_stats(player, Tournament.objects.all(), ruleset="mcr") == {}
    # A private event's sessions are not read when the caller leaves it out.
    tournament.is_public = False
    tournament.save()
    assert get_player_stats(player, Tournament.objects.filter(is_public=True)) == {}


def test_a_substitute_has_figures_but_leads_nothing():
    tournament = played_event("mcr", organiser_account())
    substitute = tournament.registrations.first()
    substitute.status = Registration.Status.SUBSTITUTE
    substitute.save()
    event = get_tournament_stats(tournament, min_hands=1).event
    assert substitute.player_id in event.players
    leaders = {x.player for found in event.leaders.values() for x in found}
    assert substitute.player_id not in leaders and leaders


def test_hands_entered_at_the_times_django_reads():
    """``created_at`` read from its stored text (``entered_at``) is the
    instant the model field gives, microseconds included, on SQLite and
    PostgreSQL, for the statistics' read and the workbook's."""
    from datetime import UTC, datetime, timedelta

    from tournaments.selectors.exports import WorkbookHands
    from tournaments.selectors.stats import entered_at

    tournament = played_event("mcr", organiser_account())
    base = datetime(2026, 3, 14, 9, 30, 0, 120000, tzinfo=UTC)
    for step, hand in enumerate(
        Hand.objects.filter(table__round__tournament=tournament)
    ):
        hand.created_at = base + timedelta(minutes=step, microseconds=7 * step)
        hand.save(update_fields=["created_at"])
    expected = {
        (hand.table_id, hand.number): hand.created_at
        for hand in Hand.objects.filter(table__round__tournament=tournament)
    }
    sessions = load_sessions(Tournament.objects.filter(pk=tournament.pk))
    read = {
        (session.table.key, hand.number): hand.created_at
        for session in sessions
        for hand in session.table.hands
    }
    workbook = {
        (table_id, hand.number): hand.created_at
        for table_id, hands in WorkbookHands(tournament).records().items()
        for hand in hands
    }
    assert read == workbook == expected
    assert all(value.utcoffset() is not None for value in read.values())
    assert entered_at(None) is None
