"""Issue 14, point 4: the ratings are recomputed by a Celery job after each
session, without anyone asking and without waiting for beat's sweep."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.models import PlayerRating, RatingJob
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_closing_a_table_queues_the_rating_job(
    organiser, django_capture_on_commit_callbacks
):
    """A night's table closes: once it commits, the job runs (Celery eager in
    tests) and the four players have a rating with its uncertainty."""
    league = make_league(organiser, is_public=True)
    event = night(league, organiser, date(2026, 1, 8), ["Ann A, Bob B, Cy C, Dee D"])
    assert not RatingJob.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        play(tables_of(event)[0], winner=0, discarder=1)
    job = RatingJob.objects.get()
    assert (job.status, job.progress, job.sessions) == ("done", 100, 1)
    ratings = {r.player.last_name: r for r in PlayerRating.objects.all()}
    assert set(ratings) == {"A", "B", "C", "D"}
    assert ratings["A"].ordinal > ratings["B"].ordinal
    assert all(r.sigma > 0 for r in ratings.values())


def test_a_second_session_rates_again(organiser, django_capture_on_commit_callbacks):
    """Each session closed: a new job, the sessions rated so far."""
    league = make_league(organiser, is_public=True)
    for day, winner in ((date(2026, 1, 8), 0), (date(2026, 1, 15), 1)):
        event = night(league, organiser, day, ["Ann A, Bob B, Cy C, Dee D"])
        with django_capture_on_commit_callbacks(execute=True):
            play(tables_of(event)[0], winner=winner, discarder=2)
    assert list(RatingJob.objects.values_list("sessions", flat=True)) == [2, 1]
    ann = Player.objects.get(last_name="A")
    assert PlayerRating.objects.get(player=ann).sessions == 2
