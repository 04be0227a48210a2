"""Audit trail: who changed which score, when, from where, before and after."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournaments.models import AuditEvent, Table, Tournament

Actor = AbstractBaseUser | AnonymousUser | None


def record_event(
    *,
    action: str,
    obj: Any,
    actor: Actor,
    tournament: Tournament | None = None,
    table: Table | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    actor_label: str = "",
    ip_address: str | None = None,
) -> AuditEvent:
    """Store one audit event; call inside the transaction of the change.

    The tournament defaults to the table's.
    """
    if tournament is None:
        if table is None:
            raise ValueError("an audit event needs a tournament or a table")
        tournament = table.round.tournament
    user = actor if actor is not None and actor.is_authenticated else None
    return AuditEvent.objects.create(
        tournament=tournament,
        table=table,
        actor=user,
        actor_label=actor_label or (user.get_username() if user else ""),
        action=action,
        object_type=type(obj).__name__.lower(),
        object_id=getattr(obj, "pk", None),
        before=before,
        after=after,
        ip_address=ip_address,
    )
