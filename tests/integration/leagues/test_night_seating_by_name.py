"""The seating engine seats the names the organiser gives for a session of
a night, not everyone who came earlier in the evening."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.services import nights
from tests.integration.leagues.data import make_league, play, tables_of
from tournaments.models import Seat
from tournaments.services import setup

pytestmark = pytest.mark.django_db

EIGHT = [f"P{n} Member{n}" for n in range(8)]


def seated_names(event, round_number):
    seats = Seat.objects.filter(
        table__round__tournament=event.tournament, table__round__number=round_number
    ).select_related("registration__player")
    return sorted(seat.registration.player.name for seat in seats)


def test_a_second_session_seats_only_the_players_still_there(
    organiser, django_capture_on_commit_callbacks
):
    """Session 1: eight players, two tables. Four go home, four newcomers
    arrive: session 2 seats the eight names given, none of those who left."""
    league = make_league(organiser)
    event = nights.create_club_night(
        league=league, day=date(2026, 1, 8), actor=organiser, sessions=2
    )
    with django_capture_on_commit_callbacks(execute=True):
        nights.seat_night_by_engine(event=event, names=EIGHT, actor=organiser)
    assert seated_names(event, 1) == sorted(EIGHT)
    for table in tables_of(event, 1):
        play(table, winner=0, discarder=1)
    setup.finish_round(
        round_id=event.tournament.rounds.get(number=1).pk, actor=organiser
    )
    later = [*EIGHT[:4], "New One", "New Two", "New Three", "New Four"]
    with django_capture_on_commit_callbacks(execute=True):
        nights.seat_night_by_engine(
            event=event, names=later, actor=organiser, round_number=2
        )
    assert seated_names(event, 2) == sorted(later)
    assert len(tables_of(event, 2)) == 2


def test_a_session_of_four_among_eight_registered(
    organiser, django_capture_on_commit_callbacks
):
    """Four names given while eight are registered: one table of those four."""
    league = make_league(organiser)
    event = nights.create_club_night(
        league=league, day=date(2026, 1, 8), actor=organiser, sessions=2
    )
    nights.seat_night_tables(
        event=event,
        tables=[EIGHT[:4], EIGHT[4:]],
        actor=organiser,
    )
    with django_capture_on_commit_callbacks(execute=True):
        nights.seat_night_by_engine(
            event=event, names=EIGHT[2:6], actor=organiser, round_number=2
        )
    assert seated_names(event, 2) == sorted(EIGHT[2:6])
