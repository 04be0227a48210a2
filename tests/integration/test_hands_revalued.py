"""A hand recorded with its tiles is counted again when its winds change
under it (a hand deleted before it, a seat-wind correction), in the same
transaction, and each re-count is audited: the sheet is never silently wrong.

The issue's case: hand 1 a washout, hand 2 won by the third seat (South in
hand 2) with a pung of South; hand 1 deleted: the remaining hand is hand 1,
its winner West, and it is worth what the calculator gives for West.
"""

from __future__ import annotations

import pytest

from scoring.services_fans import calculate
from tests.integration.page_factories import organised_table, player_ids
from tournaments.models import AuditEvent, Hand
from tournaments.services import hands as services

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

# Pure Straight 16 + Half Flush 6 + the South pung: Seat Wind (2) for a South
# winner, only Pung of Terminals or Honors (1) for anyone else.
SOUTH_PUNG = {
    "concealed": "123p456p78p55z",
    "melds": [{"kind": "pung", "tiles": "222z", "concealed": False, "from": "left"}],
    "winning_tile": "9p",
    "last_of_kind": False,
}

# All Pungs 6 + Seat Wind 2 = 8 for South; 7 for West, below the minimum.
SOUTH_EIGHT = {
    "concealed": "3355m",
    "melds": [
        {"kind": "pung", "tiles": tiles, "concealed": False, "from": "left"}
        for tiles in ("222z", "888s", "666p")
    ],
    "winning_tile": "5m",
    "last_of_kind": False,
}

# Riichi, 13 tiles in hand, a concealed pung of South, waiting on 5p: for a
# South winner riichi and the seat wind's yakuhai (2 han 40 fu), for a West
# winner riichi alone (1 han 40 fu); without riichi, no yaku for West.
RIICHI_SOUTH = {"concealed": "123456m789p5p222z", "winning_tile": "5p", "melds": []}


RIICHI_DRAW = {"kind": "draw", "tenpai": []}


def fans(tiles, seat_wind):
    return calculate({**tiles, "seat_wind": seat_wind, "prevalent_wind": "E"})


def washout_then_win(organiser, table, tiles, draw=None, riichi=False):
    """Hand 1 a washout (``draw``: its result), hand 2 won by tiles by the
    third seat on the fourth's discard (``riichi``: the winner declared)."""
    e, s, w, n = player_ids(table)
    services.record_hand(
        table_id=table.pk, result=draw or {"kind": "draw"}, actor=organiser
    )
    result = {"kind": "discard", "winner": w, "discarder": n}
    if riichi:
        result["riichi"] = [w]
    hand, _ = services.record_hand(
        table_id=table.pk, result=result, tiles=tiles, actor=organiser
    )
    return hand


def delete_first(organiser, table):
    first = Hand.objects.get(table=table, number=1)
    services.delete_hand(hand_id=first.pk, expected_version=1, actor=organiser)


def test_the_issues_case_the_renumbered_hand_is_counted_for_its_new_winds(organiser):
    table = organised_table(organiser)
    hand = washout_then_win(organiser, table, SOUTH_PUNG)
    assert (hand.seat_winds, hand.result["fan_total"]) == ("NESW", 24)
    delete_first(organiser, table)
    hand.refresh_from_db()
    assert (hand.number, hand.seat_winds) == (1, "ESWN")
    expected = fans(SOUTH_PUNG, "W")["total"]
    assert hand.result["fan_total"] == expected == 23
    assert "Seat Wind" not in [fan["name"] for fan in hand.fans]
    assert hand.tiles["seat_wind"] == "W"
    # West wins 23 on North's discard: 8 from each, 23 more from North.
    assert hand.deltas == [-8, -8, 47, -31]
    assert [seat.result.hand_points for seat in table.seats.order_by("pk")] == [
        -8,
        -8,
        47,
        -31,
    ]
    assert not hand.needs_check


def test_the_count_again_is_audited_with_the_value_before_and_after(organiser):
    table = organised_table(organiser)
    hand = washout_then_win(organiser, table, SOUTH_PUNG)
    delete_first(organiser, table)
    event = AuditEvent.objects.get(action="hand.revalue")
    assert (event.object_type, event.object_id, event.actor) == (
        "hand",
        hand.pk,
        organiser,
    )
    assert event.before["result"]["fan_total"] == 24
    assert event.before["seat_winds"] == "NESW"
    assert event.after["result"]["fan_total"] == 23
    assert event.after["seat_winds"] == "ESWN"
    # Recounted once: a later rebuild (another hand) does not count it again.
    services.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)
    assert AuditEvent.objects.filter(action="hand.revalue").count() == 1


def test_tiles_below_the_minimum_under_the_new_winds_keep_the_hand_flagged(
    organiser,
):
    """The deletion is not refused: the hand keeps its 8 points and is
    marked for the referee, who corrects or confirms it."""
    table = organised_table(organiser)
    hand = washout_then_win(organiser, table, SOUTH_EIGHT)
    assert hand.result["fan_total"] == 8
    delete_first(organiser, table)
    hand.refresh_from_db()
    assert (hand.number, hand.seat_winds) == (1, "ESWN")
    assert hand.result["fan_total"] == 8 and hand.needs_check
    assert hand.deltas == [-8, -8, 32, -16]
    event = AuditEvent.objects.get(action="hand.revalue")
    assert event.after["error"] == "below_minimum"
    assert event.after["needs_check"] is True


def test_a_seat_wind_correction_counts_that_hand_and_the_next_again(organiser):
    """Hand 1 won by the second seat (South), hand 2 by the third (South
    again); the referee corrects hand 1's winds so that the second seat
    held West: both hands are counted for West."""
    table = organised_table(organiser)
    e, s, w, n = player_ids(table)
    first, _ = services.record_hand(
        table_id=table.pk,
        result={"kind": "discard", "winner": s, "discarder": n},
        tiles=SOUTH_PUNG,
        actor=organiser,
    )
    second, _ = services.record_hand(
        table_id=table.pk,
        result={"kind": "discard", "winner": w, "discarder": n},
        tiles=SOUTH_PUNG,
        actor=organiser,
    )
    assert first.result["fan_total"] == second.result["fan_total"] == 24
    services.correct_hand(
        hand_id=first.pk, expected_version=1, seat_winds="SWNE", actor=organiser
    )
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.seat_winds, second.seat_winds) == ("SWNE", "ESWN")
    assert first.result["fan_total"] == second.result["fan_total"] == 23
    assert first.tiles["seat_wind"] == second.tiles["seat_wind"] == "W"
    assert first.deltas == [-8, 47, -8, -31]
    revalued = AuditEvent.objects.filter(action="hand.revalue")
    assert sorted(revalued.values_list("object_id", flat=True)) == sorted(
        [first.pk, second.pk]
    )


@pytest.fixture
def riichi_table(organiser):
    return organised_table(organiser, ruleset="riichi")


def test_a_riichi_hand_loses_the_seat_winds_yakuhai_with_its_new_wind(
    organiser, riichi_table
):
    table = riichi_table
    hand = washout_then_win(organiser, table, RIICHI_SOUTH, RIICHI_DRAW, riichi=True)
    assert hand.seat_winds == "NESW"
    assert (hand.result["han"], hand.result["fu"]) == (2, 40)
    delete_first(organiser, table)
    hand.refresh_from_db()
    assert (hand.number, hand.seat_winds) == (1, "ESWN")
    assert (hand.result["han"], hand.result["fu"]) == (1, 40)
    assert [item["name"] for item in hand.fans] == ["Riichi"]
    # 1 han 40 fu from a child: 1,300; the winner's own stick comes back.
    assert hand.deltas == [0, 0, 1_300, -1_300]
    assert AuditEvent.objects.filter(action="hand.revalue").count() == 1


def test_a_riichi_hand_without_a_yaku_under_its_new_wind_is_kept_and_flagged(
    organiser, riichi_table
):
    table = riichi_table
    hand = washout_then_win(organiser, table, RIICHI_SOUTH, RIICHI_DRAW)
    assert (hand.result["han"], hand.result["fu"]) == (1, 40)
    delete_first(organiser, table)
    hand.refresh_from_db()
    assert hand.seat_winds == "ESWN" and hand.needs_check
    assert (hand.result["han"], hand.result["fu"]) == (1, 40)
    event = AuditEvent.objects.get(action="hand.revalue")
    assert event.after["error"] == "no_yaku"


def test_winds_set_back_count_the_flagged_hand_again_and_clear_its_mark(organiser):
    table = organised_table(organiser)
    e, s, w, n = player_ids(table)
    hand, _ = services.record_hand(
        table_id=table.pk,
        result={"kind": "discard", "winner": s, "discarder": n},
        tiles=SOUTH_EIGHT,
        actor=organiser,
    )
    hand = services.correct_hand(
        hand_id=hand.pk, expected_version=1, seat_winds="SWNE", actor=organiser
    )
    assert hand.needs_check and hand.result["fan_total"] == 8
    hand = services.correct_hand(
        hand_id=hand.pk, expected_version=2, seat_winds="ESWN", actor=organiser
    )
    assert not hand.needs_check and hand.result["fan_total"] == 8
    assert "Seat Wind" in [fan["name"] for fan in hand.fans]
    events = AuditEvent.objects.filter(action="hand.revalue").order_by("pk")
    assert [event.after.get("error") for event in events] == ["below_minimum", None]
