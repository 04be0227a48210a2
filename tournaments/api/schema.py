"""OpenAPI schema tweaks: component names, and the error answers of every
operation in one documented shape (``Error``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance
from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.fields import empty

from tournaments.api.inputs import input_pattern
from tournaments.api.throttles import WriteRateThrottle

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class ErrorSerializer(serializers.Serializer):
    """Every error answer of the API (tournaments/api/errors.py builds it)."""

    error = serializers.CharField(
        help_text="A stable code, e.g. not_found, invalid, hand_version_conflict."
    )
    field = serializers.CharField(
        allow_null=True, help_text="The input field at fault, or null."
    )
    detail = serializers.CharField(
        help_text="A sentence for people, in the request's language."
    )
    params = serializers.DictField(
        help_text=(
            "The values the sentence names; for code invalid, ``fields`` maps "
            "each field to its messages; for throttled, ``wait`` in seconds."
        )
    )


def error(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ErrorSerializer, description=description)


#: Added to every operation where the status can happen, unless its own
#: ``extend_schema`` already documents that code.
BAD_REQUEST = error(
    "The input does not match this schema: see error, field and detail."
)
UNPROCESSABLE = error(
    "The input matches the schema but the event's data refuse it (a player "
    "not at this table, a name twice): see error, field and detail."
)
UNAUTHENTICATED = error("No token or session, or a bad token.")
FORBIDDEN = error("Signed in, but not an organiser or referee of this event.")
NOT_FOUND = error("No such object, or not visible to this user.")
CONFLICT = error(
    "The state changed under the request (a stale version, a finished round, "
    "an Idempotency-Key reused with another body)."
)
UNSUPPORTED = error("The body's Content-Type is not one the operation reads.")
THROTTLED = error("Too many requests: retry after params.wait seconds.")
UNAVAILABLE = error("The database is unreachable for a moment: retry.")


def _has_required_field(serializer: Any) -> bool:
    serializer = force_instance(serializer)
    fields = getattr(serializer, "child", serializer).fields
    return any(field.required for field in fields.values())


class MurailleAutoSchema(AutoSchema):
    """Name nested ``InputSerializer`` classes after their view, and
    document the error answers of each operation.

    Views nest their input serializers (HackSoft style), so every one is
    called ``InputSerializer``; ``HandListApi.InputSerializer`` becomes the
    component ``HandListInput``.
    """

    def get_serializer_name(self, serializer: Any, direction: Any) -> str:
        cls = serializer.__class__
        qualname = cls.__qualname__
        if "." in qualname:
            owner, name = qualname.rsplit(".", 1)
            return owner.removesuffix("Api") + name.removesuffix("Serializer")
        return cls.__name__

    def _get_serializer_field_meta(self, field: Any, direction: Any) -> dict:
        """An output field whose ``default`` is None answers null when its
        source is missing (``HandOutput.winner`` of a draw, ``discarder`` of
        a self-draw): say so."""
        meta = super()._get_serializer_field_meta(field, direction)
        if direction == "response" and getattr(field, "default", empty) is None:
            meta["nullable"] = True
        return meta

    def _map_serializer_field(
        self, field: Any, direction: Any, bypass_extensions: bool = False
    ) -> dict[str, Any]:
        """An input's text and decimals with the pattern DRF checks (no NUL,
        not blank once trimmed, a decimal's digits and sign); a file not
        empty."""
        meta = super()._map_serializer_field(field, direction, bypass_extensions)
        request = direction == "request"
        if request and isinstance(field, serializers.FileField):
            # An empty file is refused by DRF, or dropped by Django's parser.
            meta["minLength"] = 0 if field.allow_empty_file else 1
        pattern = input_pattern(field) if request else None
        if pattern is not None and (
            "pattern" not in meta or isinstance(field, serializers.DecimalField)
        ):
            meta["pattern"] = pattern
        return meta

    def _map_serializer(
        self, serializer: Any, direction: Any, bypass_extensions: bool = False
    ) -> dict[str, Any]:
        """An input that refuses the keys it does not name (``closed``) says
        so: ``additionalProperties: false``."""
        schema = super()._map_serializer(serializer, direction, bypass_extensions)
        if direction == "request" and getattr(serializer, "closed", False):
            schema["additionalProperties"] = False
        return schema

    def _get_request_for_media_type(
        self, serializer: Any, direction: Any = "request"
    ) -> Any:
        """A PATCH body as the views read it: they validate it whole (never
        ``partial=True``), so its required fields stay required (a hand's
        ``version``); drf-spectacular would drop them."""
        method = self.method
        self.method = "POST" if method == "PATCH" else method
        try:
            schema, required = super()._get_request_for_media_type(
                serializer, direction
            )
        finally:
            self.method = method
        if isinstance(serializer, PolymorphicProxySerializer):
            # One object or a list of them: drf-spectacular cannot see the
            # required fields through the oneOf; an empty body is refused.
            required = all(_has_required_field(s) for s in serializer.serializers)
        return schema, required

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        for code, response in self._error_responses().items():
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    response, code, direction=direction
                )
        return responses

    def _error_responses(self) -> dict[str, OpenApiResponse]:
        """The error codes this operation can answer, from its method, its
        URL, its authentication and its throttles."""
        write = self.method in WRITE_METHODS
        codes: dict[str, OpenApiResponse] = {}
        if write or self._has_query_parameters():
            codes["400"] = BAD_REQUEST
        if self.view.authentication_classes:
            codes["401"] = UNAUTHENTICATED
            codes["403"] = FORBIDDEN
        if "{" in self.path:
            codes["404"] = NOT_FOUND
        if write and self.view.authentication_classes:
            codes["409"] = CONFLICT
        if write:
            codes["422"] = UNPROCESSABLE
        if write:
            codes["415"] = UNSUPPORTED
        if self.view.throttle_classes and (write or not self._is_throttled_on_write):
            codes["429"] = THROTTLED
        codes["503"] = UNAVAILABLE
        return codes

    def _has_query_parameters(self) -> bool:
        return any(param.get("in") == "query" for param in self._get_parameters())

    @property
    def _is_throttled_on_write(self) -> bool:
        """The default throttle (``writes``) lets reads through."""
        return all(
            issubclass(throttle, WriteRateThrottle)
            for throttle in self.view.throttle_classes
        )
