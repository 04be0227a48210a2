"""Two tables of a night close together: each queues a rating job once it
commits, and the two jobs may store their ratings at the same moment
(PostgreSQL, real commits). Both finish; every player has one rating."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.models import PlayerRating, RatingJob
from leagues.services.ratings import run_rating_job
from tests.integration.leagues.data import make_league, night, play, tables_of
from tests.integration.race_helpers import (
    RACE_MARKS,
    assert_only_named_errors,
    postgres_only,  # noqa: F401 - fixture
    race,
)

pytestmark = RACE_MARKS


@pytest.mark.parametrize("iteration", range(4))
def test_two_rating_jobs_store_their_ratings_at_once(organiser, iteration):
    league = make_league(organiser, is_public=True)
    event = night(
        league,
        organiser,
        date(2026, 1, 8),
        ["Ann A, Bob B, Cy C, Dee D", "Eve E, Fay F, Gus G, Hal H"],
    )
    for table in tables_of(event):
        play(table, winner=0, discarder=1)
    first, second = (RatingJob.objects.create() for _ in range(2))
    outcomes = race(
        first=lambda: run_rating_job(job_id=first.pk, on_progress=lambda _p: None),
        second=lambda: run_rating_job(job_id=second.pk, on_progress=lambda _p: None),
    )
    assert_only_named_errors(outcomes, {})
    assert {job.status for job in RatingJob.objects.all()} == {"done"}
    assert PlayerRating.objects.count() == 8
    assert PlayerRating.objects.values("player").distinct().count() == 8
