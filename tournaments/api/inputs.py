"""What the API's inputs accept, said in their schema.

``StrictInput`` is the base of every input serializer: it takes JSON's types
as the OpenAPI schema documents them. DRF coerces by default (``"yes"`` for
``true``, ``12`` for ``"12"``, ``"5"`` for ``5``), so a request the schema
calls invalid was carried out; a client reading the schema could not know
which values pass. The closed vocabularies (rule sets, tie-breaks) are
enums, so that an unknown name is refused by the schema itself (400), not
found later by the engine.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from scoring.engine.rulesets import list_rulesets
from scoring.engine.standings import TIEBREAKS

#: What ``str.strip()`` removes (``str.isspace``), spelled for ECMA-262:
#: DRF trims a text input so, and then finds it blank.
WHITESPACE = (
    r"\t\n\u000b\u000c\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a"
    r"\u2028\u2029\u202f\u205f\u3000"
)
#: DRF refuses a NUL character in any text (PostgreSQL cannot store one).
#: Not empty: where a blank text is allowed, drf-spectacular documents it as
#: the other branch of a oneOf, which must not match it twice.
NO_NUL = r"^[^\u0000]+$"
NOT_BLANK = rf"^[^\u0000]*[^\u0000{WHITESPACE}][^\u0000]*$"
#: The text fields whose own validator documents their form already.
_FORMED_TEXT = (
    serializers.SlugField,
    serializers.EmailField,
    serializers.RegexField,
    serializers.URLField,
)


def input_pattern(field: serializers.Field) -> str | None:
    """The ``pattern`` an input field's schema needs to say what DRF reads:
    a text without NUL, not blank once trimmed; a decimal in its digits
    (and without a sign when it may not be negative). None: no pattern."""
    if isinstance(field, serializers.DecimalField):
        return decimal_pattern(field)
    if isinstance(field, serializers.CharField) and not isinstance(field, _FORMED_TEXT):
        blank_allowed = field.allow_blank or not field.trim_whitespace
        return NO_NUL if blank_allowed else NOT_BLANK
    return None


def decimal_pattern(field: serializers.DecimalField) -> str:
    whole = (field.max_digits or 30) - (field.decimal_places or 0)
    places = field.decimal_places or 0
    minimum = field.min_value
    sign = "" if minimum is not None and minimum >= 0 else "-?"
    integer = rf"[0-9]{{1,{whole}}}(?:\.[0-9]{{0,{places}}})?"
    fraction = rf"\.[0-9]{{1,{places}}}"
    return rf"^{sign}(?:{integer}|{fraction})$"


class RulesetField(serializers.ChoiceField):
    """A registered rule set's code; read from the registry whenever a
    serializer is made (DRF copies its fields then)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "A rule set's code.")
        super().__init__(choices=list_rulesets(), **kwargs)


def tiebreaks_field(**kwargs: Any) -> serializers.ListField:
    """A standings' tie-break order: known names (each once: checked by the
    engine, which names the one repeated)."""
    return serializers.ListField(
        child=serializers.ChoiceField(choices=list(TIEBREAKS)),
        max_length=len(TIEBREAKS),
        **kwargs,
    )


# No docstring: drf-spectacular would describe every input with it.
class StrictInput(serializers.Serializer):
    # An input serializer that refuses a value of another JSON type than its
    # field documents, naming the field with DRF's own message.

    def to_internal_value(self, data: Any) -> Any:
        mistyped = self._type_errors(data)
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if not mistyped or not isinstance(error.detail, dict):
                raise
            # Every field's problem, in the fields' order (the first names
            # the answer's ``field``).
            found = {**error.detail, **mistyped}
            order = [name for name in self.fields if name in found]
            order += [name for name in found if name not in order]
            raise serializers.ValidationError({n: found[n] for n in order}) from None
        if mistyped:
            raise serializers.ValidationError(mistyped)
        return value

    def _type_errors(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            return {}
        errors = {}
        for name, field in self.fields.items():
            if field.read_only or name not in data:
                continue
            error = type_error(field, data[name])
            if error is not None:
                errors[name] = error
        return errors


def type_error(field: serializers.Field, value: Any) -> Any:
    """The detail of ``value`` not being of ``field``'s JSON type, or None.
    A null is left to the field (``allow_null`` decides)."""
    if value is None:
        return None
    if isinstance(field, serializers.ListField):
        if not isinstance(value, list):
            return _message(field, "not_a_list", input_type=type(value).__name__)
        items = {
            str(index): error
            for index, item in enumerate(value)
            if (error := type_error(field.child, item)) is not None
        }
        return items or None
    if isinstance(field, serializers.DictField):
        if not isinstance(value, dict):
            return _message(field, "not_a_dict", input_type=type(value).__name__)
        values = {
            str(key): error
            for key, item in value.items()
            if (error := type_error(field.child, item)) is not None
        }
        return values or None
    if isinstance(field, serializers.JSONField | serializers.Serializer):
        return None  # any JSON; a nested serializer checks its own fields
    if isinstance(field, serializers.ListSerializer):
        if isinstance(value, list):
            return None
        return _message(field, "not_a_list", input_type=type(value).__name__)
    expected = _json_type(field)
    if expected is None:
        return None
    if _is_of(value, expected):
        return _form_error(field, value)
    if isinstance(field, serializers.ChoiceField):
        return _message(field, "invalid_choice", input=value)
    if isinstance(field, serializers.DateField):
        return _message(field, "invalid", format="YYYY-MM-DD")
    return _message(field, "invalid")


#: OpenAPI's ``format: date`` (RFC 3339's full-date); DRF also reads
#: "2026-1-8" and a date with spaces around it.
FULL_DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"


def _form_error(field: serializers.Field, value: Any) -> Any:
    """A text longer than its maxLength before DRF trims it, a decimal out
    of its documented pattern, a date not in full: what the schema refuses,
    refused."""
    if isinstance(field, serializers.DecimalField):
        if re.fullmatch(decimal_pattern(field), value) is None:
            return _message(field, "invalid")
    elif isinstance(field, serializers.DateField):
        if re.fullmatch(FULL_DATE, value) is None:
            return _message(field, "invalid", format="YYYY-MM-DD")
    elif isinstance(field, serializers.CharField):
        limit = field.max_length
        if limit is not None and len(value) > limit:
            return _message(field, "max_length", max_length=limit)
    return None


def _json_type(field: serializers.Field) -> str | None:
    if isinstance(field, serializers.BooleanField):
        return "boolean"
    if isinstance(field, serializers.IntegerField):
        return "integer"
    if isinstance(field, serializers.FloatField):
        return "number"
    if isinstance(field, serializers.ChoiceField):
        keys = list(field.choices)
        if keys and all(isinstance(key, str) for key in keys):
            return "string"
        return None
    if isinstance(
        field,
        serializers.CharField | serializers.DateField | serializers.DecimalField,
    ):
        return "string"
    return None


def _is_of(value: Any, expected: str) -> bool:
    if expected == "boolean":
        return isinstance(value, bool)
    if expected == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if expected == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, str)


def _message(field: serializers.Field, key: str, **params: Any) -> list[str]:
    try:
        field.fail(key, **params)
    except serializers.ValidationError as error:
        return [str(detail) for detail in error.detail]
    return []


class RowsWindowInput(serializers.Serializer):
    """A window of a long list: ``limit`` rows from the ``offset``-th (the
    API's pagination words, as DRF's ``LimitOffsetPagination`` takes them).
    Each list declares its own ``limit``: its largest page and its default."""

    offset = serializers.IntegerField(
        min_value=0,
        max_value=10**6,
        default=0,
        required=False,
        help_text="Rows of the standings to skip first.",
    )
