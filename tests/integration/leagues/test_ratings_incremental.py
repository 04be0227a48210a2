"""Ratings updated from the sessions closed since the last job (issue 31,
point 5): the same ratings as rating every session again, in the same
canonical order; a full recompute when a rated session changed or a new one
belongs before a rated one of the same player; a constant number of
queries for an update, whatever the history's size."""

from __future__ import annotations

import io
from datetime import date, timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues.models import PlayerRating, RatingJob
from leagues.ratings import rate_sessions
from leagues.services.ratings import load_sessions, request_ratings, run_rating_job
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import Hand, Table
from tournaments.services import hands as hand_services

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

EIGHT = [f"P{n} Member{n}" for n in range(8)]


def tables(index: int, members: list[str] = EIGHT) -> list[str]:
    shift = index % len(members)
    order = members[shift:] + members[:shift]
    return [", ".join(order[i : i + 4]) for i in range(0, len(order), 4)]


def stored() -> dict[int, tuple[float, float, int]]:
    rows = PlayerRating.objects.all()
    return {r.player_id: (r.mu, r.sigma, r.sessions) for r in rows}


def full() -> dict[int, tuple[float, float, int]]:
    return {
        player: (r.mu, r.sigma, r.sessions)
        for player, r in rate_sessions(load_sessions()).items()
    }


def close_all(event, index, capture, *, reverse=False):
    """Close the night's tables one by one, each committed (its job runs)."""
    found = tables_of(event)
    for number, table in enumerate(reversed(found) if reverse else found):
        winner = (index + number) % 4
        with capture(execute=True):
            play(table, winner=winner, discarder=(winner + 1 + index % 3) % 4)


def season(organiser, capture, nights=4, start=date(2026, 1, 8)):
    league = make_league(organiser, is_public=True)
    for index in range(nights):
        day = start + timedelta(days=7 * index)
        event = night(league, organiser, day, tables(index))
        close_all(event, index, capture, reverse=index % 2 == 1)
    return league


def modes() -> list[str]:
    return list(RatingJob.objects.order_by("pk").values_list("mode", flat=True))


def test_incremental_updates_give_the_full_recompute_ratings(
    organiser, django_capture_on_commit_callbacks
):
    """Each closed table rated after the others (tables of a night closed in
    any order, their players apart): after eight jobs, exactly the ratings
    of every session rated again in the canonical order."""
    season(organiser, django_capture_on_commit_callbacks)
    assert modes() == ["full"] + ["incremental"] * 7
    assert RatingJob.objects.order_by("pk").first().reason == "first"
    assert stored() == full()
    assert RatingJob.objects.order_by("-pk").first().sessions == 8


def test_the_command_recomputes_every_session_to_the_same_ratings(
    organiser, django_capture_on_commit_callbacks
):
    """``manage.py recompute_ratings`` rates every session again: the
    stored ratings do not move (the incremental ones were exact)."""
    season(organiser, django_capture_on_commit_callbacks, nights=3)
    before = stored()
    call_command("recompute_ratings", stdout=io.StringIO())
    job = RatingJob.objects.order_by("-pk").first()
    assert (job.mode, job.reason, job.sessions) == ("full", "asked", 6)
    assert stored() == before


def test_a_correction_of_a_rated_session_rates_everything_again(
    organiser, django_capture_on_commit_callbacks
):
    """A rated session reopened and closed again: the stored ratings
    cannot be patched (openskill has no undo), every session is rated
    again, and the result is the full recompute's."""
    league = season(organiser, django_capture_on_commit_callbacks, nights=3)
    table = tables_of(league.events.order_by("day").first())[0]
    hand_services.reopen_table(table_id=table.pk, actor=organiser)
    hand = Hand.objects.filter(table=table).get()
    hand_services.delete_hand(
        hand_id=hand.pk, expected_version=hand.version, actor=organiser
    )
    with django_capture_on_commit_callbacks(execute=True):
        play(table, winner=3, discarder=2)
    job = RatingJob.objects.order_by("-pk").first()
    assert (job.mode, job.reason) == ("full", "table")
    assert stored() == full()


def test_a_night_played_earlier_with_rated_players_rates_everything_again(
    organiser, django_capture_on_commit_callbacks
):
    """A night entered late, dated before rated nights of its players: its
    session belongs before theirs, so every session is rated again."""
    league = season(organiser, django_capture_on_commit_callbacks, nights=2)
    event = night(league, organiser, date(2025, 12, 1), tables(5)[:1])
    with django_capture_on_commit_callbacks(execute=True):
        play(tables_of(event)[0], winner=0, discarder=1)
    job = RatingJob.objects.order_by("-pk").first()
    assert (job.mode, job.reason) == ("full", "order")
    assert stored() == full()


def test_an_earlier_night_of_other_players_stays_incremental(
    organiser, django_capture_on_commit_callbacks
):
    """Dated earlier but with players never rated after it: their sessions
    commute with the rated ones, the update stays incremental and exact."""
    league = season(organiser, django_capture_on_commit_callbacks, nights=2)
    others = ["Q1 Other, Q2 Other, Q3 Other, Q4 Other"]
    event = night(league, organiser, date(2025, 12, 1), others)
    with django_capture_on_commit_callbacks(execute=True):
        play(tables_of(event)[0], winner=0, discarder=1)
    assert RatingJob.objects.order_by("-pk").first().mode == "incremental"
    assert stored() == full()


def update_queries(organiser, capture, league, index):
    event = night(
        league, organiser, date(2027, 1, 1) + timedelta(days=index), tables(index)
    )
    for table in tables_of(event):
        play(table, winner=0, discarder=1)
    job = request_ratings(actor=None)
    with CaptureQueriesContext(connection) as queries:
        job = run_rating_job(job_id=job.pk, on_progress=lambda _p: None)
    assert job.mode == "incremental"
    return len(queries)


def test_an_update_costs_the_same_queries_whatever_the_history(
    organiser, django_capture_on_commit_callbacks
):
    """Two nights rated or six: an update after one more night runs the
    same queries (the full recompute reads every session)."""
    league = season(organiser, django_capture_on_commit_callbacks, nights=2)
    small = update_queries(organiser, django_capture_on_commit_callbacks, league, 1)
    for index in range(4):
        event = night(
            league, organiser, date(2026, 6, 1) + timedelta(days=index), tables(index)
        )
        close_all(event, index, django_capture_on_commit_callbacks)
    big = update_queries(organiser, django_capture_on_commit_callbacks, league, 2)
    assert big == small
    assert stored() == full()


def test_a_session_changed_without_a_trail_rates_everything_again(
    organiser, django_capture_on_commit_callbacks
):
    """A rated table reopened behind the services' back (the admin, the
    database) leaves no audit event: the sessions counted no longer add
    up, so every session is rated again (that one left out)."""
    league = season(organiser, django_capture_on_commit_callbacks, nights=3)
    first = league.events.order_by("day").first()
    Table.objects.filter(round__tournament=first.tournament).update(is_closed=False)
    job = request_ratings(actor=None)
    job = run_rating_job(job_id=job.pk, on_progress=lambda _p: None)
    assert (job.mode, job.reason, job.sessions) == ("full", "count", 4)
    assert stored() == {k: v for k, v in full().items()}
