"""Forms of the fan calculator: input shape only, the engine judges the hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


class TilesForm(forms.Form):
    """The hidden ``tiles`` field that the tile picker fills (hand-format.md)."""

    tiles = forms.JSONField(
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
