"""The rounds API reads the seating plans once, not once per round."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import TournamentFactory
from tournaments.models import Round, SeatingPlan
from tournaments.selectors.seating import attach_seating_plans

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def _plan(tournament, first_round: int, rounds_count: int, status: str):
    return SeatingPlan.objects.create(
        tournament=tournament,
        first_round=first_round,
        rounds_count=rounds_count,
        mode="swiss",
        seed=1,
        status=status,
    )


def test_attached_plans_are_the_latest_live_plan_of_each_round():
    """Latest plan not cancelled that covers the round, found in one query."""
    tournament = TournamentFactory(rounds_count=5)
    first = _plan(tournament, 1, 3, SeatingPlan.Status.PUBLISHED)
    second = _plan(tournament, 2, 1, SeatingPlan.Status.READY)
    _plan(tournament, 4, 2, SeatingPlan.Status.CANCELLED)
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    with CaptureQueriesContext(connection) as queries:
        attach_seating_plans(rounds)
    assert len(queries) == 1
    assert [r.seating_plan for r in rounds] == [first, second, first, None, None]


def test_a_round_never_queries_for_its_plan():
    """The issue: ``Round.seating_plan`` ran a query per round (N+1 through the
    API). A round read without the selector says so instead of querying."""
    round_ = Round.objects.get(pk=TournamentFactory(rounds_count=1).rounds.get().pk)
    with CaptureQueriesContext(connection) as queries, pytest.raises(RuntimeError):
        round_.seating_plan  # noqa: B018
    assert len(queries) == 0


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
