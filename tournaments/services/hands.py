"""Record, correct and delete hands; close and reopen a table.

Every function here is one transaction that locks the table row, validates
through the tournament's rule set, writes an audit event and rebuilds the
table's results (``tables.rebuild_table``).

A change that moves the winds of later hands has them counted again from
their tiles, or flagged for the referee, by that rebuild (``revalue``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import AnyRuleSet, hand_sheets_of, result_form_of
from scoring.engine.types import PER_PLAYER, DealState, FieldKind
from tournaments.extensions import table_closed_callbacks
from tournaments.models import WINDS, Hand, Round, Seat, Table
from tournaments.selectors.rules import (
    deal_after,
    deal_of,
    ruleset_for,
    session_over,
    tiles_for_hand,
)
from tournaments.services.audit import Actor, record_event
from tournaments.services.confirmations import clear_confirmations
from tournaments.services.errors import ConflictError, ServiceError
from tournaments.services.revalue import flag_typed_points
from tournaments.services.rules import result_from_tiles
from tournaments.services.tables import (
    bump_version,
    call_time_if_over,
    check_table_open,
    check_version,
    lock_table,
    lock_table_for_play,
    rebuild_table,
    seats_of,
)

#: The inputs that name players, for a rule set without a flat result form.
SEAT_FIELDS = {"winner": FieldKind.SEAT, "discarder": FieldKind.SEAT}


def player_fields(ruleset: AnyRuleSet, options: Any) -> dict[str, FieldKind]:
    """The result inputs that name players (by Player id), as the rule set
    describes them: the engine reads seats there."""
    entry = result_form_of(ruleset, options)
    if entry is None:
        return dict(SEAT_FIELDS)
    return {field.name: field.kind for field in entry.player_keyed_fields()}


def hand_snapshot(hand: Hand) -> dict[str, Any]:
    """What the audit trail keeps of a hand."""
    return {
        "number": hand.number,
        "result": hand.result,
        "prevalent_wind": hand.prevalent_wind,
        "seat_winds": hand.seat_winds,
        "deltas": hand.deltas,
        "tiles": hand.tiles,
        "version": hand.version,
        "needs_check": hand.needs_check,
    }


def _engine_payload(
    data: Mapping[str, Any], seats: list[Seat], fields: Mapping[str, FieldKind]
) -> dict[str, Any]:
    """Replace player ids by the seat indexes the engine reads, in the
    ``fields`` that name players (``player_fields``)."""
    index = {seat.registration.player_id: i for i, seat in enumerate(seats)}

    def seat_of(field: str, value: Any) -> int:
        try:
            player_id = int(value)
        except (TypeError, ValueError):
            raise ServiceError(
                "player_not_at_table", field=field, player=value
            ) from None
        if player_id not in index:
            raise ServiceError("player_not_at_table", field=field, player=value)
        return index[player_id]

    payload = dict(data)
    for field, kind in fields.items():
        value = payload.get(field)
        if kind == FieldKind.SEATS:
            if value not in (None, ""):
                payload[field] = [seat_of(field, item) for item in value]
        elif kind in PER_PLAYER:
            if value not in (None, ""):
                payload[field] = _in_seat_order(field, value, seat_of)
        elif field in payload:
            payload[field] = None if value in (None, "") else seat_of(field, value)
    return payload


def engine_payload(
    data: Mapping[str, Any], seats: list[Seat], ruleset: AnyRuleSet, options: Any
) -> dict[str, Any]:
    """``data`` as the rule set reads it: players named by id become seats,
    per-player inputs lists in seat order (``seats`` in engine order). Raises
    ``ServiceError("player_not_at_table")``. Read-only: the tablet's hand
    builder previews with it what ``record_hand`` would store."""
    return _engine_payload(data, seats, player_fields(ruleset, options))


def _in_seat_order(field: str, value: Any, seat_of: Callable[[str, Any], int]) -> Any:
    """A ``{player id: value}`` mapping as the engine's list of four values
    in seat order (``None`` for a player not given); a list is taken as
    already in seat order, and the rule set checks it."""
    if not isinstance(value, Mapping):
        return list(value) if isinstance(value, list) else value
    values: list[Any] = [None] * 4
    for player, item in value.items():
        values[seat_of(field, player)] = item
    return values


def _apply_result(
    hand: Hand,
    table: Table,
    data: Mapping[str, Any],
    seats: list[Seat],
    tiles: Mapping[str, Any] | None = None,
    deal: DealState | None = None,
) -> None:
    """Validate ``data`` through the rule set and copy the result onto the hand.

    With ``tiles`` the fan calculator counts the points and the breakdown is
    stored with the hand; the result's own point fields are ignored. The
    winds the calculator reads come from ``deal`` (the hand's own deal), the
    self-draw and flowers from ``data``: never from the client's tiles alone.
    """
    tournament = table.round.tournament
    ruleset, options = ruleset_for(tournament)
    fields = player_fields(ruleset, options)
    hand.tiles, hand.fans = None, None
    if tiles is not None:
        winner = _engine_payload(data, seats, fields).get("winner")
        tiles = tiles_for_hand(tiles, data, deal or deal_of(hand), winner)
        data, hand.fans = result_from_tiles(ruleset, data, tiles, options)
        hand.tiles = tiles
    try:
        result = ruleset.parse_result(_engine_payload(data, seats, fields), options)
    except EngineError as error:
        _name_the_seat(error, seats)
        raise
    hand.result = result.to_dict()
    hand.kind = str(result.kind)
    hand.winner = None if result.winner is None else seats[result.winner]
    hand.discarder = None if result.discarder is None else seats[result.discarder]


def _name_the_seat(error: EngineError, seats: list[Seat]) -> None:
    """The engine counts a table's seats from 0; the referee knows the
    players: a seat of this table named in ``error`` becomes its player."""
    seat = error.params.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(seats):
        error.params["seat"] = str(seats[seat].registration.player)


def _start_round(table: Table) -> None:
    """Precondition: the round row is locked if it is seated
    (``lock_table_for_play``)."""
    round_ = table.round
    if round_.status == Round.Status.SEATED:
        round_.status = Round.Status.PLAYING
        round_.save(update_fields=["status"])


@transaction.atomic
def record_hand(
    *,
    table_id: int,
    result: Mapping[str, Any],
    actor: Actor,
    idempotency_key: str | None = None,
    expected_table_version: int | None = None,
    expected_hand_number: int | None = None,
    tiles: Mapping[str, Any] | None = None,
    ip_address: str | None = None,
    actor_label: str = "",
    seen_round_status: str | None = None,
) -> tuple[Hand, bool]:
    """Append the next hand of the table's session.

    ``result`` names players by Player id (``winner``, ``discarder``);
    ``tiles`` (hand-format.md) lets the fan calculator count the points. Returns
    the hand and whether it was created; a request repeated with the same
    ``idempotency_key`` returns the stored hand, created=False.
    ``expected_hand_number`` is the number the tablet was entering: hands an
    offline tablet queued are sent without a table version, and this still
    refuses one that another tablet's hands overtook (409).
    ``seen_round_status``: see ``lock_table_for_play``.
    """
    table = lock_table_for_play(table_id, seen_round_status)
    # One read of the session's hands (16 at most) after the lock: the replay
    # check, the count and the next deal all come from it.
    played_hands = list(table.hands.order_by("number"))
    if idempotency_key:
        stored = next(
            (h for h in played_hands if h.idempotency_key == idempotency_key), None
        )
        if stored is not None:
            return _replayed(stored, table, result, tiles), False
    check_table_open(table, expected_table_version)
    seats = seats_of(table)
    ruleset, options = ruleset_for(table.round.tournament)
    played = len(played_hands)
    if expected_hand_number is not None and expected_hand_number != played + 1:
        if expected_hand_number <= played:
            raise ConflictError("table_changed_hand", hand=expected_hand_number)
        raise ConflictError("table_changed")
    deal = deal_after(ruleset, options, played_hands[-1] if played_hands else None)
    if session_over(
        ruleset, options, played_hands, time_called=table.time_called, next_deal=deal
    ):
        raise ServiceError("session_over", hands=played)
    hand = Hand(table=table, number=played + 1, idempotency_key=idempotency_key or None)
    _apply_result(hand, table, result, seats, tiles, deal)
    hand.entered_by = actor if actor is not None and actor.is_authenticated else None
    # Stored by the rebuild, with its deal and payments (one INSERT).
    rebuild_table(
        table,
        seats,
        [*played_hands, hand],
        actor=actor,
        actor_label=actor_label,
        ip_address=ip_address,
    )
    _start_round(table)
    call_time_if_over(table)
    bump_version(table)
    # A hand added to a reopened table changes the scores the players signed.
    # Asked only where players confirm: the hot path of every other event
    # keeps its query count.
    if table.round.tournament.players_confirm_tables:
        clear_confirmations(
            table, actor=actor, actor_label=actor_label, ip_address=ip_address
        )
    record_event(
        table=table,
        action="hand.record",
        obj=hand,
        actor=actor,
        after=hand_snapshot(hand),
        ip_address=ip_address,
        actor_label=actor_label,
    )
    return hand, True


def _replayed(
    stored: Hand,
    table: Table,
    result: Mapping[str, Any],
    tiles: Mapping[str, Any] | None = None,
) -> Hand:
    """The stored hand, when the repeated request asks for the same result
    (counted from the same tiles, in the stored hand's deal, if any)."""
    seats = seats_of(table)
    ruleset, options = ruleset_for(table.round.tournament)
    fields = player_fields(ruleset, options)
    if tiles is not None:
        winner = _engine_payload(result, seats, fields).get("winner")
        tiles = tiles_for_hand(tiles, result, deal_of(stored), winner)
        result, _fans = result_from_tiles(ruleset, result, tiles, options)
    payload = _engine_payload(result, seats, fields)
    if ruleset.parse_result(payload, options).to_dict() != stored.result:
        raise ConflictError("idempotency_key_reused", hand=stored.number)
    return stored


@transaction.atomic
def correct_hand(
    *,
    hand_id: int,
    expected_version: int,
    actor: Actor,
    result: Mapping[str, Any] | None = None,
    seat_winds: str | None = None,
    prevalent_wind: str | None = None,
    tiles: Mapping[str, Any] | None = None,
    ip_address: str | None = None,
    actor_label: str = "",
) -> Hand:
    """Change a stored hand's result and/or its seat winds.

    ``expected_version`` is the hand version the client saw; another edit
    in between raises ``ConflictError`` (never a silent overwrite). A new
    result clears the hand's ``needs_check``; new winds alone flag typed
    points, and the rebuild counts again the hands with tiles whose winds
    moved (this one and the later ones: ``revalue``).
    """
    hand = lock_hand(hand_id)
    table = hand.table
    check_table_open(table)
    check_version(hand.version, expected_version)
    before = hand_snapshot(hand)
    if seat_winds is not None or prevalent_wind is not None:
        _apply_winds(hand, seat_winds or hand.seat_winds, prevalent_wind)
    if result is not None:
        _apply_result(hand, table, result, seats_of(table), tiles)
        hand.needs_check = False  # the referee gave the points again
    elif (hand.seat_winds, hand.prevalent_wind) != (
        before["seat_winds"],
        before["prevalent_wind"],
    ):
        _flag_if_typed(hand, table)
    hand.version += 1
    hand.save()
    rebuild_table(table, actor=actor, actor_label=actor_label, ip_address=ip_address)
    hand.refresh_from_db()
    bump_version(table)
    # The players signed other scores: they are asked again.
    clear_confirmations(
        table, actor=actor, actor_label=actor_label, ip_address=ip_address
    )
    record_event(
        table=table,
        action="hand.correct",
        obj=hand,
        actor=actor,
        before=before,
        after=hand_snapshot(hand),
        ip_address=ip_address,
        actor_label=actor_label,
    )
    return hand


def _flag_if_typed(hand: Hand, table: Table) -> None:
    """The winds alone of a hand corrected: its typed points are flagged as
    the rebuild flags those of the hands whose winds it moved (a hand with
    tiles is counted again by the rebuild itself)."""
    ruleset, _options = ruleset_for(table.round.tournament)
    sheets = hand.fans if hand_sheets_of(ruleset) is not None else None
    flag_typed_points(hand, hand.winner_id, sheets, before={})


def _apply_winds(hand: Hand, seat_winds: str, prevalent_wind: str | None) -> None:
    seat_winds = seat_winds.upper()
    if sorted(seat_winds) != sorted(WINDS):
        raise ServiceError("bad_seat_winds", field="seat_winds", value=seat_winds)
    prevalent = (prevalent_wind or hand.prevalent_wind).upper()
    if prevalent not in WINDS:
        raise ServiceError("bad_wind", field="prevalent_wind", value=prevalent)
    hand.seat_winds, hand.prevalent_wind = seat_winds, prevalent
    hand.winds_corrected = True


def lock_hand(hand_id: int) -> Hand:
    """Lock the hand's table, then load the hand (lock order: table first).

    A hand deleted by another request while this one waited for the lock
    raises the same "no hand" message, as a conflict (409).
    """
    table_id = (
        Hand.objects.filter(pk=hand_id).values_list("table_id", flat=True).first()
    )
    if table_id is None:
        raise ServiceError("unknown_hand", field="hand", hand=hand_id)
    table = lock_table(table_id)
    hand = Hand.objects.filter(pk=hand_id, table=table).first()
    if hand is None:
        raise ConflictError("unknown_hand", field="hand", hand=hand_id)
    hand.table = table
    return hand


@transaction.atomic
def delete_hand(
    *,
    hand_id: int,
    expected_version: int,
    actor: Actor,
    ip_address: str | None = None,
    actor_label: str = "",
) -> None:
    """Remove a hand; later hands move up one number."""
    hand = lock_hand(hand_id)
    table = hand.table
    check_table_open(table)
    check_version(hand.version, expected_version)
    before = hand_snapshot(hand)
    record_event(
        table=table,
        action="hand.delete",
        obj=hand,
        actor=actor,
        before=before,
        ip_address=ip_address,
        actor_label=actor_label,
    )
    hand.delete()
    rebuild_table(table, actor=actor, actor_label=actor_label, ip_address=ip_address)
    bump_version(table)
    clear_confirmations(
        table, actor=actor, actor_label=actor_label, ip_address=ip_address
    )


@transaction.atomic
def close_table(
    *,
    table_id: int,
    actor: Actor,
    time_called: bool = False,
    expected_table_version: int | None = None,
    ip_address: str | None = None,
    actor_label: str = "",
) -> Table:
    """End the table's session: all hands played, or time called."""
    table = lock_table(table_id)
    check_table_open(table, expected_table_version)
    seats_of(table)
    time_called = time_called or table.time_called  # the clock called it
    ruleset, options = ruleset_for(table.round.tournament)
    hands = list(table.hands.order_by("number"))
    if not session_over(ruleset, options, hands, time_called=time_called):
        raise ServiceError("session_not_over", hands=len(hands))
    table.is_closed, table.time_called = True, time_called
    table.save(update_fields=["is_closed", "time_called"])
    rebuild_table(table)
    bump_version(table)
    record_event(
        table=table,
        action="table.close",
        obj=table,
        actor=actor,
        after={"hands": len(hands), "time_called": time_called},
        ip_address=ip_address,
        actor_label=actor_label,
    )
    # Robust: the table is closed whatever an app above does with the news
    # (a failure there is logged, the tablet still gets its answer).
    for callback in table_closed_callbacks():
        transaction.on_commit(_told_closed(callback, table.pk), robust=True)
    return table


def _told_closed(callback: Callable[[int], None], table_id: int) -> Callable[[], None]:
    """``callback(table_id)`` as a function with a name: Django logs a robust
    on-commit call that failed by its ``__qualname__``, which a
    ``functools.partial`` lacks (the log line then raised, after the commit)."""

    def told_closed() -> None:
        callback(table_id)

    told_closed.__qualname__ = getattr(callback, "__qualname__", "table_closed")
    return told_closed


@transaction.atomic
def reopen_table(
    *,
    table_id: int,
    actor: Actor,
    ip_address: str | None = None,
    actor_label: str = "",
) -> Table:
    """Reopen a closed table of a round that is not finished."""
    table = lock_table(table_id)
    if table.round.status == Round.Status.FINISHED:
        raise ServiceError("round_finished", round=table.round.number)
    if not table.is_closed:
        raise ServiceError("table_open", table=table.number)
    table.is_closed, table.time_called = False, False
    table.save(update_fields=["is_closed", "time_called"])
    bump_version(table, was_closed=True)
    record_event(
        table=table,
        action="table.reopen",
        obj=table,
        actor=actor,
        ip_address=ip_address,
        actor_label=actor_label,
    )
    return table
