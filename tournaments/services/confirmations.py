"""Players confirm their table's final scores on the tablet (issue 30).

An event setting: once the table is closed, each player taps their own name
to sign the scores, or "dispute", which calls the referee (the organiser's
round page shows it). Any score-changing write afterwards (a hand recorded,
corrected or deleted, a penalty added or removed) clears the answers: the
players are asked again.

An answer bumps the table's version like any write at the table, so the
other tablets' pollers (``TableStateView``'s ETag) and the API see it.
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Table, TableConfirmation
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.tables import bump_version, lock_table


@transaction.atomic
def answer_table(
    *,
    table_id: int,
    registration_id: int,
    kind: str,
    actor: Actor,
    actor_label: str = "",
    ip_address: str | None = None,
) -> TableConfirmation:
    """Store one player's confirmation or dispute of the closed table's scores
    (``confirmation.confirm`` / ``confirmation.dispute``); a player may change
    their answer, the same answer twice records nothing."""
    if kind not in TableConfirmation.Kind.values:
        raise ServiceError("confirmation_unknown_kind", field="kind", kind=kind)
    table = lock_table(table_id)
    if not table.round.tournament.players_confirm_tables:
        raise ServiceError("confirmations_not_used")
    if not table.is_closed:
        raise ServiceError("table_not_closed_for_confirmation", table=table.number)
    seat = (
        table.seats.filter(registration_id=registration_id)
        .select_related("registration__player")
        .first()
    )
    if seat is None:
        raise ServiceError(
            "player_not_at_table", field="registration", player=registration_id
        )
    answer = TableConfirmation.objects.filter(
        table=table, registration_id=registration_id
    ).first()
    if answer is not None and answer.kind == kind:
        return answer
    before = {"kind": answer.kind} if answer is not None else None
    if answer is None:
        answer = TableConfirmation.objects.create(
            table=table, registration=seat.registration, kind=kind
        )
    else:
        answer.kind = kind
        answer.save(update_fields=["kind"])
    bump_version(table)
    audit = {
        "table": table,
        "obj": answer,
        "actor": actor,
        "before": before,
        "after": {"kind": kind, "player": str(seat.registration.player)},
        "actor_label": actor_label,
        "ip_address": ip_address,
    }
    # Literal actions: tests/integration/test_audit_actions.py reads them.
    if kind == TableConfirmation.Kind.CONFIRM:
        record_event(action="confirmation.confirm", **audit)
    else:
        record_event(action="confirmation.dispute", **audit)
    return answer


def clear_confirmations(
    table: Table,
    *,
    actor: Actor,
    actor_label: str = "",
    ip_address: str | None = None,
) -> int:
    """Forget the players' answers after the table's scores changed
    (``confirmation.clear``): a hand recorded, corrected or deleted, a
    penalty added or removed.

    Precondition: inside the change's transaction, the table locked; the
    change bumps the table's version itself.
    """
    answers = list(table.confirmations.values_list("registration_id", "kind"))
    if not answers:
        return 0
    table.confirmations.all().delete()
    record_event(
        table=table,
        action="confirmation.clear",
        obj=table,
        actor=actor,
        before={"answers": [[rid, kind] for rid, kind in answers]},
        actor_label=actor_label,
        ip_address=ip_address,
    )
    return len(answers)
