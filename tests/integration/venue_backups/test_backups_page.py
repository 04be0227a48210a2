"""The organiser's backups page and the dashboard's "Back up now"."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import UserFactory
from tests.integration.venue_backups.databases import ledger, make_ledger, write_hand
from tournaments.venue import backups

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]
URL = reverse("staff:backups")


@pytest.fixture
def venue(tmp_path, monkeypatch):
    """A venue whose database is an SQLite file of the test's own (the
    suite's database is in memory, or PostgreSQL)."""
    source = make_ledger(tmp_path / "venue" / "db.sqlite3")
    monkeypatch.setattr(backups, "database_file", lambda: source)
    with override_settings(VENUE_DIR=tmp_path / "venue"):
        yield tmp_path / "venue"


@pytest.fixture
def on_postgresql(monkeypatch):
    monkeypatch.setattr(backups, "database_file", lambda: None)


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def backup_files(venue):
    return sorted((venue / "backups").glob("muraille-*.sqlite3"))


def test_the_organiser_sees_back_up_now_on_the_dashboard(venue, staff_client):
    page = staff_client.get(reverse("staff:dashboard")).content.decode()
    assert "Back up now" in page
    assert f'action="{URL}"' in page


def test_back_up_now_writes_a_backup_and_names_it(venue, staff_client):
    write_hand(venue / "db.sqlite3", 12)
    response = staff_client.post(URL, follow=True)
    [path] = backup_files(venue)
    assert ledger(path) == ([12], 12)
    assert response.redirect_chain == [(URL, 302)]
    assert f"Backup written: {path.name}." in response.content.decode()


def test_the_page_lists_the_backups_and_how_to_restore(venue, staff_client):
    staff_client.post(URL)
    [path] = backup_files(venue)
    page = staff_client.get(URL).content.decode()
    assert path.name in page
    assert "Latest backup: 0" in page
    assert f"python manage.py venue_restore {path}" in page


def test_the_page_says_when_there_is_no_backup_yet(venue, staff_client):
    page = staff_client.get(URL).content.decode()
    assert "No backup yet." in page


def test_a_failed_backup_is_a_message_not_an_error_page(venue, staff_client):
    (venue / "backups").write_text("a file where the folder should be")
    response = staff_client.post(URL)
    assert response.status_code == 302
    page = staff_client.get(reverse("staff:dashboard")).content.decode()
    assert "The backup failed:" in page


def test_an_account_that_does_not_organise_cannot_back_up(venue, client):
    client.force_login(UserFactory())
    assert client.post(URL).status_code == 403
    assert client.get(URL).status_code == 403
    assert "Back up now" not in client.get(reverse("staff:dashboard")).content.decode()
    assert backup_files(venue) == []


def test_an_anonymous_visitor_is_sent_to_the_login_page(venue, client):
    response = client.post(URL)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert backup_files(venue) == []


def test_the_post_needs_the_csrf_token(venue, organiser):
    client = Client(enforce_csrf_checks=True)
    client.force_login(organiser)
    assert client.post(URL).status_code == 403
    assert backup_files(venue) == []


def test_without_an_sqlite_file_there_is_no_button_and_no_page(
    on_postgresql, staff_client
):
    page = staff_client.get(reverse("staff:dashboard")).content.decode()
    assert "Back up now" not in page
    assert staff_client.get(URL).status_code == 404
    assert staff_client.post(URL).status_code == 404


def test_outside_the_venue_backups_go_beside_the_database(
    tmp_path, monkeypatch, staff_client
):
    source = make_ledger(tmp_path / "db.sqlite3")
    monkeypatch.setattr(backups, "database_file", lambda: source)
    with override_settings(VENUE_DIR=None):
        staff_client.post(URL)
    assert len(list((tmp_path / "backups").glob("muraille-*.sqlite3"))) == 1
