"""Forms of the fan calculator: input shape only, the engine judges the hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext_lazy as _

from config.parsers import JSONTooDeep, check_depth, too_deep_message


class BoundedJSONField(forms.JSONField):
    """A JSON field that refuses deep nesting with a message, not a 500.

    Python's decoder recurses once per level, so a value of 100,000 ``[``
    raises ``RecursionError`` while cleaning (or while rendering the form
    again): both become the "nested too deep" error."""

    def to_python(self, value: Any) -> Any:
        try:
            converted = super().to_python(value)
            check_depth(converted)
        except (RecursionError, JSONTooDeep) as error:
            raise forms.ValidationError(too_deep_message(), code="too_deep") from error
        return converted

    def bound_data(self, data: Any, initial: Any) -> Any:
        try:
            return super().bound_data(data, initial)
        except RecursionError:
            # Rendered empty: the picker starts again rather than echoing it.
            return InvalidJSONInput("")


class TilesForm(forms.Form):
    """The hidden ``tiles`` field that the tile picker fills (hand-format.md)."""

    tiles = BoundedJSONField(
        widget=forms.HiddenInput,
        error_messages={
            "required": _("Pick the tiles of the hand first."),
            "invalid": _("The tiles could not be read: pick them again."),
        },
    )

    def clean_tiles(self) -> Mapping[str, Any]:
        value = self.cleaned_data["tiles"]
        if not isinstance(value, Mapping):
            raise forms.ValidationError(
                _("The tiles could not be read: pick them again."), code="invalid"
            )
        return value
