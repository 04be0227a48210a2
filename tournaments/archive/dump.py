"""Archive values to the JSON document (``parse`` reads it back).

Keys are written in a fixed order and every list in the order the records
come in (the selector sorts them), so an unchanged event gives the same
document byte for byte once serialised with ``json.dumps``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from tournaments.archive.records import (
    FORMAT,
    VERSION,
    AuditRecord,
    EventArchive,
    EventSettings,
    HandRecord,
    PenaltyRecord,
    RegistrationRecord,
    RoundRecord,
    TableRecord,
)


def _day(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


def _moment(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def dump(archive: EventArchive) -> dict[str, Any]:
    """The archive as one JSON-ready ``dict`` (format ``muraille-event``)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": _event(archive.event),
        "registrations": [_registration(r) for r in archive.registrations],
        "rounds": [_round(r) for r in archive.rounds],
        "audit": [_audit(a) for a in archive.audit],
    }


def _event(event: EventSettings) -> dict[str, Any]:
    return {
        "uid": event.uid,
        "slug": event.slug,
        "name": event.name,
        "city": event.city,
        "country": event.country,
        "start_date": _day(event.start_date),
        "end_date": _day(event.end_date),
        "ruleset": event.ruleset,
        "ruleset_options": event.ruleset_options,
        "rounds_count": event.rounds_count,
        "session_minutes": event.session_minutes,
        "seating_mode": event.seating_mode,
        "status": event.status,
        "is_public": event.is_public,
        "mers_weight": None if event.mers_weight is None else str(event.mers_weight),
        "tiebreaks": list(event.tiebreaks),
        "created_at": _moment(event.created_at),
    }


def _registration(registration: RegistrationRecord) -> dict[str, Any]:
    player = registration.player
    return {
        "number": registration.number,
        "status": registration.status,
        "table_pin": registration.table_pin,
        "player": {
            "first_name": player.first_name,
            "last_name": player.last_name,
            "club": player.club,
            "club_country": player.club_country,
            "country": player.country,
            "ema_number": player.ema_number,
        },
    }


def _round(round_: RoundRecord) -> dict[str, Any]:
    return {
        "number": round_.number,
        "status": round_.status,
        "started_at": _moment(round_.started_at),
        "clock_started_at": _moment(round_.clock_started_at),
        "clock_elapsed_s": round_.clock_elapsed_s,
        "clock_extra_minutes": round_.clock_extra_minutes,
        "seating_stats": round_.seating_stats,
        "tables": [_table(t) for t in round_.tables],
    }


def _table(table: TableRecord) -> dict[str, Any]:
    return {
        "number": table.number,
        "is_closed": table.is_closed,
        "time_called": table.time_called,
        "extra_minutes": table.extra_minutes,
        "seats": [
            {"wind": seat.wind, "registration": seat.registration}
            for seat in table.seats
        ],
        "hands": [_hand(h) for h in table.hands],
        "penalties": [_penalty(p) for p in table.penalties],
    }


def _hand(hand: HandRecord) -> dict[str, Any]:
    return {
        "number": hand.number,
        "prevalent_wind": hand.prevalent_wind,
        "seat_winds": hand.seat_winds,
        "winds_corrected": hand.winds_corrected,
        "counters": hand.counters,
        "kind": hand.kind,
        "winner": hand.winner,
        "discarder": hand.discarder,
        "result": hand.result,
        "tiles": hand.tiles,
        "fans": hand.fans,
        "idempotency_key": hand.idempotency_key,
        "created_at": _moment(hand.created_at),
        "updated_at": _moment(hand.updated_at),
        "deltas": None if hand.deltas is None else list(hand.deltas),
    }


def _penalty(penalty: PenaltyRecord) -> dict[str, Any]:
    return {
        "registration": penalty.registration,
        "kind": penalty.kind,
        "points": penalty.points,
        "reason": penalty.reason,
        "referee": penalty.referee,
        "idempotency_key": penalty.idempotency_key,
        "created_at": _moment(penalty.created_at),
    }


def _audit(event: AuditRecord) -> dict[str, Any]:
    return {
        "action": event.action,
        "object_type": event.object_type,
        "round": event.round,
        "table": event.table,
        "actor_label": event.actor_label,
        "before": event.before,
        "after": event.after,
        "created_at": _moment(event.created_at),
    }
