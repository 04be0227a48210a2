"""The rounds API reads the seating plans once, not once per round."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import TournamentFactory
from tournaments.models import Round, SeatingPlan
from tournaments.selectors import attach_seating_plans

pytestmark = pytest.mark.django_db


def _plan(tournament, first_round: int, rounds_count: int, status: str):
    return SeatingPlan.objects.create(
        tournament=tournament,
        first_round=first_round,
        rounds_count=rounds_count,
        mode="swiss",
        seed=1,
        status=status,
    )


def test_attached_plans_are_those_of_the_round_property():
    """Latest plan not cancelled that covers the round, as ``Round.seating_plan``."""
    tournament = TournamentFactory(rounds_count=5)
    _plan(tournament, 1, 3, SeatingPlan.Status.PUBLISHED)
    _plan(tournament, 2, 1, SeatingPlan.Status.READY)
    _plan(tournament, 4, 2, SeatingPlan.Status.CANCELLED)
    expected = {
        r.number: r.seating_plan for r in Round.objects.filter(tournament=tournament)
    }
    rounds = list(Round.objects.filter(tournament=tournament))
    with CaptureQueriesContext(connection) as queries:
        attach_seating_plans(rounds)
    assert len(queries) == 1
    assert {r.number: r.seating_plan for r in rounds} == expected
    assert expected[4] is None and expected[2] != expected[1]


def test_rounds_list_queries_do_not_grow_with_rounds(api, organiser):
    counts = []
    for count in (2, 7):
        tournament = TournamentFactory(rounds_count=count)
        tournament.organisers.add(organiser)
        _plan(tournament, 1, count, SeatingPlan.Status.PUBLISHED)
        api.get(f"/api/tournaments/{tournament.slug}/rounds/")
        with CaptureQueriesContext(connection) as queries:
            response = api.get(f"/api/tournaments/{tournament.slug}/rounds/")
        assert response.status_code == 200
        assert len(response.json()) == count
        counts.append(len(queries))
    assert counts[0] == counts[1]
