"""The league workbook built by a worker and served from the database
(issue 31, point 4): no reader's request builds it, readers get the last
file built while a new one builds after the league's data changed, one
build at a time, and the organisers' button."""

from __future__ import annotations

from datetime import date
from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from leagues.models import LeagueExport
from leagues.services import exports
from tests.integration.leagues.data import (
    make_league,
    night,
    play,
    run_workbook_jobs,
    tables_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

T1 = "Ann A, Bob B, Cy C, Dee D"


@pytest.fixture
def league(organiser):
    league = make_league(organiser, is_public=True)
    event = night(league, organiser, date(2026, 1, 8), [T1])
    play(tables_of(event)[0], winner=0, discarder=1)
    return league


@pytest.fixture
def builds(monkeypatch):
    """Counts the workbooks built (by the job, never by a request)."""
    calls = []
    real = exports.league_workbook_bytes

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(exports, "league_workbook_bytes", counted)
    return calls


def sessions_in(response) -> int:
    book = load_workbook(BytesIO(response.content))
    return len(list(book["Sessions"].iter_rows())) - 1


def test_the_first_reader_waits_on_a_page_that_reloads(client, league, builds):
    """No file yet: a 202 page that reloads by itself; the request asked
    for one build and built nothing; a second reader joins that build."""
    url = f"/leagues/{league.slug}/workbook.xlsx"
    response = client.get(url)
    assert response.status_code == 202
    assert response["Retry-After"] == "5"
    page = response.content.decode()
    assert 'http-equiv="refresh"' in page
    assert "being prepared" in page
    assert client.get(url).status_code == 202
    assert builds == []
    assert LeagueExport.objects.get().status == "pending"
    run_workbook_jobs()
    assert builds == [1]
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(f'{league.slug}-league.xlsx"')
    assert sessions_in(response) == 4


def test_a_current_file_is_served_in_constant_queries(client, league, builds):
    """The file is current: served as it is, without a build, in the same
    queries whatever the league's size (the bytes read once)."""
    url = f"/leagues/{league.slug}/workbook.xlsx"
    client.get(url)
    run_workbook_jobs()
    client.get(url)
    with CaptureQueriesContext(connection) as small:
        assert client.get(url).status_code == 200
    organiser = league.events.get().tournament.organisers.get()
    for day in (date(2026, 1, 15), date(2026, 1, 22)):
        event = night(league, organiser, day, [T1, "Eve E, Fay F, Gus G, Hal H"])
        for table in tables_of(event):
            play(table, winner=0, discarder=1)
    client.get(url)
    run_workbook_jobs()
    with CaptureQueriesContext(connection) as big:
        response = client.get(url)
    assert sessions_in(response) == 4 + 16
    assert len(big) == len(small)
    assert builds == [1, 1]


def test_after_a_change_readers_get_the_last_file_while_one_builds(
    client, league, organiser, builds
):
    """A night played after the file was built: readers still download the
    last file at once, and one new build is asked for, not one a reader."""
    url = f"/leagues/{league.slug}/workbook.xlsx"
    client.get(url)
    run_workbook_jobs()
    event = night(league, organiser, date(2026, 1, 15), [T1])
    play(tables_of(event)[0], winner=1, discarder=0)
    for _reader in range(3):
        response = client.get(url)
        assert response.status_code == 200
        assert sessions_in(response) == 4
    assert LeagueExport.objects.filter(status="pending").count() == 1
    run_workbook_jobs()
    assert sessions_in(client.get(url)) == 8
    assert builds == [1, 1]


def test_a_failed_build_is_not_started_again_by_readers(client, league, monkeypatch):
    """A build failing on the current data: readers see the failure (no
    build a reload), the organisers' button starts another."""
    url = f"/leagues/{league.slug}/workbook.xlsx"

    def broken(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(exports, "league_workbook_bytes", broken)
    client.get(url)
    run_workbook_jobs()
    response = client.get(url)
    assert response.status_code == 202
    assert "failed" in response.content.decode()
    assert LeagueExport.objects.count() == 1


def test_the_organisers_button_builds_the_public_file_again(client, league, organiser):
    """From the league's page: a build in every language the site speaks."""
    client.force_login(organiser)
    response = client.post(f"/manage/leagues/{league.slug}/", {"action": "workbook"})
    assert response.status_code == 302
    pending = LeagueExport.objects.filter(status="pending", audience="public")
    assert sorted(pending.values_list("language", flat=True)) == ["en", "fr"]
    run_workbook_jobs()
    page = client.get(f"/manage/leagues/{league.slug}/").content.decode()
    assert "Build the workbook now" in page
