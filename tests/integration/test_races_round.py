"""Finish-round, publish, hand entry and close racing on one tournament
(PostgreSQL): no deadlock, only named refusals, a consistent end state."""

from __future__ import annotations

import pytest

from tests.factories import player_ids as players_of
from tests.integration.race_helpers import (
    RACE_MARKS,
    assert_only_named_errors,
    discard,
    postgres_only,  # noqa: F401 - fixture
    race,
)
from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import Hand, Round, SeatingPlan, SeatResult
from tournaments.services import hands
from tournaments.services.seating_plans import publish_seating
from tournaments.services.setup import finish_round

pytestmark = RACE_MARKS

ITERATIONS = 4


def build_day(organiser):
    """Round 1 playing at two tables (one hand at table 1), and a plan for
    round 2 ready to publish."""
    tournament = organised(organiser, rounds_count=2)
    registrations = named_players(tournament, EIGHT)
    first, second = seat_round(tournament, 1, [registrations[:4], registrations[4:]])
    a, b = players_of(first)[:2]
    hands.record_hand(table_id=first.pk, result=discard(a, b), actor=organiser)
    ids = [r.pk for r in registrations]
    plan = SeatingPlan.objects.create(
        tournament=tournament,
        first_round=2,
        rounds_count=1,
        mode=tournament.seating_mode,
        seed=1,
        status=SeatingPlan.Status.READY,
        rounds=[[[ids[0], ids[4], ids[1], ids[5]], [ids[2], ids[6], ids[3], ids[7]]]],
    )
    return tournament, first, second, plan


def assert_consistent(tournament, plan) -> None:
    round_1 = tournament.rounds.get(number=1)
    tables = list(round_1.tables.all())
    if round_1.status == Round.Status.FINISHED:
        assert all(table.is_closed for table in tables)
    for table in tables:
        results = SeatResult.objects.filter(seat__table=table)
        played = Hand.objects.filter(table=table).order_by("number")
        assert [hand.number for hand in played] == list(range(1, len(played) + 1))
        assert results.count() == 4
        by_seat = {r.seat_id: r.hand_points for r in results}
        assert sum(by_seat.values()) == 0
    plan.refresh_from_db()
    assert plan.status == SeatingPlan.Status.PUBLISHED
    round_2 = tournament.rounds.get(number=2)
    assert round_2.status == Round.Status.SEATED
    assert round_2.seats.count() == 8


@pytest.mark.parametrize("iteration", range(ITERATIONS))
def test_finish_publish_hand_and_close_race_without_deadlock(organiser, iteration):
    """Six writers at once on one tournament: each succeeds or gets a named
    refusal, and the round, its tables and the published plan agree."""
    tournament, first, second, plan = build_day(organiser)
    a, b, c, d = players_of(first)
    e, f, _g, _h = players_of(second)
    outcomes = race(
        finish=lambda: finish_round(round_id=first.round_id, actor=organiser),
        publish=lambda: publish_seating(plan_id=plan.pk, actor=organiser),
        hand_1=lambda: hands.record_hand(
            table_id=first.pk, result=discard(c, d), actor=organiser
        ),
        hand_2=lambda: hands.record_hand(
            table_id=second.pk, result=discard(e, f), actor=organiser
        ),
        close_1=lambda: hands.close_table(
            table_id=first.pk, actor=organiser, time_called=True
        ),
        close_2=lambda: hands.close_table(
            table_id=second.pk, actor=organiser, time_called=True
        ),
    )
    late = {"table_closed", "round_finished"}
    assert_only_named_errors(
        outcomes,
        {
            "finish": {"tables_still_open"},
            "hand_1": late,
            "hand_2": late,
            "close_1": late,
            "close_2": late,
        },
    )
    assert_consistent(tournament, plan)
    if outcomes["finish"].error is None:
        assert {"close_1", "close_2"} <= {
            name for name, outcome in outcomes.items() if outcome.error is None
        }


@pytest.mark.parametrize("iteration", range(ITERATIONS))
def test_first_hands_of_a_seated_round_race_a_new_plan_for_it(organiser, iteration):
    """A first hand starts its round while a plan for that round is being
    published: either the hand is stored (the round is played, the plan is
    refused) or the plan replaces the tables (the hand finds no table)."""
    tournament = organised(organiser, rounds_count=1)
    registrations = named_players(tournament, EIGHT)
    first, second = seat_round(tournament, 1, [registrations[:4], registrations[4:]])
    ids = [r.pk for r in registrations]
    plan = SeatingPlan.objects.create(
        tournament=tournament,
        first_round=1,
        rounds_count=1,
        mode=tournament.seating_mode,
        seed=1,
        status=SeatingPlan.Status.READY,
        rounds=[[ids[::2], ids[1::2]]],
    )
    a, b, _c, _d = players_of(first)
    e, f, _g, _h = players_of(second)
    outcomes = race(
        publish=lambda: publish_seating(plan_id=plan.pk, actor=organiser),
        hand_1=lambda: hands.record_hand(
            table_id=first.pk, result=discard(a, b), actor=organiser
        ),
        hand_2=lambda: hands.record_hand(
            table_id=second.pk, result=discard(e, f), actor=organiser
        ),
    )
    assert_only_named_errors(
        outcomes,
        {
            "publish": {"round_already_played"},
            "hand_1": {"unknown_table"},
            "hand_2": {"unknown_table"},
        },
    )
    round_ = tournament.rounds.get()
    if outcomes["publish"].error is None:
        assert round_.status == Round.Status.SEATED
        assert not Hand.objects.filter(table__round=round_).exists()
    else:
        assert round_.status == Round.Status.PLAYING
        stored = Hand.objects.filter(table__round=round_).count()
        assert stored == sum(outcomes[n].error is None for n in ("hand_1", "hand_2"))
