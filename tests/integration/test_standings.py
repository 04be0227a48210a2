"""Standings: ranking order, substitutes, and a bounded number of queries."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import TournamentFactory, UserFactory, player_ids, seated_table
from tournaments.models import Registration
from tournaments.selectors.standings import get_standings
from tournaments.services import hands as svc
from tournaments.services.setup import finish_round

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def played_tournament(tables: int, actor):
    tournament = TournamentFactory(rounds_count=2)
    for round_number in (1, 2):
        for _ in range(tables):
            table = seated_table(tournament, round_number)
            e, s, w, n = player_ids(table)
            result = {"kind": "discard", "winner": e, "discarder": s, "fan_total": 8}
            svc.record_hand(table_id=table.pk, result=result, actor=actor)
            svc.close_table(table_id=table.pk, actor=actor, time_called=True)
        # A round opens once the one before it is finished.
        finish_round(round_id=table.round_id, actor=actor)
    return tournament


def test_standings_order_by_table_points_then_score(organiser):
    tournament = played_tournament(2, organiser)
    rows = get_standings(tournament).rows
    assert [row.table_points for row in rows[:4]] == [4, 4, 4, 4]
    assert rows[0].score == 32 and rows[0].places == (1, 0, 0, 0)
    assert [row.rank for row in rows] == [
        1,
        1,
        1,
        1,
        5,
        5,
        5,
        5,
        5,
        5,
        5,
        5,
        13,
        13,
        13,
        13,
    ]
    seconds = [row for row in rows if row.rank == 5]
    assert all(row.table_points == Fraction(3, 2) for row in seconds)
    assert sum(row.table_points for row in rows) == 4 * 7


def test_substitutes_sit_but_do_not_rank(organiser):
    tournament = played_tournament(1, organiser)
    substitute = tournament.registrations.first()
    substitute.status = Registration.Status.SUBSTITUTE
    substitute.save()
    rows = get_standings(tournament).rows
    assert substitute.pk not in [row.registration.pk for row in rows]
    assert len(rows) == 7


def test_open_tables_do_not_count_until_closed(organiser):
    tournament = TournamentFactory()
    table = seated_table(tournament)
    e, s, w, n = player_ids(table)
    svc.record_hand(
        table_id=table.pk,
        result={"kind": "self_draw", "winner": e, "fan_total": 8},
        actor=organiser,
    )
    assert all(row.sessions == 0 for row in get_standings(tournament).rows)
    svc.close_table(table_id=table.pk, actor=organiser, time_called=True)
    assert get_standings(tournament).rows[0].score == 48


def count_queries(fn) -> int:
    with CaptureQueriesContext(connection) as context:
        fn()
    return len(context.captured_queries)


def test_standings_queries_do_not_grow_with_players(client):
    """8 or 48 players: the selector and the API use the same few queries."""
    actor = UserFactory()
    small, large = played_tournament(1, actor), played_tournament(6, actor)
    small_count = count_queries(lambda: get_standings(small))
    assert small_count == count_queries(lambda: get_standings(large))
    assert small_count <= 3
    api_small = count_queries(
        lambda: client.get(f"/api/tournaments/{small.slug}/standings/")
    )
    api_large = count_queries(
        lambda: client.get(f"/api/tournaments/{large.slug}/standings/")
    )
    assert api_small == api_large
