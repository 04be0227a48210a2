"""Registration pages: the public form, the registrant's private page, and
the organiser's list and opening of registration.

The public pages need no account: the form is open to anyone while
registration is open (rate-limited per address, with a honeypot), the
private page to whoever holds the link. Every decision is a service call;
a refusal is named by its field.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views import View

from config.rate_limits import public_form_limited, too_many_requests
from tournaments.messages import error_message
from tournaments.models import Signup, SignupOptions, Tournament
from tournaments.selectors.signups import signup_counts, waiting_positions
from tournaments.services import signups
from tournaments.services.errors import ServiceError
from tournaments.views.mixins import OrganiserMixin
from tournaments.views.signup_forms import (
    ANSWER_PREFIX,
    SignupForm,
    SignupOptionsForm,
)


def _name_error(form: Any, error: ServiceError) -> None:
    """The service's refusal, by its field when the form has it."""
    field = error.field
    if field == "answers" and "key" in error.params:
        field = ANSWER_PREFIX + str(error.params["key"])
    form.add_error(field if field in form.fields else None, error_message(error))


class SignupFormView(View):
    """``/t/<slug>/register/``: the public form (a tournament with
    registration set up; a draft event takes sign-ups before it is public)."""

    template = "tournaments/public/signup_form.html"

    def setup(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().setup(request, *args, **kwargs)
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        options = SignupOptions.objects.filter(tournament=self.tournament).first()
        if options is None:
            raise Http404
        self.options = options

    def context(self, form: SignupForm) -> dict[str, Any]:
        return {
            "tournament": self.tournament,
            "options": self.options,
            "state": signups.registration_state(self.options, timezone.now()),
            "counts": signup_counts(self.tournament),
            "form": form,
        }

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = SignupForm(questions=self.options.questions)
        return render(request, self.template, self.context(form))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        if public_form_limited(request, "signup"):
            return too_many_requests()
        form = SignupForm(request.POST, questions=self.options.questions)
        if form.is_valid():
            if form.is_spam:
                # Answered as a success: a robot learns nothing.
                return render(request, "tournaments/public/signup_received.html", {})
            try:
                signup = signups.create_signup(
                    tournament_id=self.tournament.pk,
                    fields=form.signup_fields(),
                    language=translation.get_language() or "",
                )
            except ServiceError as error:
                _name_error(form, error)
            else:
                messages.success(
                    request,
                    _(
                        "Registration received. Keep the address of this page: "
                        "it is your private link (also sent by e-mail)."
                    ),
                )
                return redirect("public:signup-private", token=signup.token)
        return render(request, self.template, self.context(form), status=400)


class SignupPrivateView(View):
    """``/register/<token>/``: the registrant sees, changes, cancels or
    deletes their sign-up. The link is the only key: no account."""

    template = "tournaments/public/signup_private.html"

    def setup(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().setup(request, *args, **kwargs)
        self.signup = get_object_or_404(
            Signup.objects.select_related("tournament"), token=kwargs["token"]
        )

    def context(self, form: SignupForm | None = None) -> dict[str, Any]:
        signup = self.signup
        options = SignupOptions.objects.filter(tournament=signup.tournament).first()
        questions = options.questions if options else []
        editable = signup.status in signups.OPEN_STATUSES
        if form is None and editable:
            form = SignupForm(
                initial=SignupForm.initial_of(signup), questions=questions
            )
        return {
            "signup": signup,
            "tournament": signup.tournament,
            "position": waiting_positions(signup.tournament).get(signup.pk),
            "form": form if editable else None,
            "may_delete": not signups.event_started(
                signup.tournament, timezone.localdate()
            ),
        }

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return render(request, self.template, self.context())

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        if public_form_limited(request, "signup"):
            return too_many_requests()
        action = request.POST.get("action", "save")
        try:
            if action == "cancel":
                signups.cancel_signup(token=token)
                messages.success(request, _("Your registration is cancelled."))
            elif action == "delete":
                signups.delete_signup(token=token)
                messages.success(
                    request, _("Your registration and its data are deleted.")
                )
                return redirect("public:home")
            else:
                return self.save(request, token)
        except ServiceError as error:
            messages.error(request, error_message(error))
            return render(request, self.template, self.context(), status=409)
        return redirect("public:signup-private", token=token)

    def save(self, request: HttpRequest, token: str) -> HttpResponse:
        options = SignupOptions.objects.filter(
            tournament=self.signup.tournament
        ).first()
        form = SignupForm(request.POST, questions=options.questions if options else [])
        if form.is_valid():
            try:
                signups.update_signup(token=token, fields=form.signup_fields())
            except ServiceError as error:
                _name_error(form, error)
            else:
                messages.success(request, _("Your registration is saved."))
                return redirect("public:signup-private", token=token)
        return render(request, self.template, self.context(form), status=400)


class SignupListView(OrganiserMixin, View):
    """``/staff/<slug>/registrations/``: the sign-ups in order of arrival,
    their counts, and the organiser's confirm / refuse / paid buttons."""

    template = "tournaments/staff/signups.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        tournament = self.tournament
        rows = list(tournament.signups.select_related("likely_player"))
        positions = waiting_positions(tournament)
        for row in rows:
            row.waiting_position = positions.get(row.pk)  # type: ignore[attr-defined]
        return render(
            request,
            self.template,
            {
                "tournament": tournament,
                "options": SignupOptions.objects.filter(tournament=tournament).first(),
                "counts": signup_counts(tournament),
                "signups": rows,
            },
        )

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        signup = Signup.objects.filter(
            tournament=self.tournament, pk=_int(request.POST.get("signup"))
        ).first()
        if signup is None:
            messages.error(request, _("There is no such registration."))
            return redirect("staff:signups", slug=slug)
        action = request.POST.get("action")
        same = {"yes": True, "no": False}.get(request.POST.get("same_player", ""))
        try:
            if action == "confirm":
                signups.confirm_signup(
                    signup_id=signup.pk, actor=request.user, same_player=same
                )
            elif action == "refuse":
                signups.refuse_signup(signup_id=signup.pk, actor=request.user)
            elif action in ("paid", "unpaid"):
                signups.set_signup_paid(
                    signup_id=signup.pk, actor=request.user, paid=action == "paid"
                )
            else:
                messages.error(request, _("Choose what to do with this registration."))
                return redirect("staff:signups", slug=slug)
        except ServiceError as error:
            messages.error(request, f"{signup.name}: {error_message(error)}")
        else:
            messages.success(request, _("Saved: %(name)s.") % {"name": signup.name})
        return redirect("staff:signups", slug=slug)


def _int(value: str | None) -> int | None:
    """A posted id, or None when it is no small positive number."""
    if value is None or not value.isdigit() or len(value) > 18:
        return None
    return int(value)


class SignupOptionsView(OrganiserMixin, View):
    """``/staff/<slug>/registrations/settings/``: open registration."""

    template = "tournaments/staff/signup_options.html"

    def options(self) -> SignupOptions | None:
        return SignupOptions.objects.filter(tournament=self.tournament).first()

    def context(self, form: SignupOptionsForm) -> dict[str, Any]:
        return {"tournament": self.tournament, "form": form}

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = SignupOptionsForm(initial=SignupOptionsForm.initial_of(self.options()))
        return render(request, self.template, self.context(form))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = SignupOptionsForm(request.POST)
        if form.is_valid():
            existing = self.options()
            data = form.cleaned_data
            try:
                signups.set_signup_options(
                    tournament_id=self.tournament.pk,
                    actor=request.user,
                    opens_at=data["opens_at"],
                    closes_at=data["closes_at"],
                    capacity=data["capacity"],
                    questions=form.parsed_questions(
                        existing.questions if existing else None
                    ),
                    message=data["message"],
                    retention_days=data["retention_days"],
                )
            except ServiceError as error:
                _name_error(form, error)
            else:
                messages.success(request, _("Registration settings saved."))
                return redirect("staff:signups", slug=slug)
        return render(request, self.template, self.context(form), status=400)
