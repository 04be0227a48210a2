"""Two devices, one table: every write carries the table version, a stale
device gets 409 and the sheet as it stands, the sheet's poller answers 304
while nothing changed; and the tablet's wording."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.page_factories import hand_data, organised_table, player_ids
from tournaments.models import Hand, Penalty

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def table(organiser):
    return organised_table(organiser)


def url(name, table, **kwargs):
    return reverse(f"referee:{name}", kwargs={"token": table.token, **kwargs})


def page_version(client, table):
    page = client.get(url("table", table)).content.decode()
    return int(page.split('name="table_version" value="', 1)[1].split('"', 1)[0])


def test_the_page_carries_the_table_version_and_the_hand_number(client, table):
    page = client.get(url("table", table)).content.decode()
    assert f'name="table_version" value="{table.version}"' in page
    assert 'name="hand_number" value="1"' in page


def test_a_stale_tablet_cannot_add_a_duplicate_hand(client, table):
    """Both tablets show hand 1; the second one's hand 1 is refused (409)
    with the sheet as it stands, not stored as hand 2."""
    e, s, w, n = player_ids(table)
    version = page_version(client, table)
    first = hand_data("discard", e, s, 8, table_version=version, hand_number=1)
    assert client.post(url("hand-create", table), first).status_code == 302
    second = hand_data("discard", e, s, 8, table_version=version, hand_number=1)
    response = client.post(url("hand-create", table), second)
    assert response.status_code == 409
    page = response.content.decode()
    assert (
        "Someone else recorded hand 1 at this table; here is the sheet as it stands."
        in page
    )
    assert "Hand 2 · East round" in page
    assert Hand.objects.filter(table=table).count() == 1


def test_a_queued_hand_sent_without_version_still_checks_its_number(client, table):
    """The issue: an offline tablet sends its later queued hands without the
    table version, so a hand another tablet recorded meanwhile was not
    noticed. The hand number it was typed as is checked: 409, nothing stored."""
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    client.post(url("hand-create", table), hand_data("draw", None, None, None))
    # Queued as hand 2 while another tablet recorded hands 1 and 2.
    queued = hand_data("self_draw", w, None, 8, hand_number=2)
    response = client.post(url("hand-create", table), queued)
    assert response.status_code == 409
    assert "Someone else recorded hand 2" in response.content.decode()
    assert Hand.objects.filter(table=table).count() == 2
    follows = hand_data("self_draw", w, None, 8, hand_number=3)
    assert client.post(url("hand-create", table), follows).status_code == 302
    assert Hand.objects.filter(table=table).count() == 3


def test_a_stale_tablet_with_htmx_gets_409_and_the_sheet(client, table):
    e, s, w, n = player_ids(table)
    version = page_version(client, table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    response = client.post(
        url("hand-create", table),
        hand_data("self_draw", w, None, 8, table_version=version, hand_number=1),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 409
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="sheet"')
    assert "Someone else recorded hand 1" in page
    assert Hand.objects.filter(table=table).count() == 1


def test_the_same_key_after_the_table_moved_on_is_the_same_hand(client, table):
    """A retry of a stored hand (same key) answers the stored hand, not 409."""
    e, s, w, n = player_ids(table)
    version = page_version(client, table)
    body = hand_data("discard", e, s, 8, key="same", table_version=version)
    assert client.post(url("hand-create", table), body).status_code == 302
    assert client.post(url("hand-create", table), body).status_code == 302
    assert Hand.objects.filter(table=table).count() == 1


def test_a_stale_penalty_is_refused(client, table):
    e, s, w, n = player_ids(table)
    version = page_version(client, table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    body = {"player": e, "kind": "false_hu", "table_version": version}
    response = client.post(url("penalty-create", table), body)
    assert response.status_code == 409
    assert "Someone else changed this table" in response.content.decode()
    assert not Penalty.objects.exists()


def test_a_stale_close_is_refused(client, table):
    version = page_version(client, table)
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    body = {"time_called": "on", "table_version": version}
    assert client.post(url("table-close", table), body).status_code == 409
    table.refresh_from_db()
    assert not table.is_closed


def test_the_poller_answers_304_until_the_table_changes(client, table):
    e, s, w, n = player_ids(table)
    first = client.get(url("table-state", table))
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    same = client.get(url("table-state", table), headers={"If-None-Match": etag})
    assert same.status_code == 304
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    changed = client.get(url("table-state", table), headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    page = changed.content.decode()
    assert "The sheet changed: hand 1 was recorded on another device." in page
    assert "data-changed" in page


def test_the_sheet_polls_with_its_own_version(client, table):
    page = client.get(url("table", table)).content.decode()
    assert 'hx-trigger="every 10s"' in page
    assert f"table-{table.pk}-v{table.version}" in page


def test_the_service_worker_covers_the_table_pages(client, table):
    response = client.get(reverse("referee:service-worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert reverse("referee:service-worker") == "/table/sw.js"
    assert "caches" in response.content.decode()
    page = client.get(url("table", table)).content.decode()
    assert "js/tablet.js" in page and "css/tablet.css" in page


def test_one_table_point_is_singular(client, table):
    """East self-draws, the three others tie: 1 table point each."""
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("self_draw", e, None, 8))
    client.post(url("table-close", table), {"time_called": "on"})
    page = client.get(url("table", table)).content.decode()
    assert "1 table point<" in page
    assert "1 table points" not in page
    assert "4 table points" in page


def test_french_seat_wind_hint_and_letters(client, table):
    """The hint shows French letters (O for Ouest); both spellings are read."""
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    hand = Hand.objects.get(table=table)
    page = client.get(
        url("hand-correct", table, pk=hand.pk), headers={"Accept-Language": "fr"}
    ).content.decode()
    assert "SENO" in page and "SENW" not in page
    data = hand_data("discard", e, s, 8, prefix="edit", version=1, seat_winds="seno")
    assert client.post(url("hand-correct", table, pk=hand.pk), data).status_code == 302
    hand.refresh_from_db()
    assert hand.seat_winds == "SENW"


def test_correct_link_points_at_the_form(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    hand = Hand.objects.get(table=table)
    page = client.get(url("table", table)).content.decode()
    assert f"{url('hand-correct', table, pk=hand.pk)}?n=1#edit-hand" in page


def test_closing_after_one_hand_says_hand_in_the_singular(client, table):
    """The issue's "Only 1 hands were played"."""
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    response = client.post(url("table-close", table), {})
    page = response.content.decode()
    assert "Only 1 hand was played: call time to close the table early." in page


def test_without_javascript_the_new_row_is_shown_after_recording(client, table):
    """The redirect after a plain POST points the browser at the new row."""
    e, s, w, n = player_ids(table)
    response = client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    assert response["Location"] == f"{url('table', table)}#hand-1"
    page = client.get(url("table", table)).content.decode()
    assert 'id="hand-1"' in page
    assert "on " in page and "discard, 8 points" in page
