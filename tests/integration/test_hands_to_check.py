"""A hand whose points were typed cannot be counted again when its winds
change under it: it is flagged, the tablet's sheet and the organiser's table
list say so, and the referee confirms the points (a plain form, no
JavaScript needed) or corrects them, which clears the mark."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.page_factories import hand_data, organised_table, player_ids
from tournaments.models import AuditEvent, Hand
from tournaments.services import hands as services

pytestmark = pytest.mark.django_db

MARK = "Winds changed: check the points"


@pytest.fixture
def table(organiser):
    return organised_table(organiser)


def url(name, table, **kwargs):
    return reverse(f"referee:{name}", kwargs={"token": table.token, **kwargs})


def record(organiser, table, **result):
    ids = player_ids(table)
    for field in ("winner", "discarder"):
        if field in result:
            result[field] = ids[result[field]]
    hand, _ = services.record_hand(table_id=table.pk, result=result, actor=organiser)
    return hand


def delete_first(organiser, table):
    first = Hand.objects.get(table=table, number=1)
    services.delete_hand(hand_id=first.pk, expected_version=1, actor=organiser)


@pytest.fixture
def flagged(organiser, table):
    """Hand 1 a washout, hand 2 a typed win (10 points) by the third seat;
    hand 1 deleted."""
    record(organiser, table, kind="draw")
    hand = record(organiser, table, kind="discard", winner=2, discarder=3, fan_total=10)
    delete_first(organiser, table)
    hand.refresh_from_db()
    return hand


def test_a_typed_win_whose_winds_changed_is_flagged_and_audited(organiser, flagged):
    assert (flagged.number, flagged.seat_winds) == (1, "ESWN")
    assert flagged.needs_check and flagged.result["fan_total"] == 10
    assert flagged.deltas == [-8, -8, 34, -18]
    event = AuditEvent.objects.get(action="hand.flag")
    assert (event.object_id, event.actor) == (flagged.pk, organiser)
    assert event.before["seat_winds"] == "NESW" and not event.before["needs_check"]
    assert event.after["seat_winds"] == "ESWN" and event.after["needs_check"]


def test_a_washout_whose_winds_changed_is_not_flagged(organiser, table):
    record(organiser, table, kind="draw")
    washout = record(organiser, table, kind="draw")
    delete_first(organiser, table)
    washout.refresh_from_db()
    assert washout.number == 1 and not washout.needs_check
    assert not AuditEvent.objects.filter(action="hand.flag").exists()


def test_a_hand_whose_winds_did_not_change_is_not_flagged(organiser, table):
    """Hands before the deleted one keep their deal."""
    kept = record(organiser, table, kind="discard", winner=0, discarder=1, fan_total=9)
    record(organiser, table, kind="draw")
    last = Hand.objects.get(table=table, number=2)
    services.delete_hand(hand_id=last.pk, expected_version=1, actor=organiser)
    kept.refresh_from_db()
    assert not kept.needs_check


def test_correcting_the_winds_alone_of_a_typed_win_flags_it(organiser, table):
    hand = record(organiser, table, kind="discard", winner=1, discarder=3, fan_total=9)
    hand = services.correct_hand(
        hand_id=hand.pk, expected_version=1, seat_winds="SWNE", actor=organiser
    )
    assert hand.needs_check
    assert AuditEvent.objects.get(action="hand.correct").after["needs_check"]


def test_the_sheet_shows_the_mark_and_a_confirm_button(client, table, flagged):
    page = client.get(url("table", table)).content.decode()
    assert MARK in page
    assert url("hand-confirm", table, pk=flagged.pk) in page
    assert "Confirm the points" in page


def test_confirming_without_javascript_clears_the_mark(
    client, organiser, table, flagged
):
    response = client.post(
        url("hand-confirm", table, pk=flagged.pk), {"version": flagged.version}
    )
    assert response.status_code == 302
    flagged.refresh_from_db()
    assert not flagged.needs_check and flagged.version == 2
    assert flagged.result["fan_total"] == 10
    event = AuditEvent.objects.get(action="hand.confirm")
    assert event.before["needs_check"] and not event.after["needs_check"]
    page = client.get(url("table", table)).content.decode()
    assert MARK not in page and "its points are confirmed" in page


def test_a_stale_confirmation_is_a_conflict(client, table, flagged):
    response = client.post(url("hand-confirm", table, pk=flagged.pk), {"version": 9})
    assert response.status_code == 409
    flagged.refresh_from_db()
    assert flagged.needs_check


def test_correcting_the_points_clears_the_mark(client, table, flagged):
    e, s, w, n = player_ids(table)
    data = hand_data("discard", w, n, 9, prefix="edit", version=flagged.version)
    response = client.post(url("hand-correct", table, pk=flagged.pk), data)
    assert response.status_code == 302
    flagged.refresh_from_db()
    assert not flagged.needs_check and flagged.result["fan_total"] == 9


def test_the_organisers_table_list_counts_the_hands_to_check(
    client, organiser, table, flagged
):
    client.force_login(organiser)
    round_ = table.round
    page = client.get(
        reverse("staff:round-tables", args=[round_.tournament.slug, round_.number])
    ).content.decode()
    assert "1 hand to check: winds changed" in page


def test_typed_french_scores_whose_winds_changed_are_flagged(organiser):
    """French classic: a typed score includes East's double, so a hand
    whose East moved is flagged like a typed MCR win."""
    table = organised_table(organiser, ruleset="french_simple")
    ids = player_ids(table)

    def french(winner):
        scores = {str(player): 10 + seat for seat, player in enumerate(ids)}
        result = {"kind": "self_draw", "dominant_wind": "E", "scores": scores}
        hand, _ = services.record_hand(
            table_id=table.pk, result={**result, "winner": ids[winner]}, actor=organiser
        )
        return hand

    french(1)  # South wins: the winds rotate
    hand = french(2)
    assert hand.seat_winds.index("E") == 1
    delete_first(organiser, table)
    hand.refresh_from_db()
    assert hand.seat_winds.index("E") == 0 and hand.needs_check


def test_the_api_says_which_hands_are_to_check(api, flagged):
    assert api.get(f"/api/hands/{flagged.pk}/").json()["needs_check"] is True


def test_the_correction_form_of_a_flagged_hand_says_why(client, table, flagged):
    page = client.get(url("hand-correct", table, pk=flagged.pk)).content.decode()
    assert "Correct hand 1" in page and MARK in page
