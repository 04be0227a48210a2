"""Every answer a tablet can get says what it was (X-Muraille-Answer), and
each one a referee meets is told in words: a replaced link, a hand deleted
on another tablet, a hand sent twice, a server too busy."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.integration.page_factories import hand_data, organised_table, player_ids
from tournaments.models import Hand, Penalty
from tournaments.services import hands as services
from tournaments.services.seating import rotate_table_token

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]
HTMX = {"HX-Request": "true"}
ANSWER = "X-Muraille-Answer"


@pytest.fixture
def table(organiser):
    return organised_table(organiser)


def url(name, token, **kwargs):
    return reverse(f"referee:{name}", kwargs={"token": token, **kwargs})


def record(organiser, table, winner, discarder, points=8):
    hand, _created = services.record_hand(
        table_id=table.pk,
        result={
            "kind": "discard",
            "winner": winner,
            "discarder": discarder,
            "fan_total": points,
        },
        actor=organiser,
    )
    return hand


@pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_replaced_link_says_so_and_stores_nothing(
    client, organiser, table, headers, debug, settings
):
    """The organiser presses "New link" while the tablet is open: the hand the
    referee records gets a page of Muraille's saying the link is no longer
    valid and to scan the table's code, never the new link (DEBUG on or off:
    never Django's debug page)."""
    settings.DEBUG = debug
    old = table.token
    e, s, w, n = player_ids(table)
    table = rotate_table_token(table_id=table.pk, actor=organiser)
    response = client.post(
        url("hand-create", old), hand_data("discard", e, s, 8), headers=headers
    )
    assert response.status_code == 404
    assert response[ANSWER] == "gone-link"
    page = response.content.decode()
    assert "This table link is no longer valid" in page
    assert "Scan the QR code on the table" in page
    assert table.token not in page
    assert not Hand.objects.filter(table=table).exists()


@pytest.mark.parametrize("name", ["table", "table-state"])
def test_old_link_page_says_what_to_do(client, organiser, table, name):
    """Opening the old link (or its poller) tells the referee what to do,
    with the same words, and no trace of the new link."""
    old = table.token
    table = rotate_table_token(table_id=table.pk, actor=organiser)
    response = client.get(url(name, old))
    assert response.status_code == 404
    assert response[ANSWER] == "gone-link"
    assert "ask the organiser" in response.content.decode()
    assert table.token not in response.content.decode()


@pytest.mark.parametrize(
    ("name", "extra"),
    [
        ("hand-correct", {}),
        ("hand-delete", {}),
        ("hand-confirm", {}),
        ("penalty-create", {}),
        ("penalty-delete", {"pk": 1}),
        ("table-close", {}),
    ],
)
def test_every_write_of_an_old_link_answers_gone_link(
    client, organiser, table, name, extra
):
    old = table.token
    rotate_table_token(table_id=table.pk, actor=organiser)
    kwargs = {"pk": 1} if name.startswith("hand-") else extra
    response = client.post(url(name, old, **kwargs), {}, headers=HTMX)
    assert response.status_code == 404
    assert response[ANSWER] == "gone-link"


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
@override_settings(DEBUG=False)
def test_correction_of_a_deleted_hand_says_it_no_longer_exists(
    client, organiser, table, headers
):
    """Tablet A opens "Correct" on hand 1, tablet B deletes hand 1, A saves:
    the sheet as it stands, saying the hand is gone and nothing was saved."""
    e, s, w, n = player_ids(table)
    hand = record(organiser, table, e, s)
    edit = client.get(url("hand-correct", table.token, pk=hand.pk) + "?n=1")
    assert "shown_number" in edit.content.decode()
    services.delete_hand(hand_id=hand.pk, expected_version=hand.version, actor=None)
    body = {
        **hand_data("discard", s, w, 9, prefix="edit", version=hand.version),
        "shown_number": "1",
    }
    response = client.post(
        url("hand-correct", table.token, pk=hand.pk), body, headers=headers
    )
    assert response.status_code == 404
    assert response[ANSWER] == "gone-hand"
    page = response.content.decode()
    assert (
        "Hand 1 no longer exists: someone deleted it on another tablet; "
        "your correction was not saved." in page
    )
    assert 'id="sheet"' in page
    assert not Hand.objects.filter(table=table).exists()


def test_opening_the_correction_of_a_deleted_hand_names_it(client, organiser, table):
    e, s, w, n = player_ids(table)
    hand = record(organiser, table, e, s)
    services.delete_hand(hand_id=hand.pk, expected_version=hand.version, actor=None)
    response = client.get(url("hand-correct", table.token, pk=hand.pk) + "?n=1")
    assert response.status_code == 404
    assert response[ANSWER] == "gone-hand"
    assert "Hand 1 no longer exists" in response.content.decode()


@pytest.mark.parametrize("name", ["hand-delete", "hand-confirm"])
def test_deleting_or_confirming_a_deleted_hand_says_so(client, organiser, table, name):
    e, s, w, n = player_ids(table)
    hand = record(organiser, table, e, s)
    services.delete_hand(hand_id=hand.pk, expected_version=hand.version, actor=None)
    body = {"version": hand.version, "shown_number": "1"}
    response = client.post(url(name, table.token, pk=hand.pk), body, headers=HTMX)
    assert response.status_code == 404
    assert response[ANSWER] == "gone-hand"
    assert "Hand 1 no longer exists" in response.content.decode()


def test_removing_a_removed_penalty_says_so(client, table):
    response = client.post(
        url("penalty-delete", table.token, pk=999), {"table_version": ""}, headers=HTMX
    )
    assert response[ANSWER] == "gone-hand"
    assert "This penalty no longer exists" in response.content.decode()
    assert not Penalty.objects.exists()


def test_hand_sent_twice_is_confirmed_not_refused(client, table):
    """The tablet sends again a hand whose answer it lost: the answer is a
    confirmation ("is saved"), labelled already-saved, one hand stored."""
    e, s, w, n = player_ids(table)
    data = hand_data("discard", e, s, 9, key="sent-twice")
    first = client.post(url("hand-create", table.token), data, headers=HTMX)
    assert first[ANSWER] == "saved"
    again = client.post(url("hand-create", table.token), data, headers=HTMX)
    assert again.status_code == 200
    assert again[ANSWER] == "already-saved"
    page = again.content.decode()
    assert "Hand 1 is saved: it had already reached the server." in page
    assert "already recorded" not in page
    assert Hand.objects.filter(table=table).count() == 1


def test_refusal_and_conflict_are_labelled(client, organiser, table):
    e, s, w, n = player_ids(table)
    refused = client.post(
        url("hand-create", table.token), hand_data("discard", e, s, 5), headers=HTMX
    )
    assert refused.status_code == 200
    assert refused[ANSWER] == "refused"
    stale = hand_data("discard", e, s, 9, table_version=table.version)
    record(organiser, table, s, w)
    conflict = client.post(url("hand-create", table.token), stale, headers=HTMX)
    assert conflict.status_code == 409
    assert conflict[ANSWER] == "conflict"


@override_settings(RATELIMIT_ENABLE=True, TABLE_FORM_RATE="1/m")
def test_rate_limited_write_answers_busy(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table.token), hand_data("discard", e, s, 9))
    response = client.post(
        url("hand-create", table.token), hand_data("discard", s, e, 9)
    )
    assert response.status_code == 429
    assert response[ANSWER] == "busy"
