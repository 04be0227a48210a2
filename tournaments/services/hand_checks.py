"""The referee's confirmation of a hand flagged by a change of its winds.

A hand whose points were typed cannot be counted again when the winds it was
played under move (``revalue.flag_typed_points``): the sheet shows it with a
mark until the referee corrects the points (``hands.correct_hand``) or keeps
them here.
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Hand
from tournaments.services.audit import Actor, record_event
from tournaments.services.hands import hand_snapshot, lock_hand
from tournaments.services.tables import bump_version, check_table_open, check_version


@transaction.atomic
def confirm_hand(
    *,
    hand_id: int,
    expected_version: int,
    actor: Actor,
    ip_address: str | None = None,
    actor_label: str = "",
) -> Hand:
    """The referee checked the typed points of a hand whose winds changed
    (``needs_check``) and keeps them: the flag is cleared, nothing else."""
    hand = lock_hand(hand_id)
    table = hand.table
    check_table_open(table)
    check_version(hand.version, expected_version)
    before = hand_snapshot(hand)
    hand.needs_check = False
    hand.version += 1
    hand.save(update_fields=["needs_check", "version", "updated_at"])
    bump_version(table)
    record_event(
        table=table,
        action="hand.confirm",
        obj=hand,
        actor=actor,
        before=before,
        after=hand_snapshot(hand),
        ip_address=ip_address,
        actor_label=actor_label,
    )
    return hand
