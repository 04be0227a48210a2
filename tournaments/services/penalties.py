"""Add and remove penalties at a table.

Like every write at a table: one transaction that locks the table row,
validates through the tournament's rule set, writes an audit event and
rebuilds the table's results. A penalty changes the scores the players may
have confirmed: their answers are cleared, as for a corrected hand.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments.models import Penalty, Seat
from tournaments.selectors.rules import ruleset_for
from tournaments.services.audit import Actor, record_event
from tournaments.services.confirmations import clear_confirmations
from tournaments.services.errors import ConflictError, ServiceError
from tournaments.services.tables import (
    bump_version,
    check_table_open,
    lock_table,
    rebuild_table,
    seats_of,
)


def seat_index(seats: list[Seat], player_id: Any) -> int:
    """The engine's index (0 = starting East) of the player's seat."""
    for index, seat in enumerate(seats):
        if str(seat.registration.player_id) == str(player_id):
            return index
    raise ServiceError("player_not_at_table", field="player", player=player_id)


def penalty_snapshot(penalty: Penalty) -> dict[str, Any]:
    return {
        "player": penalty.seat.registration.player_id,
        "kind": penalty.kind,
        "points": penalty.points,
        "reason": penalty.reason,
        "deltas": penalty.deltas,
    }


@transaction.atomic
def add_penalty(
    *,
    table_id: int,
    player_id: int,
    kind: str,
    actor: Actor,
    points: int | None = None,
    reason: str = "",
    idempotency_key: str | None = None,
    expected_table_version: int | None = None,
    ip_address: str | None = None,
    actor_label: str = "",
) -> tuple[Penalty, bool]:
    """Penalise a player at the table (``points`` defaults to the rule set's).

    ``expected_table_version`` is the table version the client saw: a sheet
    changed in between raises ``ConflictError``."""
    table = lock_table(table_id)
    if idempotency_key:
        stored = table.penalties.filter(idempotency_key=idempotency_key).first()
        if stored is not None:
            return _replayed(stored, table, player_id, kind, points, reason), False
    check_table_open(table, expected_table_version)
    seats = seats_of(table)
    offender = seat_index(seats, player_id)
    if kind not in Penalty.Kind.values:
        raise ServiceError("unknown_penalty_kind", field="kind", kind=kind)
    ruleset, options = ruleset_for(table.round.tournament)
    deltas = ruleset.penalty_deltas(kind, offender, points, options)
    penalty = Penalty.objects.create(
        table=table,
        seat=seats[offender],
        kind=kind,
        points=-deltas[offender],
        reason=reason,
        deltas=list(deltas),
        referee=actor if actor is not None and actor.is_authenticated else None,
        idempotency_key=idempotency_key or None,
    )
    rebuild_table(table)
    bump_version(table)
    # The players signed other scores: they are asked again.
    clear_confirmations(
        table, actor=actor, actor_label=actor_label, ip_address=ip_address
    )
    record_event(
        table=table,
        action="penalty.add",
        obj=penalty,
        actor=actor,
        after=penalty_snapshot(penalty),
        ip_address=ip_address,
        actor_label=actor_label,
    )
    return penalty, True


def _replayed(
    stored: Penalty,
    table: Any,
    player_id: Any,
    kind: str,
    points: int | None,
    reason: str,
) -> Penalty:
    """The stored penalty when the repeated request asks for the same one;
    another player, kind, points or reason under a used key is a conflict
    (409), as for hands, so that a client never loses a penalty silently.

    Omitted points compare as the rule set's default, computed as for a new
    penalty (same offender, same options)."""
    same = (
        str(stored.seat.registration.player_id) == str(player_id)
        and kind == stored.kind
        and reason == stored.reason
    )
    if same and points is None:
        seats = seats_of(table)
        offender = seat_index(seats, player_id)
        ruleset, options = ruleset_for(table.round.tournament)
        points = -ruleset.penalty_deltas(kind, offender, None, options)[offender]
    if not same or points != stored.points:
        raise ConflictError("penalty_key_reused")
    return stored


@transaction.atomic
def remove_penalty(
    *,
    penalty_id: int,
    actor: Actor,
    expected_table_version: int | None = None,
    ip_address: str | None = None,
    actor_label: str = "",
) -> None:
    table_id = Penalty.objects.filter(pk=penalty_id).values_list("table_id", flat=True)
    if not table_id:
        raise ServiceError("penalty_not_found", field="penalty", penalty=penalty_id)
    table = lock_table(table_id[0])
    penalty = (
        Penalty.objects.select_related("seat__registration")
        .filter(pk=penalty_id, table=table)
        .first()
    )
    if penalty is None:
        # Removed by another request while this one waited for the lock.
        raise ConflictError("penalty_not_found", field="penalty", penalty=penalty_id)
    check_table_open(table, expected_table_version)
    record_event(
        table=table,
        action="penalty.remove",
        obj=penalty,
        actor=actor,
        before=penalty_snapshot(penalty),
        ip_address=ip_address,
        actor_label=actor_label,
    )
    penalty.delete()
    rebuild_table(table)
    bump_version(table)
    clear_confirmations(
        table, actor=actor, actor_label=actor_label, ip_address=ip_address
    )
