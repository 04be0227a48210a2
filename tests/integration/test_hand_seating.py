"""A round seated from tables the organiser gives (club nights)."""

from __future__ import annotations

import pytest

from tests.factories import RegistrationFactory
from tests.integration.round_helpers import EIGHT, named_players, organised
from tournaments.models import Registration, Round
from tournaments.services.errors import ServiceError
from tournaments.services.hand_seating import seat_round_by_hand

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def event(organiser):
    tournament = organised(organiser, rounds_count=2)
    return tournament, [r.pk for r in named_players(tournament, EIGHT)]


def test_tables_are_written_east_first_and_the_round_is_seated(event, organiser):
    tournament, ids = event
    round_ = seat_round_by_hand(
        round_id=tournament.rounds.get(number=1).pk,
        tables=[ids[4:], ids[:4]],
        actor=organiser,
    )
    assert round_.status == Round.Status.SEATED
    first = round_.tables.get(number=1)
    assert [s.registration_id for s in first.seats.order_by("pk")] == ids[4:]
    assert [s.wind for s in first.seats.order_by("pk")] == list("ESWN")


def test_seating_again_replaces_the_tables(event, organiser):
    tournament, ids = event
    round_id = tournament.rounds.get(number=1).pk
    seat_round_by_hand(round_id=round_id, tables=[ids[:4], ids[4:]], actor=organiser)
    round_ = seat_round_by_hand(round_id=round_id, tables=[ids[:4]], actor=organiser)
    assert round_.tables.count() == 1


def refused(event, organiser, tables):
    tournament, _ = event
    with pytest.raises(ServiceError) as error:
        seat_round_by_hand(
            round_id=tournament.rounds.get(number=1).pk, tables=tables, actor=organiser
        )
    return error.value.code


def test_a_table_of_three_is_refused(event, organiser):
    assert refused(event, organiser, [event[1][:3]]) == "table_not_seated"


def test_a_player_twice_is_refused(event, organiser):
    ids = event[1]
    assert refused(event, organiser, [ids[:4], [ids[0], *ids[5:8]]]) == (
        "duplicate_player"
    )


def test_a_withdrawn_or_foreign_player_is_refused(event, organiser):
    ids = event[1]
    Registration.objects.filter(pk=ids[0]).update(status="withdrawn")
    assert refused(event, organiser, [ids[:4]]) == "bad_player_id"
    stranger = RegistrationFactory().pk
    assert refused(event, organiser, [[stranger, *ids[1:4]]]) == "bad_player_id"
