"""League forms: input shape only; the services and engines judge the rest."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from leagues.models import League
from leagues.services.leagues import SESSION_COUNTS
from scoring.forms import RulesetFields, ruleset_choices
from tournaments.models import Tournament


class LeagueForm(forms.ModelForm):
    tiebreaks = forms.CharField(
        label=_("Tie-breaks"),
        required=False,
        help_text=_(
            "Comma-separated, in order, among: table_points, score, firsts, "
            "seconds, thirds, best_session. Empty for the default order."
        ),
    )
    ruleset = forms.ChoiceField(label=_("Rule set of club nights"), choices=())

    class Meta:
        model = League
        fields = [
            "name",
            "slug",
            "season_start",
            "season_end",
            "ranking_rule",
            "min_sessions",
            "best_sessions",
            "ruleset",
            "is_public",
        ]
        widgets = {
            "season_start": forms.DateInput(attrs={"type": "date"}),
            "season_end": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # By name in the reader's language, as the tournament form offers them.
        self.fields["ruleset"].choices = ruleset_choices()
        # Within the service's bounds, which fit the columns.
        for name, (low, high) in SESSION_COUNTS.items():
            field = self.fields[name]
            field.validators = [MinValueValidator(low), MaxValueValidator(high)]
            field.widget.attrs.update(min=low, max=high)
        if self.instance.pk:
            self.fields["tiebreaks"].initial = ", ".join(self.instance.tiebreaks)
            del self.fields["slug"]
        else:
            self.fields["slug"].required = False

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("season_start"), data.get("season_end")
        if start and end and end < start:
            self.add_error("season_end", _("The season cannot end before it starts."))
        return data

    def clean_tiebreaks(self) -> list[str]:
        text = self.cleaned_data.get("tiebreaks") or ""
        return [key.strip() for key in text.split(",") if key.strip()]

    def _post_clean(self) -> None:
        # The service writes the league: no model validation of a half-built
        # instance (its slug is the service's to choose).
        pass


class NightForm(RulesetFields):
    """A club night: its sessions, and how they are played when not as the
    league's rule set says (another rule set, shorter sessions, a clock)."""

    day = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    sessions = forms.IntegerField(
        label=_("Sessions"),
        min_value=1,
        max_value=10,
        initial=1,
        help_text=_("Table rounds this evening; more can be added later."),
    )
    name = forms.CharField(label=_("Name"), max_length=160, required=False)
    hands_per_session = forms.IntegerField(
        label=_("Hands per session"),
        min_value=1,
        max_value=64,
        required=False,
        help_text=_("Empty for the rule set's own number (16 in MCR)."),
    )
    session_minutes = forms.IntegerField(
        label=_("Minutes per session"),
        min_value=10,
        max_value=600,
        required=False,
        initial=Tournament._meta.get_field("session_minutes").default,
        help_text=_("Time is called after this many minutes."),
    )
    field_order = ["day", "sessions", "name", "ruleset", "preset"]

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.default_ruleset = league.ruleset
        self.fields["ruleset"].choices = [
            ("", _("The league's rule set")),
            *ruleset_choices(),
        ]
        self.fields["ruleset"].initial = ""

    def night_arguments(self) -> dict[str, Any]:
        """The cleaned form as ``nights.create_club_night`` takes it."""
        data = dict(self.cleaned_data)
        hands = data.pop("hands_per_session")
        data["ruleset_options"] = {} if hands is None else {"hands_per_session": hands}
        return data


class NightTablesForm(forms.Form):
    tables = forms.CharField(
        label=_("Tables"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_(
            "One table a line: four names separated by commas, East, South, "
            "West, North. New names become players."
        ),
    )


class NightNamesForm(forms.Form):
    names = forms.CharField(
        label=_("Players"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("One name a line; the seating engine forms the tables."),
    )


class AddTournamentForm(forms.Form):
    tournament = forms.ModelChoiceField(label=_("Tournament"), queryset=None)

    def __init__(self, *args: Any, queryset: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = queryset


class MergeForm(forms.Form):
    keep = forms.IntegerField(
        widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1
    )
    drop = forms.IntegerField(
        widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1
    )
    different_names = forms.BooleanField(
        label=_("The names differ, and they are one person: merge anyway"),
        required=False,
    )
