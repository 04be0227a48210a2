"""Page forms. They check the input's shape only: whether a hand is valid is
the rule set's call, made through the services."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from scoring.engine.standings import TIEBREAKS
from scoring.engine.types import (
    OptionField,
    OptionKind,
    ResultField,
    ResultForm,
)
from scoring.forms import BoundedJSONField, RulesetFields
from scoring.messages import (
    option_label,
    result_label,
)
from tournaments.limits import (
    IDEMPOTENCY_KEY_MAX_LENGTH,
    MAX_INT,
    MAX_PENALTY_POINTS,
    MAX_PLAYERS_AT_ONCE,
)
from tournaments.models import WIND_CHOICES, Penalty, Registration, Tournament
from tournaments.result_inputs import result_form_field


def new_key() -> str:
    """A fresh idempotency key: one per rendered form, so a double tap stores once."""
    return uuid.uuid4().hex


class HiddenNumber(forms.IntegerField):
    """A version or number the page carries: bounded to its column, so that a
    forged value is a form error rather than a database overflow."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_value=0, max_value=MAX_INT, **kwargs)


class HiddenErrorsForm(forms.Form):
    """Shows the errors of hidden fields (a forged version or key, tiles the
    picker could not send) with the form's own errors: the templates show
    only visible fields' errors, and a refusal must say why."""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name, field in self.fields.items():
            if isinstance(field.widget, forms.HiddenInput) and name in self.errors:
                for error in self.errors[name]:
                    self.add_error(None, error)
        return data


class DateInput(forms.DateInput):
    input_type = "date"


class DateTimeInput(forms.DateTimeInput):
    """The browser's date and time picker (local time of the event)."""

    input_type = "datetime-local"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%dT%H:%M")


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "name",
            "start_date",
            "end_date",
            "city",
            "country",
            "rounds_count",
            "session_minutes",
            "seating_mode",
            "is_public",
            "mers_weight",
            "uses_checkin",
            "self_checkin_opens_at",
            "players_confirm_tables",
        ]
        widgets = {
            "start_date": DateInput(),
            "end_date": DateInput(),
            "self_checkin_opens_at": DateTimeInput(),
        }

    def clean_country(self) -> str:
        return self.cleaned_data["country"].strip().upper()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The tournament cannot end before it starts."))
        return data


class NewTournamentForm(RulesetFields, TournamentForm):
    """A new tournament: the settings plus its rule set and the settings to
    start from (MCR when none is chosen: forms and scripts written before
    riichi). The rule set cannot change once the tournament exists."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order_fields(["name", "ruleset", "preset"])


class PlayerListForm(forms.Form):
    players = forms.CharField(
        label=_("Players, one a line"),
        # Two sentences: the first keeps its translation from before names
        # were split with their particles.
        help_text=format_lazy(
            "{} {}",
            _("First Last, club, country, EMA number"),
            _(
                "Particles stay with the last name (Zoë Van der Ært). For another "
                "split, separate the fields with semicolons or tabs and write the "
                "name Last, First: Van der Ært, Zoë; Gent; BEL. Two players of one "
                "name are two players when their clubs or EMA numbers differ."
            ),
        ),
        widget=forms.Textarea(attrs={"rows": 8}),
    )

    def clean_players(self) -> str:
        text = self.cleaned_data["players"]
        count = sum(1 for line in text.splitlines() if line.strip())
        if count > MAX_PLAYERS_AT_ONCE:
            raise forms.ValidationError(
                ngettext_lazy(
                    "Paste at most %(max)s player at once (this list has %(count)s).",
                    "Paste at most %(max)s players at once (this list has %(count)s).",
                    "max",
                ),
                code="too_many_players",
                params={"max": MAX_PLAYERS_AT_ONCE, "count": count},
            )
        return text


class RegistrationStatusForm(forms.Form):
    status = forms.ChoiceField(choices=Registration.Status.choices)


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(label=_("Player"), coerce=int)
    second = forms.TypedChoiceField(label=_("swaps with"), coerce=int)
    # The seats the confirmation page showed (hidden): a second click finds
    # them replaced by the first one's swap.
    first_seat = forms.IntegerField(required=False, widget=forms.HiddenInput)
    second_seat = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def expected_seats(self) -> tuple[int, int] | None:
        seats = (
            self.cleaned_data.get("first_seat"),
            self.cleaned_data.get("second_seat"),
        )
        return None if None in seats else (int(seats[0]), int(seats[1]))  # type: ignore[arg-type]

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = players
        self.fields["second"].choices = players


class PlanSwapForm(SwapForm):
    """A swap inside one round of a seating plan under review."""

    round = forms.TypedChoiceField(label=_("Round"), coerce=int)

    def __init__(
        self,
        *args: Any,
        players: list[tuple[int, str]],
        rounds: list[int],
        **kwargs: Any,
    ):
        super().__init__(*args, players=players, **kwargs)
        self.fields["round"].choices = [(n, str(n)) for n in rounds]
        self.order_fields(["round", "first", "second"])


#: Labels of the engine's tie-breaks (a new one shows its key until labelled).
TIEBREAK_LABELS = {
    "table_points": _("Table points"),
    "score": _("Score"),
    "firsts": _("First places"),
    "seconds": _("Second places"),
    "thirds": _("Third places"),
    "best_session": _("Best session score"),
}


class PlacesField(forms.CharField):
    """Four whole numbers by final place, best first (riichi's uma), typed
    as "15 5 -5 -15" (slashes or commas also separate them); blank is none.
    The rule set checks the figures themselves."""

    default_error_messages = {
        "places": _("Give four whole numbers, best place first, or leave it empty."),
    }

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return " / ".join(str(number) for number in value)
        return value

    def to_python(self, value: Any) -> list[int] | None:
        text = str(super().to_python(value) or "")
        parts = text.replace("/", " ").replace(",", " ").replace("+", "").split()
        if not parts:
            return None
        try:
            numbers = [int(part.replace("\u2212", "-")) for part in parts]
        except ValueError:
            raise forms.ValidationError(self.error_messages["places"]) from None
        if len(numbers) != 4:
            raise forms.ValidationError(self.error_messages["places"])
        return numbers


def option_field(spec: OptionField, initial: object, ruleset: str) -> forms.Field:
    """The rules page's field of one setting of ``ruleset``, in its words."""
    label = option_label(spec.name, ruleset)
    field: forms.Field
    if spec.kind == OptionKind.CHOICE:
        choices = [
            (value, option_label(f"{spec.name}.{value}", ruleset))
            for value in spec.choices
        ]
        field = forms.ChoiceField(label=label, choices=choices)
    elif spec.kind == OptionKind.FLAG:
        field = forms.BooleanField(label=label, required=False)
    elif spec.kind == OptionKind.PLACES:
        field = PlacesField(label=label, required=False, max_length=60)
    else:
        # The bounds go to the browser only: the rule set refuses a value
        # with its own sentence (the service calls it).
        field = forms.IntegerField(label=label)
        bounds = {"min": spec.minimum, "max": spec.maximum, "step": spec.step}
        field.widget.attrs.update(
            {key: value for key, value in bounds.items() if value is not None}
        )
    field.initial = initial
    return field


class RulesForm(forms.Form):
    """The rule set's settings (as it describes them, ``option_form``) and
    the standings' tie-break order.

    Shape only: the rule set and the standings check the values (the service
    calls them), and refuse new options once a hand is stored.
    """

    def __init__(
        self,
        *args: Any,
        options: Mapping[str, object],
        tiebreaks: Sequence[str],
        specs: Sequence[OptionField] | None = None,
        words: Mapping[str, Any] | None = None,
        ruleset: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if specs is None:
            specs = [OptionField(key, OptionKind.INTEGER) for key in options]
        self.option_keys = [spec.name for spec in specs]
        for spec in specs:
            self.fields[spec.name] = option_field(spec, options.get(spec.name), ruleset)
        choices = [("", "—")]
        labels = {**TIEBREAK_LABELS, **(words or {})}  # the rule set's words
        choices += [(name, labels.get(name, name)) for name in TIEBREAKS]
        for place in range(len(TIEBREAKS)):
            self.fields[f"tiebreak_{place + 1}"] = forms.ChoiceField(
                label=_("Tie-break %(place)s") % {"place": place + 1},
                choices=choices,
                required=False,
                initial=tiebreaks[place] if place < len(tiebreaks) else "",
            )

    def options(self) -> dict[str, object]:
        return {key: self.cleaned_data[key] for key in self.option_keys}

    def tiebreaks(self) -> list[str]:
        order = (
            self.cleaned_data[f"tiebreak_{place + 1}"]
            for place in range(len(TIEBREAKS))
        )
        return [name for name in order if name]


class SeatingStartForm(forms.Form):
    """The optional seed of a seating job: the same seed, players and played
    rounds give the same plan."""

    seed = forms.IntegerField(
        label=_("Seed (optional)"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("Give a plan's seed again to get the same plan."),
    )
    # Shown once the round has tables: seating again replaces them, and the
    # tablet links handed out with them stop working.
    confirm_reseat = forms.BooleanField(
        label=_("Yes, replace the tables: the links handed out stop working"),
        required=False,
    )


class HandForm(HiddenErrorsForm):
    """A hand result; players are named by Player id, as the services expect.

    The kinds and the inputs are the rule set's (``entry``, its
    ``result_form``): a rule set brings its own without touching this form.
    """

    kind = forms.ChoiceField(label=_("Result"), widget=forms.RadioSelect)
    idempotency_key = forms.CharField(
        widget=forms.HiddenInput,
        required=False,
        max_length=IDEMPOTENCY_KEY_MAX_LENGTH,
    )
    # The table version the page showed: a sheet changed by another device
    # in between is refused (409) rather than stored as a duplicate hand.
    table_version = HiddenNumber(widget=forms.HiddenInput, required=False)
    # The number of the hand being entered, to tell a stale device which hand
    # another device recorded.
    hand_number = HiddenNumber(widget=forms.HiddenInput, required=False)
    # Filled by the tile picker with hand-format.md's JSON; when present the
    # fan calculator counts the points (the services check the tiles).
    tiles = BoundedJSONField(widget=forms.HiddenInput, required=False)
    # Riichi's count of the dora at the table, sent with the tiles (the tile
    # calculator adds it to the han it counts); shown where the rule set
    # takes one (``takes_dora_count``), the calculator bounds it.
    dora = forms.IntegerField(
        label=_("Dora"),
        min_value=0,
        required=False,
        help_text=_(
            "Dora, ura-dora and red fives in the hand, one number: added to "
            "the han the tiles count when the hand has a yaku."
        ),
    )

    def __init__(
        self,
        *args: Any,
        players: list[tuple[int, str]],
        entry: ResultForm,
        ruleset: str = "",
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.entry = entry
        self.fields["kind"].choices = [
            (kind, result_label(kind, ruleset)) for kind in entry.kinds
        ]
        for spec in entry.fields:
            label = result_label(spec.name, ruleset)
            self.fields[spec.name] = result_form_field(spec, label, players)
        self.order_fields(["kind", *(spec.name for spec in entry.fields)])
        if not self.is_bound:
            self.initial.setdefault("idempotency_key", new_key())

    def result_fields(self) -> list[tuple[forms.BoundField, ResultField]]:
        """Each input with its description, in the rule set's order (templates)."""
        return [(self[spec.name], spec) for spec in self.entry.fields]

    def clean_tiles(self) -> dict[str, Any] | None:
        """The tiles only: the winds, self-draw and flowers the form asks once
        (or the server knows) are dropped, so they cannot contradict them."""
        tiles = self.cleaned_data.get("tiles")
        if tiles in (None, "", {}):
            return None
        if not isinstance(tiles, dict):
            raise forms.ValidationError(_("The tiles could not be read."))
        return {key: value for key, value in tiles.items() if key not in CONTEXT}

    def clean(self) -> dict[str, Any]:
        """The dora count travels with the tiles (hand-format.md's ``dora``)."""
        data = super().clean()
        dora, tiles = data.get("dora"), data.get("tiles")
        if dora and isinstance(tiles, dict):
            data["tiles"] = {**tiles, "dora": dora}
        return data

    def result(self) -> dict[str, Any]:
        """The result dict of the services: the inputs of the chosen kind only,
        since a referee may tap a winner before switching to a washout; a
        blank input takes the rule set's default, or is left out (the rule
        set then names what is missing)."""
        data = self.cleaned_data
        kind = data["kind"]
        result: dict[str, Any] = {"kind": kind}
        for spec in self.entry.fields_for(kind):
            value = data.get(spec.name)
            if value in (None, "", [], {}):
                value = spec.default
            if value is not None:
                result[spec.name] = value
        return result


#: Keys of hand-format.md the tablet takes from the form and the deal state.
CONTEXT = ("seat_wind", "prevalent_wind", "self_drawn", "flowers")

WIND_FIELD_CHOICES = [("", "—"), *WIND_CHOICES]
#: The one-letter winds a referee may type, in either language ("O" is the
#: French Ouest, that is West).
WIND_LETTERS = {"E": "E", "S": "S", "W": "W", "N": "N", "O": "W"}
SEAT_WINDS_EXAMPLE = format_lazy(
    "{}{}{}{}",
    pgettext_lazy("wind letter", "S"),
    pgettext_lazy("wind letter", "E"),
    pgettext_lazy("wind letter", "N"),
    pgettext_lazy("wind letter", "W"),
)


class HandCorrectionForm(HandForm):
    """A stored hand's new result, based on the version the referee saw."""

    version = HiddenNumber(widget=forms.HiddenInput)
    seat_winds = forms.RegexField(
        label=_("Seat winds (starting East first)"),
        regex=r"^[ESWNOeswno]{4}$",
        required=False,
        help_text=format_lazy(
            _("Change only when the players sat wrongly, e.g. {example}."),
            example=SEAT_WINDS_EXAMPLE,
        ),
    )
    prevalent_wind = forms.ChoiceField(
        label=_("Prevalent wind"), choices=WIND_FIELD_CHOICES, required=False
    )

    def clean_seat_winds(self) -> str:
        """The winds in the stored letters (ESWN), typed in English or French."""
        typed = (self.cleaned_data.get("seat_winds") or "").upper()
        return "".join(WIND_LETTERS[letter] for letter in typed)


class PenaltyForm(HiddenErrorsForm):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(label=_("Kind"), choices=Penalty.Kind.choices)
    points = forms.IntegerField(
        label=_("Points"),
        min_value=1,
        max_value=MAX_PENALTY_POINTS,
        required=False,
        help_text=_("Leave empty for the tournament's default."),
    )
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
    idempotency_key = forms.CharField(
        widget=forms.HiddenInput,
        required=False,
        max_length=IDEMPOTENCY_KEY_MAX_LENGTH,
    )
    table_version = HiddenNumber(widget=forms.HiddenInput, required=False)

    def __init__(
        self,
        *args: Any,
        players: list[tuple[int, str]],
        kinds: Sequence[str] | None = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = players
        if kinds is not None:  # the rule set's own (riichi has no False Hu)
            field = self.fields["kind"]
            field.choices = [  # type: ignore[attr-defined]
                (value, label)
                for value, label in Penalty.Kind.choices
                if value in kinds
            ]
        if not self.is_bound:
            self.initial.setdefault("idempotency_key", new_key())


class VersionForm(HiddenErrorsForm):
    version = HiddenNumber(widget=forms.HiddenInput, required=False)
    table_version = HiddenNumber(widget=forms.HiddenInput, required=False)


class CloseTableForm(HiddenErrorsForm):
    time_called = forms.BooleanField(label=_("Time was called"), required=False)
    table_version = HiddenNumber(widget=forms.HiddenInput, required=False)
