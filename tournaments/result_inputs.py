"""The web's side of a rule set's hand inputs: one table (``INPUT_KINDS``)
of each ``FieldKind``'s tablet field, API field and summary, and the form
fields of the inputs that hold one value per player.

``FieldKind.PER_SEAT`` (French: each player's typed score; encyclopaedia:
each player's finishing place) and ``FieldKind.HANDS`` (each player's sets,
built on the tablet) are sent keyed by Player id, as the API takes them;
the services turn them into the engine's seat order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from rest_framework import serializers

from config.parsers import BoundedJSONSerializerField
from scoring.engine.types import FieldKind, HandsInput, ResultField
from scoring.forms import BoundedJSONField
from scoring.messages import sheet_label
from tournaments.limits import MAX_HAND_VALUE, MAX_ID
from tournaments.models import WIND_CHOICES, WINDS

Players = list[tuple[int, str]]
WIND_NAMES = dict(WIND_CHOICES)


class PerPlayerWidget(forms.MultiWidget):
    """One number input per player, each labelled with the player's name."""

    #: Rendered by the project's template engine (the form renderer only
    #: reads Django's own widget templates).
    page_template = "tournaments/referee/_per_player_widget.html"

    def __init__(self, players: list[tuple[int, str]], **kwargs: Any) -> None:
        self.players = players
        inputs = [
            forms.NumberInput(attrs={"inputmode": "numeric", "data-player": pk})
            for pk, _name in players
        ]
        super().__init__(inputs, **kwargs)

    def decompress(self, value: Any) -> list[Any]:
        """``{player id: value}`` (keys as ints or strings) as the inputs."""
        if not isinstance(value, dict):
            return [None] * len(self.players)
        return [value.get(pk, value.get(str(pk))) for pk, _name in self.players]

    def render(
        self, name: str, value: Any, attrs: Any = None, renderer: Any = None
    ) -> SafeString:
        context = self.get_context(name, value, attrs)
        return render_to_string(self.page_template, context)

    def get_context(self, name: str, value: Any, attrs: Any) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        for widget, (_pk, player) in zip(
            context["widget"]["subwidgets"], self.players, strict=False
        ):
            widget["player"] = player
        return context


class PerPlayerField(forms.MultiValueField):
    """An integer per player: ``{player id: n}`` with the blanks left out,
    ``None`` when every input is blank."""

    widget: PerPlayerWidget

    def __init__(
        self,
        *,
        players: list[tuple[int, str]],
        minimum: int | None = None,
        maximum: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.players = players
        fields = [
            forms.IntegerField(
                min_value=minimum,
                max_value=MAX_HAND_VALUE if maximum is None else maximum,
                required=False,
            )
            for _player in players
        ]
        super().__init__(
            fields,
            widget=PerPlayerWidget(players),
            require_all_fields=False,
            required=False,
            **kwargs,
        )

    def compress(self, data_list: list[Any]) -> dict[int, int] | None:
        values = {
            pk: value
            for (pk, _name), value in zip(self.players, data_list, strict=False)
            if value is not None
        }
        return values or None


class HandsField(BoundedJSONField):
    """Each player's sets as the hand builder writes them (hidden JSON,
    ``{player id: hand}``). ``players`` and ``flags`` (code, words, for the
    Mah-Jong hand only, on at first) are for the builder's template."""

    def __init__(
        self,
        *,
        players: list[tuple[int, str]],
        spec: HandsInput | None,
        **kwargs: Any,
    ) -> None:
        super().__init__(widget=forms.HiddenInput, required=False, **kwargs)
        self.players = players
        self.bonus_numbers = spec is None or spec.bonus_numbers
        self.flags = (
            []
            if spec is None
            else [
                (
                    code,
                    sheet_label(code),
                    code in spec.winner_flags,
                    code in spec.checked,
                )
                for code in (*spec.flags, *spec.winner_flags)
            ]
        )


# The one table of what each kind of result input is on the web: its form
# field on the tablet, its serializer field in the API, and how a stored
# hand's summary says it. A new ``FieldKind`` is a new row here, nowhere else.


def player_field(label: Any, required: bool = True) -> forms.TypedChoiceField:
    """One player, picked by name, sent as a Player id."""
    return forms.TypedChoiceField(
        label=label,
        coerce=int,
        required=required,
        empty_value=None,
        widget=forms.RadioSelect,
    )


def _seat_form(spec: ResultField, label: str, players: Players) -> forms.Field:
    field = player_field(label, required=False)
    field.choices = players
    return field


def _seats_form(spec: ResultField, label: str, players: Players) -> forms.Field:
    return forms.TypedMultipleChoiceField(
        label=label,
        coerce=int,
        choices=players,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )


def _integer_form(spec: ResultField, label: str, players: Players) -> forms.Field:
    # Only the storage bound here: the rule set's own limit comes with its
    # own sentence ("more than any hand can score").
    return forms.IntegerField(
        label=label,
        min_value=spec.minimum,
        max_value=MAX_HAND_VALUE,
        initial=spec.default,
        required=False,
    )


def object_id(**kwargs: Any) -> serializers.IntegerField:
    """A Player id, bounded to the key's range (a huge number is a 400)."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


def _seat_api(spec: ResultField, help_text: str) -> serializers.Field:
    return object_id(required=False, allow_null=True, default=None, help_text=help_text)


def _seats_api(spec: ResultField, help_text: str) -> serializers.Field:
    return serializers.ListField(
        child=object_id(), required=False, max_length=4, help_text=help_text
    )


def _integer_api(spec: ResultField, help_text: str) -> serializers.Field:
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        default=spec.default,
        min_value=spec.minimum,
        max_value=MAX_HAND_VALUE,
        help_text=help_text,
    )


def _per_seat_api(spec: ResultField, help_text: str) -> serializers.Field:
    return serializers.DictField(
        child=serializers.IntegerField(
            min_value=spec.minimum,
            max_value=spec.maximum or MAX_HAND_VALUE,
            allow_null=True,
        ),
        required=False,
        allow_null=True,
        default=None,
        help_text=f"{help_text} (by Player id)",
    )


def _hands_api(spec: ResultField, help_text: str) -> serializers.Field:
    return BoundedJSONSerializerField(
        required=False,
        allow_null=True,
        default=None,
        help_text=f"{help_text} (by Player id, as the rule set reads a hand)",
    )


def _as_is(value: Any, names: dict[int, str]) -> Any:
    return value


def _player(value: Any, names: dict[int, str]) -> Any:
    return names.get(value, value)


def _players(value: Any, names: dict[int, str]) -> Any:
    return ", ".join(str(names.get(seat, seat)) for seat in value)


def _wind(value: Any, names: dict[int, str]) -> Any:
    return WIND_NAMES.get(value, value)


def _per_player(value: Any, names: dict[int, str]) -> Any:
    return None  # every player's hand: the summary lists their scores


@dataclass(frozen=True)
class InputKind:
    """What one ``FieldKind`` is on the web (see the table below)."""

    form_field: Callable[[ResultField, str, Players], forms.Field]
    api_field: Callable[[ResultField, str], serializers.Field]
    summary: Callable[[Any, dict[int, str]], Any]
    """The stored value in words (players by name), ``None`` to leave it
    out of the hand's summary."""


INPUT_KINDS: dict[FieldKind, InputKind] = {
    FieldKind.SEAT: InputKind(_seat_form, _seat_api, _player),
    FieldKind.SEATS: InputKind(_seats_form, _seats_api, _players),
    FieldKind.INTEGER: InputKind(_integer_form, _integer_api, _as_is),
    FieldKind.BOOLEAN: InputKind(
        lambda spec, label, players: forms.BooleanField(label=label, required=False),
        lambda spec, help_text: serializers.BooleanField(
            required=False, default=bool(spec.default), help_text=help_text
        ),
        _as_is,
    ),
    FieldKind.WIND: InputKind(
        lambda spec, label, players: forms.ChoiceField(
            label=label, choices=WIND_CHOICES, required=False, widget=forms.RadioSelect
        ),
        lambda spec, help_text: serializers.ChoiceField(
            choices=list(WINDS),
            required=False,
            allow_null=True,
            default=None,
            help_text=help_text,
        ),
        _wind,
    ),
    FieldKind.PER_SEAT: InputKind(
        lambda spec, label, players: PerPlayerField(
            label=label, players=players, minimum=spec.minimum, maximum=spec.maximum
        ),
        _per_seat_api,
        _per_player,
    ),
    FieldKind.HANDS: InputKind(
        lambda spec, label, players: HandsField(
            label=label, players=players, spec=spec.hands
        ),
        _hands_api,
        _per_player,
    ),
}


def result_form_field(spec: ResultField, label: str, players: Players) -> forms.Field:
    """The tablet's field of one input of a rule set's hand result."""
    field = INPUT_KINDS[spec.kind].form_field(spec, label, players)
    # The rule set says for which kinds it counts; the tablet shows it then.
    field.widget.attrs["data-kinds"] = " ".join(spec.kinds)
    return field


def result_api_field(spec: ResultField, help_text: str) -> serializers.Field:
    """The API's serializer field of one input of a rule set's hand result."""
    return INPUT_KINDS[spec.kind].api_field(spec, help_text)


def summary_value(spec: ResultField, value: Any, names: dict[int, str]) -> Any:
    """A stored input in words for the hand's summary, ``None`` to leave out."""
    return INPUT_KINDS[spec.kind].summary(value, names)
