"""Hand and penalty services: atomic, audited, idempotent, conflict-safe."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from tests.factories import player_ids, seated_table
from tournaments.models import AuditEvent, Hand, SeatResult
from tournaments.services import hands as svc
from tournaments.services import penalties
from tournaments.services.errors import ConflictError, ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def discard(winner: int, discarder: int, fans: int, flowers: int = 0) -> dict:
    return {
        "kind": "discard",
        "winner": winner,
        "discarder": discarder,
        "fan_total": fans,
        "flowers": flowers,
    }


def scores(table) -> list[int]:
    by_player = {
        r.registration.player_id: r.score
        for r in SeatResult.objects.filter(seat__table=table).select_related(
            "registration"
        )
    }
    return [by_player[p] for p in player_ids(table)]


def test_discard_win_pays_as_mcr_section_4(organiser):
    """12-point discard win: winner +36, discarder -20, the two others -8."""
    table = seated_table()
    e, s, w, n = player_ids(table)
    hand, created = svc.record_hand(
        table_id=table.pk, result=discard(e, s, 12), actor=organiser
    )
    assert created
    assert hand.number == 1
    assert hand.deltas == [36, -20, -8, -8]
    assert scores(table) == [36, -20, -8, -8]
    event = AuditEvent.objects.get(action="hand.record")
    assert event.actor == organiser
    assert event.after["deltas"] == [36, -20, -8, -8]


def test_self_draw_with_flowers_each_other_pays_total_plus_8(organiser):
    """Self-draw, 8 points + 2 flowers: each other pays 18, winner +54."""
    table = seated_table()
    e, s, w, n = player_ids(table)
    result = {"kind": "self_draw", "winner": w, "fan_total": 8, "flowers": 2}
    hand, _ = svc.record_hand(table_id=table.pk, result=result, actor=organiser)
    assert hand.deltas == [-18, -18, 54, -18]


def test_same_idempotency_key_stores_the_hand_once(organiser):
    """A hand sent twice with one key is stored once and returned again."""
    table = seated_table()
    e, s, w, n = player_ids(table)
    first, created = svc.record_hand(
        table_id=table.pk,
        result=discard(e, s, 9),
        actor=organiser,
        idempotency_key="k1",
    )
    again, created_again = svc.record_hand(
        table_id=table.pk,
        result=discard(e, s, 9),
        actor=organiser,
        idempotency_key="k1",
    )
    assert created and not created_again
    assert again.pk == first.pk
    assert Hand.objects.filter(table=table).count() == 1
    assert AuditEvent.objects.filter(action="hand.record").count() == 1


def test_reused_key_with_another_result_is_a_conflict(organiser):
    table = seated_table()
    e, s, w, n = player_ids(table)
    svc.record_hand(
        table_id=table.pk, result=discard(e, s, 9), actor=organiser, idempotency_key="k"
    )
    with pytest.raises(ConflictError):
        svc.record_hand(
            table_id=table.pk,
            result=discard(e, s, 10),
            actor=organiser,
            idempotency_key="k",
        )


@pytest.mark.parametrize(
    ("result", "code"),
    [
        ("unknown_winner", "player_not_at_table"),
        ("below", "below_minimum"),
        ("no_discarder", "discarder_required"),
        ("self_discard", "discarder_is_winner"),
    ],
)
def test_bad_hand_is_refused_and_nothing_changes(organiser, result, code):
    """A refused hand leaves no hand, no result change and no audit event."""
    table = seated_table()
    e, s, w, n = player_ids(table)
    svc.record_hand(table_id=table.pk, result=discard(e, s, 8), actor=organiser)
    before = (scores(table), AuditEvent.objects.count(), table.hands.count())
    payload = {
        "unknown_winner": discard(e * 1000, s, 8),
        "below": discard(e, s, 5),
        "no_discarder": {"kind": "discard", "winner": e, "fan_total": 8},
        "self_discard": discard(e, e, 8),
    }[result]
    with pytest.raises((EngineError, ServiceError)) as error:
        svc.record_hand(table_id=table.pk, result=payload, actor=organiser)
    assert error.value.code == code
    assert (scores(table), AuditEvent.objects.count(), table.hands.count()) == before


def test_correction_with_a_stale_version_is_a_conflict(organiser):
    """Two tablets edit one hand: the second, based on version 1, is refused."""
    table = seated_table()
    e, s, w, n = player_ids(table)
    hand, _ = svc.record_hand(
        table_id=table.pk, result=discard(e, s, 8), actor=organiser
    )
    svc.correct_hand(
        hand_id=hand.pk, expected_version=1, result=discard(e, n, 8), actor=organiser
    )
    with pytest.raises(ConflictError) as error:
        svc.correct_hand(
            hand_id=hand.pk,
            expected_version=1,
            result=discard(e, w, 20),
            actor=organiser,
        )
    assert error.value.params == {"expected": 1, "current": 2}
    assert scores(table) == [32, -8, -8, -16]
    event = AuditEvent.objects.get(action="hand.correct")
    assert event.before["deltas"] == [32, -16, -8, -8]
    assert event.after["deltas"] == [32, -8, -8, -16]


def test_delete_renumbers_later_hands_and_rescores(organiser):
    table = seated_table()
    e, s, w, n = player_ids(table)
    first, _ = svc.record_hand(
        table_id=table.pk, result=discard(e, s, 8), actor=organiser
    )
    svc.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)
    third, _ = svc.record_hand(
        table_id=table.pk, result=discard(w, n, 8), actor=organiser
    )
    svc.delete_hand(hand_id=first.pk, expected_version=1, actor=organiser)
    assert list(table.hands.values_list("number", flat=True)) == [1, 2]
    third.refresh_from_db()
    assert third.number == 2
    assert third.seat_winds == "NESW"  # the default winds of hand 2
    assert scores(table) == [-8, -8, 32, -16]


def test_seat_winds_follow_section_7_and_can_be_corrected(organiser):
    """Hand 5 opens the South round: seat 1 deals; a correction is kept."""
    table = seated_table()
    e, s, w, n = player_ids(table)
    hands = [
        svc.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)[0]
        for _ in range(5)
    ]
    assert [h.seat_winds for h in hands[:4]] == ["ESWN", "NESW", "WNES", "SWNE"]
    assert (hands[4].prevalent_wind, hands[4].seat_winds) == ("S", "SENW")
    corrected = svc.correct_hand(
        hand_id=hands[4].pk, expected_version=1, seat_winds="ESWN", actor=organiser
    )
    assert corrected.winds_corrected and corrected.seat_winds == "ESWN"
    sixth, _ = svc.record_hand(
        table_id=table.pk, result={"kind": "draw"}, actor=organiser
    )
    assert sixth.seat_winds == "NESW"


def test_false_hu_is_shared_and_referee_penalty_is_not(organiser):
    table = seated_table()
    e, s, w, n = player_ids(table)
    penalties.add_penalty(
        table_id=table.pk, player_id=s, kind="false_hu", actor=organiser
    )
    penalties.add_penalty(
        table_id=table.pk,
        player_id=n,
        kind="referee",
        points=10,
        reason="late call",
        actor=organiser,
    )
    assert scores(table) == [10, -30, 10, 0]
    penalty = table.penalties.get(kind="referee")
    penalties.remove_penalty(penalty_id=penalty.pk, actor=organiser)
    assert scores(table) == [10, -30, 10, 10]


def test_table_closes_after_16_hands_or_when_time_is_called(organiser):
    table = seated_table()
    svc.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)
    with pytest.raises(ServiceError) as error:
        svc.close_table(table_id=table.pk, actor=organiser)
    assert error.value.code == "session_not_over"
    svc.close_table(table_id=table.pk, actor=organiser, time_called=True)
    with pytest.raises(ServiceError) as error:
        svc.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)
    assert error.value.code == "table_closed"
    svc.reopen_table(table_id=table.pk, actor=organiser)
    svc.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)


def test_seventeenth_hand_is_refused(organiser):
    table = seated_table()
    for _ in range(16):
        svc.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)
    with pytest.raises(ServiceError) as error:
        svc.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)
    assert error.value.code == "session_over"
    svc.close_table(table_id=table.pk, actor=organiser)
    results = SeatResult.objects.filter(seat__table=table)
    assert sorted(r.table_points_x12 for r in results) == [21, 21, 21, 21]


def test_penalty_for_someone_not_at_the_table_names_the_player_field(organiser):
    """The penalty form shows the error next to its player field."""
    table = seated_table()
    with pytest.raises(ServiceError) as error:
        penalties.add_penalty(
            table_id=table.pk, player_id=999999, kind="false_hu", actor=organiser
        )
    assert (error.value.code, error.value.field) == ("player_not_at_table", "player")


def test_a_hand_costs_the_same_few_queries_at_any_point_of_the_session(
    organiser, django_assert_max_num_queries
):
    """The room's busiest write: its results are written in bulk, and the
    10th hand costs no more than the 2nd."""
    table = seated_table()
    e, s, w, n = player_ids(table)
    result = {"kind": "discard", "winner": e, "discarder": s, "fan_total": 8}
    svc.record_hand(table_id=table.pk, result=result, actor=organiser)
    for _ in range(9):
        with django_assert_max_num_queries(20):
            svc.record_hand(table_id=table.pk, result=result, actor=organiser)
