"""Checks a request before any seating work; every refusal is a SeatingError."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import SeatingError
from .types import MODES, SeatingRequest


def _is_id(value: Any) -> bool:
    # bool is an int subclass; a True player id is a caller bug.
    return isinstance(value, int) and not isinstance(value, bool)


def _check_ids(values: Iterable[Any], code: str) -> None:
    for value in values:
        if not _is_id(value):
            raise SeatingError(code, value=repr(value))


def check_players(players: tuple[int, ...]) -> None:
    """Ids are ints, distinct, and fill whole tables of four."""
    _check_ids(players, "bad_player_id")
    seen: set[int] = set()
    for player in players:
        if player in seen:
            raise SeatingError("duplicate_player", player=player)
        seen.add(player)
    count = len(players)
    if count == 0:
        raise SeatingError("not_enough_players", count=0, minimum=4)
    if count % 4:
        raise SeatingError(
            "player_count_not_multiple_of_four",
            count=count,
            substitutes_needed=-count % 4,
        )


def check_history(history: Any) -> None:
    """Every played round is a sequence of tables of four distinct int ids."""
    if not isinstance(history, tuple | list):
        raise SeatingError("malformed_history", round=0, reason="not_a_list")
    for number, round_ in enumerate(history, start=1):
        if not isinstance(round_, tuple | list):
            raise SeatingError("malformed_history", round=number, reason="not_a_list")
        seen: set[int] = set()
        for table in round_:
            if not isinstance(table, tuple | list) or len(table) != 4:
                raise SeatingError(
                    "malformed_history", round=number, reason="table_not_of_four"
                )
            if not all(_is_id(player) for player in table):
                raise SeatingError(
                    "malformed_history", round=number, reason="bad_player_id"
                )
            if seen.intersection(table) or len(set(table)) != 4:
                raise SeatingError(
                    "malformed_history", round=number, reason="player_seated_twice"
                )
            seen.update(table)


def check_rounds(request: SeatingRequest) -> None:
    """Round numbers are positive and the plan fits in the tournament."""
    if not _is_id(request.round_index) or request.round_index < 1:
        raise SeatingError("bad_round_index", round_index=request.round_index)
    if not _is_id(request.rounds_to_plan) or request.rounds_to_plan < 1:
        raise SeatingError("bad_rounds_to_plan", rounds_to_plan=request.rounds_to_plan)
    last = request.round_index + request.rounds_to_plan - 1
    if not _is_id(request.rounds_total) or request.rounds_total < last:
        raise SeatingError(
            "bad_rounds_total", rounds_total=request.rounds_total, last_round=last
        )
    check_mode_plans(request.mode, request.rounds_to_plan)


def check_mode_plans(mode: str, rounds_to_plan: int) -> None:
    """A Swiss plan holds one round: each depends on the results before it.

    Callers check this before queueing a job, so that a plan that cannot run
    is refused at once rather than failing in the worker.
    """
    if mode == "swiss" and rounds_to_plan != 1:
        raise SeatingError("swiss_plans_one_round", rounds_to_plan=rounds_to_plan)


def check_pins(request: SeatingRequest) -> None:
    """Pinned players are seated, tables exist, and no table gets five pins."""
    tables = len(request.players) // 4
    players = set(request.players)
    per_table: dict[int, int] = {}
    for player, table in request.pins.items():
        if player not in players or not _is_id(table) or not 1 <= table <= tables:
            raise SeatingError("bad_pin", player=player, table=table, tables=tables)
        per_table[table] = per_table.get(table, 0) + 1
        if per_table[table] > 4:
            raise SeatingError("bad_pin", player=player, table=table, tables=tables)


def check_ranking(ranking: tuple[int, ...] | None) -> None:
    """A ranking lists ids once each; ids not seated are ignored later."""
    if ranking is None:
        return
    _check_ids(ranking, "bad_ranking")
    if len(set(ranking)) != len(ranking):
        raise SeatingError("bad_ranking", value="duplicate")


def validate_request(request: SeatingRequest) -> None:
    """Raise SeatingError for the first problem found in ``request``."""
    if request.mode not in MODES:
        raise SeatingError("unknown_mode", mode=request.mode, modes=list(MODES))
    check_players(request.players)
    check_history(request.history)
    check_rounds(request)
    check_pins(request)
    check_ranking(request.ranking)
    if not request.time_limit_s > 0:
        raise SeatingError("bad_time_limit", time_limit_s=request.time_limit_s)
    _check_ids(request.clubs.keys(), "bad_player_id")
