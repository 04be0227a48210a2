"""Registration pages: the public form, the registrant's private page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views import View

from tournaments.models import Signup


class SignupPrivateView(View):
    """The registrant's own page, reached by the private link alone."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        signup = get_object_or_404(Signup, token=token)
        return render(
            request, "tournaments/public/signup_private.html", {"signup": signup}
        )
