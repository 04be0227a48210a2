"""The league's audit trail (merges and league changes)."""

from __future__ import annotations

from typing import Any

from leagues.models import League, LeagueAuditEvent
from tournaments.services.audit import Actor


def record_league_event(
    *,
    action: str,
    obj: Any,
    actor: Actor,
    league: League | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> LeagueAuditEvent:
    """Store one audit event; call inside the transaction of the change."""
    user = actor if actor is not None and actor.is_authenticated else None
    return LeagueAuditEvent.objects.create(
        league=league,
        actor=user,
        actor_label=user.get_username() if user else "",
        action=action,
        object_type=type(obj).__name__.lower(),
        object_id=getattr(obj, "pk", None),
        before=before,
        after=after,
    )
