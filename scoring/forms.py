"""Forms of the scoring app: input shape only, the engine judges the rest.

The fan calculator's fields, and the choice of a rule set and its named
settings that every form starting an event offers (a tournament's, a
league's, a club night's): the registry's, so they live beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from config.parsers import JSONTooDeep, check_depth, too_deep_message
from scoring.engine.rulesets import get_ruleset, list_rulesets, option_presets_of
from scoring.messages import preset_label, ruleset_label


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


def ruleset_choices() -> list[tuple[str, Any]]:
    """The registered rule sets, in words."""
    return [(code, ruleset_label(code)) for code in list_rulesets()]


def preset_choices() -> list[tuple[str, Any]]:
    """Each rule set's named settings as ``code:preset``, after the rules'
    own defaults."""
    choices: list[tuple[str, Any]] = [("", _("The rules' defaults"))]
    for code, ruleset_name in ruleset_choices():
        for preset in option_presets_of(get_ruleset(code)):
            label = format_lazy("{}: {}", ruleset_name, preset_label(preset, code))
            choices.append((f"{code}:{preset}", label))
    return choices


class RulesetFields(forms.Form):
    """A rule set and, for a rule set that names some, the settings to start
    from; ``default_ruleset`` stands when none is chosen."""

    ruleset = forms.ChoiceField(label=_("Rule set"), initial="mcr", required=False)
    preset = forms.ChoiceField(
        label=_("Rule settings"),
        required=False,
        help_text=_("Every setting can still be changed on the rules page."),
    )
    default_ruleset = "mcr"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = ruleset_choices()
        self.fields["preset"].choices = preset_choices()

    def clean_ruleset(self) -> str:
        return self.cleaned_data.get("ruleset") or self.default_ruleset

    def clean_preset(self) -> str:
        """The preset's own name (``ema``), once it is the rule set's."""
        value = self.cleaned_data.get("preset") or ""
        code, _sep, preset = value.partition(":")
        if value and code != self.cleaned_data.get("ruleset"):
            raise forms.ValidationError(
                _("These settings are for another rule set."), code="preset"
            )
        return preset
