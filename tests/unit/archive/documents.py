"""A small valid archive document (MCR, one round played at one table), to
tamper with in the format's tests."""

from __future__ import annotations

from typing import Any

T0 = "2026-03-14T09:00:00+00:00"


def player(first: str, last: str, ema: str = "") -> dict[str, Any]:
    return {
        "first_name": first, "last_name": last, "club": "Paris Mahjong",
        "club_country": "FRA", "country": "FRA", "ema_number": ema,
    }  # fmt: skip


def hand(number: int, result: dict[str, Any], winner=None, discarder=None) -> dict:
    return {
        "number": number, "prevalent_wind": "E", "seat_winds": "ESWN",
        "winds_corrected": False, "counters": {}, "kind": result["kind"],
        "winner": winner, "discarder": discarder, "result": result,
        "tiles": None, "fans": None, "idempotency_key": f"key-{number}",
        "created_at": T0, "updated_at": T0, "deltas": [8, -8, 0, 0],
    }  # fmt: skip


def document() -> dict[str, Any]:
    """Four registrations at table 1 of round 1 (three hands, a penalty),
    round 2 not seated yet, two audit events."""
    names = [("Anna", "Martin", "04010001"), ("Bo", "Chen", ""),
             ("Carla", "Rossi", "04010003"), ("Dirk", "de Vries", "")]  # fmt: skip
    hands = [
        hand(1, {"kind": "discard", "winner": 0, "discarder": 1, "fan_total": 8,
                 "flowers": 0}, winner=1, discarder=2),
        hand(2, {"kind": "self_draw", "winner": 2, "discarder": None,
                 "fan_total": 10, "flowers": 1}, winner=3),
        hand(3, {"kind": "draw", "winner": None, "discarder": None,
                 "fan_total": 0, "flowers": 0}),
    ]  # fmt: skip
    table = {
        "number": 1, "is_closed": True, "time_called": True, "extra_minutes": 0,
        "seats": [{"wind": w, "registration": n}
                  for n, w in enumerate("ESWN", start=1)],
        "hands": hands,
        "penalties": [{"registration": 2, "kind": "referee", "points": 5,
                       "reason": "slow play", "referee": "Rita Referee",
                       "idempotency_key": None, "created_at": T0}],
    }  # fmt: skip
    return {
        "format": "muraille-event",
        "version": 1,
        "event": {
            "uid": "0b6f8a4e-6f0e-4d51-9a3e-3f1f2d7c9a10", "slug": "paris-open",
            "name": "Paris Open", "city": "Paris", "country": "FRA",
            "start_date": "2026-03-14", "end_date": "2026-03-15",
            "ruleset": "mcr", "ruleset_options": {}, "rounds_count": 2,
            "session_minutes": 120, "seating_mode": "random",
            "status": "running", "is_public": True, "mers_weight": "1.00",
            "tiebreaks": [], "created_at": T0,
        },
        "registrations": [
            {"number": n, "status": "active", "table_pin": None,
             "player": player(*names[n - 1])}
            for n in (1, 2, 3, 4)
        ],
        "rounds": [
            {"number": 1, "status": "finished", "started_at": T0,
             "clock_started_at": None, "clock_elapsed_s": 3600,
             "clock_extra_minutes": 0, "seating_stats": {"repeated_pairs": 0},
             "tables": [table]},
            {"number": 2, "status": "planned", "started_at": None,
             "clock_started_at": None, "clock_elapsed_s": 0,
             "clock_extra_minutes": 0, "seating_stats": {}, "tables": []},
        ],
        "audit": [
            {"action": "hand.record", "object_type": "hand", "round": 1,
             "table": 1, "actor_label": "organiser", "before": None,
             "after": {"number": 1}, "created_at": T0},
            {"action": "tournament.create", "object_type": "tournament",
             "round": None, "table": None, "actor_label": "organiser",
             "before": None, "after": {"name": "Paris Open"}, "created_at": T0},
        ],
    }  # fmt: skip
