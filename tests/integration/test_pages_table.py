"""The tablet page: entering, correcting and deleting hands, penalties, closing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.page_factories import hand_data, organised_table, player_ids
from tournaments.models import AuditEvent, Hand, Penalty, SeatResult

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def table(organiser):
    return organised_table(organiser)


def url(name, table, **kwargs):
    return reverse(f"referee:{name}", kwargs={"token": table.token, **kwargs})


def scores(table):
    by_player = {
        r.registration.player_id: r.score
        for r in SeatResult.objects.filter(seat__table=table).select_related(
            "registration"
        )
    }
    return [by_player.get(p) for p in player_ids(table)]


def test_table_page_shows_players_and_next_winds(client, table):
    """Anyone with the secret link sees the four players and the next winds."""
    response = client.get(url("table", table))
    assert response.status_code == 200
    page = response.content.decode()
    for seat in table.seats.select_related("registration__player"):
        assert seat.registration.player.name in page
    assert "Hand 1 · East round" in page
    assert 'name="idempotency_key"' in page


def test_unknown_token_is_404(client, table):
    response = client.get(reverse("referee:table", kwargs={"token": "nope"}))
    assert response.status_code == 404


def test_discard_win_through_the_form_pays_mcr_amounts(client, table):
    """12-point discard win: winner +36, discarder -20, the others -8 each."""
    e, s, w, n = player_ids(table)
    response = client.post(url("hand-create", table), hand_data("discard", e, s, 12))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.deltas == [36, -20, -8, -8]
    assert scores(table) == [36, -20, -8, -8]
    page = client.get(url("table", table)).content.decode()
    assert "+36" in page and "-20" in page
    assert "Hand 2" in page
    event = AuditEvent.objects.get(action="hand.record")
    assert event.actor_label.startswith("tablet ")
    assert event.ip_address == "127.0.0.1"


def test_htmx_submit_returns_the_sheet_partial(client, table):
    e, s, w, n = player_ids(table)
    response = client.post(
        url("hand-create", table),
        hand_data("self_draw", w, fan_total=8, flowers=2),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="sheet"')
    assert "<html" not in page
    assert Hand.objects.get(table=table).deltas == [-18, -18, 54, -18]


def test_double_submit_with_one_key_stores_one_hand(client, table):
    """A double tap sends the same idempotency key twice: one hand is stored."""
    e, s, w, n = player_ids(table)
    data = hand_data("discard", e, s, 9, key="tap-once")
    assert client.post(url("hand-create", table), data).status_code == 302
    assert client.post(url("hand-create", table), data).status_code == 302
    assert Hand.objects.filter(table=table).count() == 1
    page = client.get(url("table", table)).content.decode()
    assert "Hand 1 is saved: it had already reached the server." in page


def test_five_point_win_is_refused_and_nothing_is_stored(client, table):
    e, s, w, n = player_ids(table)
    response = client.post(url("hand-create", table), hand_data("discard", e, s, 5))
    assert response.status_code == 400
    page = response.content.decode()
    assert "minimum" in page.lower()
    assert 'class="error"' in page
    assert not Hand.objects.filter(table=table).exists()
    assert not AuditEvent.objects.filter(action="hand.record").exists()


def test_discard_win_without_discarder_is_refused(client, table):
    e, s, w, n = player_ids(table)
    response = client.post(url("hand-create", table), hand_data("discard", e, None, 9))
    assert response.status_code == 400
    assert not Hand.objects.exists()


def test_washout_ignores_a_winner_tapped_before(client, table):
    """A washout stores no winner even when a player button was tapped first."""
    e, *_ = player_ids(table)
    response = client.post(url("hand-create", table), hand_data("draw", e, None, 9))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.kind == "draw" and hand.winner is None
    assert hand.deltas == [0, 0, 0, 0]


def test_correction_changes_the_payments(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 12))
    hand = Hand.objects.get(table=table)
    edit = client.get(url("hand-correct", table, pk=hand.pk))
    assert "Correct hand 1" in edit.content.decode()
    data = hand_data("self_draw", n, fan_total=8, prefix="edit", version=hand.version)
    response = client.post(url("hand-correct", table, pk=hand.pk), data)
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.deltas == [-16, -16, -16, 48]
    assert hand.version == 2


def test_stale_correction_gets_the_conflict_message(client, table):
    """Two tablets edit one hand: the second, based on version 1, is refused."""
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 12))
    hand = Hand.objects.get(table=table)
    first = hand_data("discard", e, w, 10, prefix="edit", version=1)
    assert client.post(url("hand-correct", table, pk=hand.pk), first).status_code == 302
    stale = hand_data("discard", e, n, 20, prefix="edit", version=1)
    response = client.post(url("hand-correct", table, pk=hand.pk), stale)
    assert response.status_code == 409
    assert "Someone else changed this" in response.content.decode()
    hand.refresh_from_db()
    assert hand.result["fan_total"] == 10
    # The form is reloaded with the hand as it now stands (version 2).
    assert 'name="edit-version" value="2"' in response.content.decode()


def test_delete_hand_renumbers_and_rescores(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 12))
    client.post(url("hand-create", table), hand_data("self_draw", w, fan_total=8))
    first = Hand.objects.get(table=table, number=1)
    response = client.post(url("hand-delete", table, pk=first.pk), {"version": 1})
    assert response.status_code == 302
    remaining = Hand.objects.get(table=table)
    assert remaining.number == 1
    assert scores(table) == [-16, -16, 48, -16]


def test_penalty_add_and_remove(client, table):
    e, s, w, n = player_ids(table)
    data = {"player": s, "kind": "referee", "points": 10, "reason": "slow play"}
    response = client.post(url("penalty-create", table), data)
    assert response.status_code == 302
    penalty = Penalty.objects.get(table=table)
    assert scores(table)[1] == -10
    assert "slow play" in client.get(url("table", table)).content.decode()
    response = client.post(url("penalty-delete", table, pk=penalty.pk))
    assert response.status_code == 302
    assert not Penalty.objects.exists()
    assert scores(table)[1] == 0


def test_false_hu_takes_the_default_amount(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("penalty-create", table), {"player": e, "kind": "false_hu"})
    assert scores(table) == [-30, 10, 10, 10]


def test_close_early_needs_time_called(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 12))
    refused = client.post(url("table-close", table), {})
    assert refused.status_code == 400
    assert "call time" in refused.content.decode()
    table.refresh_from_db()
    assert not table.is_closed
    response = client.post(url("table-close", table), {"time_called": "on"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.is_closed and table.time_called
    page = client.get(url("table", table)).content.decode()
    assert "This table is closed" in page
    assert "Record the hand" not in page


def test_closed_table_refuses_hands(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("table-close", table), {"time_called": "on"})
    response = client.post(url("hand-create", table), hand_data("discard", e, s, 9))
    assert response.status_code == 400
    assert not Hand.objects.exists()


def test_french_tablet_shows_french_labels_and_errors(client, table):
    """The refusal of a 5-point win is explained in French on a French tablet."""
    e, s, w, n = player_ids(table)
    response = client.post(
        url("hand-create", table),
        hand_data("discard", e, s, 5),
        headers={"Accept-Language": "fr"},
    )
    page = response.content.decode()
    assert "Enregistrer la main" in page
    assert "en dessous du minimum de 8 points" in page
    assert "Victoire sur défausse" in page


def test_post_only_addresses_lead_back_to_the_sheet(client, table):
    response = client.get(url("hand-create", table))
    assert response.status_code == 302
    assert response["Location"] == url("table", table)


def test_table_page_queries_do_not_grow_with_hands(client, table):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    e, s, w, n = player_ids(table)

    def count_queries():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url("table", table)).status_code == 200
        return len(queries)

    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    one = count_queries()
    for winner in (s, w, n):
        client.post(url("hand-create", table), hand_data("self_draw", winner, None, 8))
    client.post(url("penalty-create", table), {"player": e, "kind": "false_hu"})
    assert count_queries() == one


def test_htmx_refusal_swaps_the_sheet_with_the_error(client, table):
    """htmx does not swap 4xx answers, so a refusal comes back as a 200 partial."""
    e, s, w, n = player_ids(table)
    response = client.post(
        url("hand-create", table),
        hand_data("discard", e, e, 9),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="sheet"')
    assert "cannot win on their own discard" in page
    assert not Hand.objects.exists()


def test_correcting_seat_winds_keeps_them(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    hand = Hand.objects.get(table=table)
    data = hand_data(
        "discard",
        e,
        s,
        8,
        prefix="edit",
        version=1,
        seat_winds="SENW",
        prevalent_wind="E",
    )
    assert client.post(url("hand-correct", table, pk=hand.pk), data).status_code == 302
    hand.refresh_from_db()
    assert hand.seat_winds == "SENW" and hand.winds_corrected
    page = client.get(url("table", table)).content.decode()
    assert "winds corrected" in page


MIXED_STRAIGHT = {
    "concealed": "123m456p78s11z",
    "melds": [{"kind": "pung", "tiles": "222z", "concealed": False, "from": "left"}],
    "winning_tile": "9s",
    "self_drawn": False,
    "flowers": 1,
    "seat_wind": "E",
    "prevalent_wind": "E",
}


def test_tiles_from_the_picker_count_the_points(client, table):
    """The calculator counts 9 points + 1 flower (the form's flower, asked
    once); the hand keeps its fans."""
    import json

    e, s, w, n = player_ids(table)
    page = client.get(url("table", table)).content.decode()
    assert "data-tile-picker" in page
    body = hand_data("discard", e, s, None, 1, tiles=json.dumps(MIXED_STRAIGHT))
    response = client.post(url("hand-create", table), body)
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert (hand.result["fan_total"], hand.result["flowers"]) == (9, 1)
    assert [f["number"] for f in hand.fans] == [39, 73, 81]
    assert hand.tiles["winning_tile"] == "9s"
    assert hand.deltas == [34, -18, -8, -8]


def test_tiles_that_do_not_win_are_refused(client, table):
    import json

    e, s, w, n = player_ids(table)
    not_winning = {**MIXED_STRAIGHT, "winning_tile": "1m"}
    body = hand_data("discard", e, s, None, tiles=json.dumps(not_winning))
    response = client.post(url("hand-create", table), body)
    assert response.status_code == 400
    assert "Not a winning hand" in response.content.decode()
    assert not Hand.objects.filter(table=table).exists()
