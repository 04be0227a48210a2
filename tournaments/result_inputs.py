"""Form fields of the hand inputs that hold one value per player.

``FieldKind.PER_SEAT`` (French: each player's typed score; encyclopaedia:
each player's finishing place) and ``FieldKind.HANDS`` (each player's sets,
built on the tablet) are sent keyed by Player id, as the API takes them;
the services turn them into the engine's seat order.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from scoring.engine.types import HandsInput
from scoring.forms import BoundedJSONField
from scoring.messages import sheet_label
from tournaments.limits import MAX_HAND_VALUE


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
