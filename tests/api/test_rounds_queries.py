"""The rounds API answers in a number of queries that does not grow with tables."""

from __future__ import annotations

import pytest

from tests.factories import RegistrationFactory, TournamentFactory
from tests.integration.room_data import seat_table, win

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

#: The tournament, its rounds, one query per prefetched level (tables, seats,
#: registrations, players, results) and one seating plan per round (four):
#: the same for 2 tables or 80.
LIST_MAX_QUERIES = 11
#: The tournament, the round (and its tournament again, for the seating plan),
#: the five prefetched levels, the seating plan.
DETAIL_MAX_QUERIES = 9


def event_with_tables(organiser, tables: int):
    """Round 1 seated with ``tables`` tables, one hand played at each."""
    tournament = TournamentFactory()
    tournament.organisers.add(organiser)
    registrations = [
        RegistrationFactory(tournament=tournament) for _ in range(4 * tables)
    ]
    first = tournament.rounds.get(number=1)
    for number in range(tables):
        table = seat_table(
            first, number + 1, registrations[4 * number : 4 * number + 4]
        )
        win(table, winner=0, discarder=1)
    return tournament


@pytest.mark.parametrize("tables", [2, 8])
def test_rounds_list_queries_do_not_grow_with_tables(
    api, organiser, tables, django_assert_max_num_queries
):
    tournament = event_with_tables(organiser, tables)
    with django_assert_max_num_queries(LIST_MAX_QUERIES):
        response = api.get(f"/api/tournaments/{tournament.slug}/rounds/")
    assert response.status_code == 200
    first = response.json()[0]
    assert len(first["tables"]) == tables
    assert {seat["rank"] for seat in first["tables"][0]["seats"]} == {1, 2, 4}


@pytest.mark.parametrize("tables", [2, 8])
def test_round_detail_queries_do_not_grow_with_tables(
    api, organiser, tables, django_assert_max_num_queries
):
    tournament = event_with_tables(organiser, tables)
    with django_assert_max_num_queries(DETAIL_MAX_QUERIES):
        response = api.get(f"/api/tournaments/{tournament.slug}/rounds/1/")
    assert response.status_code == 200
    assert len(response.json()["tables"]) == tables
