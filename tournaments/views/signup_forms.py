"""The forms of the registration pages: the sign-up (with the organiser's
questions and a honeypot) and the organiser's opening of registration."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.limits import FIRST_NAME_MAX_LENGTH, LAST_NAME_MAX_LENGTH
from tournaments.models import Signup, SignupOptions
from tournaments.services.signups import (
    ANSWER_MAX_LENGTH,
    CLUB_MAX_LENGTH,
    MAX_CAPACITY,
    MAX_QUESTIONS,
    MAX_RETENTION_DAYS,
    QUESTION_LABEL_MAX_LENGTH,
)

HONEYPOT = "website"
ANSWER_PREFIX = "answer_"
TEXT_QUESTION = "text:"


class SignupForm(forms.Form):
    first_name = forms.CharField(
        label=_("First name"), max_length=FIRST_NAME_MAX_LENGTH, required=False
    )
    last_name = forms.CharField(label=_("Last name"), max_length=LAST_NAME_MAX_LENGTH)
    club = forms.CharField(label=_("Club"), max_length=CLUB_MAX_LENGTH, required=False)
    country = forms.CharField(
        label=_("Country"),
        max_length=3,
        required=False,
        help_text=_("Three-letter code, e.g. FRA."),
    )
    ema_number = forms.CharField(label=_("EMA number"), max_length=12, required=False)
    email = forms.EmailField(
        label=_("E-mail"),
        max_length=254,
        help_text=_("Only the organiser sees it; your private link is sent there."),
    )
    # A field people never see (hidden by the stylesheet): a robot filling
    # every input fills it too, and its sign-up is dropped.
    website = forms.CharField(
        label=_("Leave this field empty"), required=False, max_length=200
    )

    def __init__(
        self, *args: Any, questions: list[dict[str, str]] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.questions = questions or []
        for question in self.questions:
            name = ANSWER_PREFIX + question["key"]
            if question["kind"] == "yes_no":
                self.fields[name] = forms.BooleanField(
                    label=question["label"], required=False
                )
            else:
                self.fields[name] = forms.CharField(
                    label=question["label"],
                    required=False,
                    max_length=ANSWER_MAX_LENGTH,
                )
        self.fields[HONEYPOT].widget.attrs.update(
            {"autocomplete": "off", "tabindex": "-1"}
        )
        self.fields["email"].widget.attrs["autocomplete"] = "email"

    @property
    def is_spam(self) -> bool:
        return bool(self.cleaned_data.get(HONEYPOT))

    def signup_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            **{
                name: data[name]
                for name in (
                    "first_name",
                    "last_name",
                    "club",
                    "country",
                    "ema_number",
                    "email",
                )
            },
            "answers": {
                q["key"]: data[ANSWER_PREFIX + q["key"]] for q in self.questions
            },
        }

    @classmethod
    def initial_of(cls, signup: Signup) -> dict[str, Any]:
        initial: dict[str, Any] = {
            name: getattr(signup, name)
            for name in (
                "first_name",
                "last_name",
                "club",
                "country",
                "ema_number",
                "email",
            )
        }
        for key, value in signup.answers.items():
            initial[ANSWER_PREFIX + key] = value
        return initial


class SignupOptionsForm(forms.Form):
    opens_at = forms.DateTimeField(
        label=_("Registration opens"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    closes_at = forms.DateTimeField(
        label=_("Registration closes"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    capacity = forms.IntegerField(
        label=_("Places"), min_value=1, max_value=MAX_CAPACITY
    )
    questions = forms.CharField(
        label=_("Questions"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=MAX_QUESTIONS * (QUESTION_LABEL_MAX_LENGTH + 8),
        help_text=_(
            "One a line, answered by yes or no; start the line with “text:” "
            "for a short written answer."
        ),
    )
    message = forms.CharField(
        label=_("Message on the form"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    retention_days = forms.IntegerField(
        label=_("Days the e-mails and answers are kept after the event"),
        min_value=0,
        max_value=MAX_RETENTION_DAYS,
        initial=30,
    )

    @classmethod
    def initial_of(cls, options: SignupOptions | None) -> dict[str, Any]:
        if options is None:
            return {"retention_days": 30}
        lines = [
            (TEXT_QUESTION + " " if q["kind"] == "text" else "") + q["label"]
            for q in options.questions
        ]
        return {
            "opens_at": timezone.localtime(options.opens_at).strftime("%Y-%m-%dT%H:%M"),
            "closes_at": timezone.localtime(options.closes_at).strftime(
                "%Y-%m-%dT%H:%M"
            ),
            "capacity": options.capacity,
            "questions": "\n".join(lines),
            "message": options.message,
            "retention_days": options.retention_days,
        }

    def parsed_questions(
        self, existing: list[dict[str, str]] | None
    ) -> list[dict[str, str]]:
        """The lines as questions; a question kept keeps its key (and so
        the answers already given)."""
        keys = {(q["label"], q["kind"]): q["key"] for q in existing or []}
        questions = []
        for line in self.cleaned_data["questions"].splitlines():
            label = line.strip()
            if not label:
                continue
            kind = "yes_no"
            if label.casefold().startswith(TEXT_QUESTION):
                kind, label = "text", label[len(TEXT_QUESTION) :].strip()
            question = {"label": label, "kind": kind}
            if (label, kind) in keys:
                question["key"] = keys[(label, kind)]
            questions.append(question)
        return questions
