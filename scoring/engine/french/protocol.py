"""The JSON types of the command lines (issue 13, item 3), checked strictly.

The engine's readers also serve the tablet's forms, so they accept
``"true"``, ``"on"`` or ``"12"`` from a checkbox or a text box. A line of
the commands is JSON: there a boolean is ``true`` or ``false``, a number is
a JSON integer, and every key of the protocol is given (``round_wind`` and
``finish`` may be ``null``), so that a typing mistake in a client is
answered with an error naming the field rather than read as a default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scoring.engine.errors import EngineError
from scoring.engine.lines import require


def check_bools(data: Mapping[str, object], keys: Iterable[str]) -> None:
    """The keys of ``keys`` that are present hold JSON booleans."""
    for key in keys:
        if key in data and not isinstance(data[key], bool):
            raise EngineError("not_a_boolean", field=key, value=_text(data[key]))


def check_int(value: object, field: str, *, nullable: bool = False) -> None:
    """``value`` is a JSON integer (``true`` and ``12.0`` are not)."""
    if value is None and nullable:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError("not_an_integer", field=field, value=_text(value))


def check_int_list(value: object, field: str) -> None:
    """``value`` is a list of JSON integers (flower or season numbers)."""
    if not isinstance(value, list):
        raise EngineError("invalid_bonus_tiles", field=field, reason="not a list")
    for item in value:
        check_int(item, field)


def check_sets(value: object, field: str = "sets") -> None:
    """``value`` is a list of set objects: ``kind`` and ``tiles`` strings,
    ``concealed`` a boolean when given. The engine checks the rest."""
    if not isinstance(value, list):
        raise EngineError("invalid_sets", field=field, reason="not a list")
    for index, item in enumerate(value):
        name = f"{field}[{index}]"
        if not isinstance(item, Mapping):
            raise EngineError("not_an_object", field=name)
        require(item, ("kind", "tiles"), f"{name}.")
        tiles = item["tiles"]
        if not isinstance(tiles, str):
            raise EngineError(
                "malformed_tiles", field=f"{name}.tiles", part=_text(tiles)
            )
        concealed = item.get("concealed", False)
        if not isinstance(concealed, bool):
            raise EngineError(
                "not_a_boolean", field=f"{name}.concealed", value=_text(concealed)
            )


def _text(value: object) -> str:
    """The value as JSON spells it (``true``, ``null``), for the message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)
