"""The organiser's controls of the round clock: start, pause, resume, extend
(every table or one), reset.

The round page loads the controls with htmx (``_round_clock.html``); without
JavaScript its link leads to the same controls on a page of their own. Each
action is a POST form: htmx swaps the controls, a plain browser is sent back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from tournaments.messages import error_message
from tournaments.models import Round
from tournaments.services import clock as services
from tournaments.services.errors import ServiceError
from tournaments.views.clock import extended_tables, round_clock_context
from tournaments.views.mixins import OrganiserMixin

PARTIAL = "tournaments/staff/_round_clock.html"
PAGE = "tournaments/staff/round_clock.html"


class ClockExtendForm(forms.Form):
    minutes = forms.IntegerField(
        label=gettext_lazy("Extra minutes"),
        min_value=1,
        max_value=services.MAX_EXTRA_MINUTES,
        initial=5,
    )
    table = forms.TypedChoiceField(
        label=gettext_lazy("For"),
        coerce=int,
        required=False,
        empty_value=None,
    )

    def __init__(self, *args: Any, tables: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = [("", gettext_lazy("Every table"))] + [
            (number, _("Table %(number)s") % {"number": number}) for number in tables
        ]


def table_numbers(round_: Round) -> list[int]:
    return list(round_.tables.order_by("number").values_list("number", flat=True))


def controls_context(
    round_: Round, form: ClockExtendForm | None = None, error: str = ""
) -> dict[str, Any]:
    return {
        "tournament": round_.tournament,
        "round": round_,
        "clock_controls": True,
        "extend_form": form or ClockExtendForm(tables=table_numbers(round_)),
        "extended_tables": extended_tables(round_),
        "clock_error": error,
        **round_clock_context(round_),
    }


class RoundClockView(OrganiserMixin, View):
    """The controls: the partial for htmx, a page of their own otherwise."""

    def get(self, request: HttpRequest, slug: str, number: int) -> HttpResponse:
        context = controls_context(self.get_round())
        if getattr(request, "htmx", False):
            return render(request, PARTIAL, context)
        return render(request, PAGE, context)


Action = Callable[[Round, HttpRequest, ClockExtendForm], Any]


def _extend(round_: Round, request: HttpRequest, form: ClockExtendForm) -> Any:
    return services.extend_clock(
        round_id=round_.pk,
        minutes=form.cleaned_data["minutes"],
        table_number=form.cleaned_data["table"],
        actor=request.user,
    )


ACTIONS: dict[str, Action] = {
    "start": lambda r, q, f: services.start_clock(round_id=r.pk, actor=q.user),
    "pause": lambda r, q, f: services.pause_clock(round_id=r.pk, actor=q.user),
    "resume": lambda r, q, f: services.resume_clock(round_id=r.pk, actor=q.user),
    "reset": lambda r, q, f: services.reset_clock(round_id=r.pk, actor=q.user),
    "extend": _extend,
}


class ClockActionView(OrganiserMixin, View):
    """POST-only: one clock service, then the controls (htmx) or a redirect."""

    def post(
        self, request: HttpRequest, slug: str, number: int, action: str
    ) -> HttpResponse:
        if action not in ACTIONS:
            raise Http404
        round_ = self.get_round()
        form = ClockExtendForm(request.POST, tables=table_numbers(round_))
        error = ""
        if action == "extend" and not form.is_valid():
            error = error_message(
                ServiceError("bad_extra_minutes", max=services.MAX_EXTRA_MINUTES)
            )
        else:
            try:
                ACTIONS[action](round_, request, form)
            except ServiceError as failure:
                error = error_message(failure)
        if getattr(request, "htmx", False):
            round_.refresh_from_db()
            return render(request, PARTIAL, controls_context(round_, error=error))
        if error:
            messages.error(request, error)
        return redirect("staff:round", slug=slug, number=number)
