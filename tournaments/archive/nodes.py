"""Typed reads of a parsed JSON document, each failure an ``ArchiveError``
naming its path (``rounds[2].tables[0].hands[5].kind``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

from tournaments.archive.errors import ArchiveError

_MISSING = object()


def _type_name(value: object) -> str:
    """The JSON name of a Python value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


class Node:
    """A JSON object at ``path``, whose keys are read once each.

    ``keys`` are the keys the record may have, all required: an unknown key
    (a typo, a hand edit, a newer format) is refused, not ignored.
    """

    def __init__(self, value: object, path: str, keys: tuple[str, ...]) -> None:
        if not isinstance(value, dict):
            raise ArchiveError(
                "archive_bad_type", path, expected="object", found=_type_name(value)
            )
        for key in value:
            if key not in keys:
                raise ArchiveError("archive_unknown_key", _join(path, str(key)))
        for key in keys:
            if key not in value:
                raise ArchiveError("archive_missing_key", _join(path, key))
        self.value: dict[str, Any] = value
        self.path = path

    def at(self, key: str) -> str:
        return _join(self.path, key)

    def raw(self, key: str) -> Any:
        return self.value[key]

    def string(self, key: str, max_length: int, *, blank: bool = True) -> str:
        value = self.value[key]
        if not isinstance(value, str):
            raise _bad_type(self.at(key), "string", value)
        if len(value) > max_length:
            raise ArchiveError("archive_too_long", self.at(key), max=max_length)
        if not blank and not value.strip():
            raise ArchiveError("archive_blank", self.at(key))
        return value

    def optional_string(self, key: str, max_length: int) -> str | None:
        if self.value[key] is None:
            return None
        return self.string(key, max_length, blank=False)

    def integer(self, key: str, low: int, high: int) -> int:
        return check_integer(self.value[key], self.at(key), low, high)

    def optional_integer(self, key: str, low: int, high: int) -> int | None:
        if self.value[key] is None:
            return None
        return self.integer(key, low, high)

    def boolean(self, key: str) -> bool:
        value = self.value[key]
        if not isinstance(value, bool):
            raise _bad_type(self.at(key), "boolean", value)
        return value

    def choice(self, key: str, choices: tuple[str, ...]) -> str:
        value = self.string(key, 40)
        if value not in choices:
            raise ArchiveError(
                "archive_bad_choice",
                self.at(key),
                value=value,
                choices=", ".join(choices),
            )
        return value

    def mapping(self, key: str, *, nullable: bool = False) -> dict[str, Any] | None:
        value = self.value[key]
        if value is None and nullable:
            return None
        if not isinstance(value, dict):
            raise _bad_type(self.at(key), "object", value)
        return value

    def day(self, key: str) -> date | None:
        value = self.value[key]
        if value is None:
            return None
        if not isinstance(value, str):
            raise _bad_type(self.at(key), "string", value)
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise ArchiveError("archive_bad_date", self.at(key), value=value) from None

    def moment(self, key: str, *, nullable: bool = False) -> datetime | None:
        """An ISO 8601 time with its offset (a time without one is refused:
        the two sides may not share a time zone)."""
        value = self.value[key]
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            raise _bad_type(self.at(key), "string", value)
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            moment = None
        if moment is None or moment.utcoffset() is None:
            raise ArchiveError("archive_bad_time", self.at(key), value=value[:40])
        return moment

    def items(self, key: str, max_items: int) -> Iterator[tuple[object, str]]:
        """Each element of the array at ``key`` with its path."""
        value = self.value[key]
        if not isinstance(value, list):
            raise _bad_type(self.at(key), "array", value)
        if len(value) > max_items:
            raise ArchiveError("archive_too_many", self.at(key), max=max_items)
        for index, item in enumerate(value):
            yield item, f"{self.at(key)}[{index}]"


def check_integer(value: object, path: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad_type(path, "integer", value)
    if not low <= value <= high:
        raise ArchiveError("archive_out_of_range", path, min=low, max=high, value=value)
    return value


def _bad_type(path: str, expected: str, value: object) -> ArchiveError:
    return ArchiveError(
        "archive_bad_type", path, expected=expected, found=_type_name(value)
    )


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
