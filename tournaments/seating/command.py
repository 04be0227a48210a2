"""JSON in, JSON out: the request format of ``python -m tournaments.seating``.

The command is the engine's reference interface: the same request gives the
same plan as the Celery task for the same seed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .algorithm import plan_seating
from .errors import SeatingError
from .types import SeatingPlan, SeatingRequest

_FIELDS = {
    "mode",
    "players",
    "history",
    "round_index",
    "rounds_total",
    "rounds_to_plan",
    "ranking",
    "clubs",
    "pins",
    "time_limit_s",
    "seed",
}


def _ints(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise SeatingError("bad_request", field=field, reason="not_a_list")
    for item in value:
        if not isinstance(item, int) or isinstance(item, bool):
            raise SeatingError("bad_player_id", field=field, value=repr(item))
    return tuple(value)


def _number(
    data: dict[str, Any], field: str, default: Any, kind: type | tuple[type, ...]
) -> Any:
    value = data.get(field, default)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise SeatingError("bad_request", field=field, reason="wrong_type")
    return value


def _keyed(data: dict[str, Any], field: str) -> dict[int, Any]:
    """JSON object keys are strings; ids come back as ints."""
    value = data.get(field) or {}
    if not isinstance(value, dict):
        raise SeatingError("bad_request", field=field, reason="not_an_object")
    try:
        return {int(key): item for key, item in value.items()}
    except ValueError:
        raise SeatingError("bad_player_id", field=field) from None


def parse_request(text: str) -> SeatingRequest:
    """A SeatingRequest from the command's JSON; SeatingError when malformed."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SeatingError("invalid_json", reason=str(error)) from None
    if not isinstance(data, dict):
        raise SeatingError("bad_request", reason="not_an_object")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise SeatingError("bad_request", reason="unknown_fields", fields=unknown)
    for field in ("mode", "players"):
        if field not in data:
            raise SeatingError("bad_request", field=field, reason="missing")
    history = data.get("history") or []
    if not isinstance(history, list) or not all(isinstance(r, list) for r in history):
        raise SeatingError("malformed_history", round=0, reason="not_a_list")
    ranking = data.get("ranking")
    return SeatingRequest(
        mode=_number(data, "mode", None, str),
        players=_ints(data["players"], "players"),
        history=tuple(tuple(tuple(t) for t in r) for r in history),  # checked later
        round_index=_number(data, "round_index", 1, int),
        rounds_total=_number(data, "rounds_total", 1, int),
        rounds_to_plan=_number(data, "rounds_to_plan", 1, int),
        ranking=None if ranking is None else _ints(ranking, "ranking"),
        clubs={p: str(code) for p, code in _keyed(data, "clubs").items()},
        pins=_keyed(data, "pins"),
        time_limit_s=float(_number(data, "time_limit_s", 5.0, (int, float))),
        seed=_number(data, "seed", 0, int),
    )


def request_to_data(request: SeatingRequest) -> dict[str, Any]:
    """The command's request as JSON data: what the Celery job asked the
    engine, for anyone to run again with ``python -m tournaments.seating``."""
    return {
        "mode": request.mode,
        "players": list(request.players),
        "history": [[list(table) for table in round_] for round_ in request.history],
        "round_index": request.round_index,
        "rounds_total": request.rounds_total,
        "rounds_to_plan": request.rounds_to_plan,
        "ranking": None if request.ranking is None else list(request.ranking),
        "clubs": {str(p): club for p, club in sorted(request.clubs.items())},
        "pins": {str(p): table for p, table in sorted(request.pins.items())},
        "time_limit_s": request.time_limit_s,
        "seed": request.seed,
    }


def plan_to_json(plan: SeatingPlan) -> str:
    return json.dumps(
        {
            "rounds": [[list(table) for table in round_] for round_ in plan.rounds],
            "stats": {
                "repeated_pairs": plan.stats.repeated_pairs,
                "max_meetings": plan.stats.max_meetings,
                "wind_imbalance": plan.stats.wind_imbalance,
                "clock_stopped": plan.clock_stopped,
            },
        }
    )


def run(text: str, clock: Callable[[], float]) -> str:
    """The JSON response for a JSON request; raises SeatingError."""
    return plan_to_json(plan_seating(parse_request(text), clock=clock))
