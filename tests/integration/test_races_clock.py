"""The clock, a swap, a new tablet link, hands and closes racing in one
playing round (PostgreSQL): no deadlock, only named refusals."""

from __future__ import annotations

import pytest

from tests.factories import player_ids
from tests.integration.race_helpers import (
    RACE_MARKS,
    assert_only_named_errors,
    discard,
    postgres_only,  # noqa: F401 - fixture
    race,
)
from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import Round, Seat, Table
from tournaments.services import clock, hands, seating
from tournaments.services.setup import finish_round

pytestmark = RACE_MARKS

ITERATIONS = 3


@pytest.mark.parametrize("iteration", range(ITERATIONS))
def test_round_writers_race_without_deadlock(organiser, iteration):
    """Round, table and hand writers at once: each succeeds or is refused by
    name; seats stay whole and the round stays open while a table is open."""
    tournament = organised(organiser, rounds_count=1)
    registrations = named_players(tournament, EIGHT)
    first, second = seat_round(tournament, 1, [registrations[:4], registrations[4:]])
    a, b, c, d = player_ids(first)
    e, f, _g, _h = player_ids(second)
    hands.record_hand(table_id=first.pk, result=discard(a, b), actor=organiser)
    clock.start_clock(round_id=first.round_id, actor=organiser)
    token = first.token
    outcomes = race(
        extend=lambda: clock.extend_clock(
            round_id=first.round_id, minutes=5, actor=organiser
        ),
        extend_2=lambda: clock.extend_clock(
            round_id=first.round_id, minutes=5, actor=organiser, table_number=2
        ),
        pause=lambda: clock.pause_clock(round_id=first.round_id, actor=organiser),
        hand_1=lambda: hands.record_hand(
            table_id=first.pk, result=discard(c, d), actor=organiser
        ),
        swap=lambda: seating.swap_players(
            round_id=first.round_id, first=e, second=f, actor=organiser
        ),
        new_link=lambda: seating.rotate_table_token(table_id=first.pk, actor=organiser),
        close_2=lambda: hands.close_table(
            table_id=second.pk, actor=organiser, time_called=True
        ),
        finish=lambda: finish_round(round_id=first.round_id, actor=organiser),
    )
    assert_only_named_errors(
        outcomes,
        {"swap": {"table_started"}, "finish": {"tables_still_open"}},
    )
    round_ = Round.objects.get(pk=first.round_id)
    assert round_.status == Round.Status.PLAYING
    assert round_.clock_extra_minutes == 5
    assert Table.objects.get(pk=second.pk).extra_minutes == 5
    assert Table.objects.get(pk=first.pk).token != token
    assert first.hands.count() == 2
    seats = Seat.objects.filter(round=round_)
    assert seats.count() == 8
    assert len({seat.registration_id for seat in seats}) == 8
