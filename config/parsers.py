"""JSON bodies bounded in size and depth, for the API and the page forms.

Python's ``json`` recurses once per nesting level: a body of 100,000 ``[``
raises ``RecursionError`` (a 500) and a body without a length is read whole.
``loads_bounded`` parses with the C decoder, turns a recursion failure into a
``JSONTooDeep`` and then checks the depth of what came out (stopping at the
limit, so the check costs at most the size of the value). ``BoundedJSONParser``
reads at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes of the request first,
which Django applies to ``request.body`` but not to the stream DRF reads.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils.json import strict_constant

MAX_JSON_DEPTH = 32
"""Nesting levels a JSON value may have: hand-format.md needs four."""


class JSONTooDeep(ValueError):
    """The JSON nests deeper than ``MAX_JSON_DEPTH``."""


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request body is too large.")
    default_code = "request_too_large"


def too_deep_message() -> str:
    return str(
        _("The JSON is nested too deep (at most %(max)s levels).")
        % {"max": MAX_JSON_DEPTH}
    )


def too_large_message(limit: int) -> str:
    return str(
        _("The request body is too large (at most %(max)s bytes).") % {"max": limit}
    )


def check_depth(value: Any, limit: int = MAX_JSON_DEPTH) -> None:
    """Raise ``JSONTooDeep`` when ``value`` nests more than ``limit`` levels."""
    level = [value]
    for _depth in range(limit):
        children: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                children.extend(item.values())
            elif isinstance(item, list):
                children.extend(item)
        if not children:
            return
        level = children
    if any(isinstance(item, dict | list) for item in level):
        raise JSONTooDeep(MAX_JSON_DEPTH)


def loads_bounded(text: str | bytes, **kwargs: Any) -> Any:
    """``json.loads`` that raises ``JSONTooDeep`` rather than recursing away."""
    try:
        value = json.loads(text, **kwargs)
    except RecursionError as error:
        raise JSONTooDeep(MAX_JSON_DEPTH) from error
    check_depth(value)
    return value


def body_limit() -> int:
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2_621_440


def read_bounded_json(
    stream: Any,
    parser_context: dict[str, Any] | None,
    *,
    limit: int,
    strict: bool = True,
) -> Any:
    """A request body read from its stream up to ``limit`` bytes (413 past
    it) and parsed with the depth bound (400): what every JSON parser of the
    API does, whatever its size limit."""
    data = stream.read(limit + 1) if stream is not None else b""
    if len(data) > limit:
        raise RequestTooLarge(too_large_message(limit))
    encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
    constant = {"parse_constant": strict_constant} if strict else {}
    try:
        return loads_bounded(data.decode(encoding), **constant)
    except JSONTooDeep as error:
        raise ParseError(too_deep_message()) from error
    except (ValueError, UnicodeDecodeError) as error:
        # DRF's own wording, which clients and the calculator already read.
        raise ParseError("JSON parse error - " + str(error)) from error


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser with a size cap (413) and a depth cap (400)."""

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: dict[str, Any] | None = None,
    ) -> Any:
        return read_bounded_json(
            stream, parser_context, limit=body_limit(), strict=self.strict
        )


class BoundedJSONSerializerField(serializers.JSONField):
    """DRF's JSONField, whose form-encoded text is parsed with the same depth
    bound as a JSON body (a JSON body arrives already parsed and checked)."""

    def to_internal_value(self, data: Any) -> Any:
        try:
            value = super().to_internal_value(data)
            check_depth(value)
        except (RecursionError, JSONTooDeep) as error:
            raise serializers.ValidationError(too_deep_message()) from error
        return value
