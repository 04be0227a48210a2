"""The organiser's API key page: what ``make publish`` and API clients send."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.cache import never_cache
from rest_framework.authtoken.models import Token

from tournaments.permissions import TournamentCreatorRequiredMixin
from tournaments.services.api_tokens import replace_api_token


@method_decorator(never_cache, name="dispatch")
class ApiTokenView(TournamentCreatorRequiredMixin, View):
    """Organisers only: a plain account has nothing to publish. The key is a
    secret, so the page is never cached."""

    def get(self, request: HttpRequest) -> HttpResponse:
        token = Token.objects.filter(user=request.user).first()
        return render(
            request,
            "tournaments/staff/api_token.html",
            {"token": token, "api_root": request.build_absolute_uri("/")},
        )

    def post(self, request: HttpRequest) -> HttpResponse:
        replace_api_token(user=request.user)
        messages.success(
            request, _("Your new API key is ready; the previous one no longer works.")
        )
        return redirect("staff:api-token")
