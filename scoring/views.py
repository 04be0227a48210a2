"""The fan calculator page: pick the tiles, see the fans and the payments."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View

from config.rate_limits import public_form_limited, too_many_requests
from scoring.forms import TilesForm
from scoring.services_fans import calculate


class FanCalculatorView(View):
    """GET shows the picker; POST counts the fans of the posted ``tiles``.

    An htmx POST gets only the breakdown partial; a plain POST (no
    JavaScript) gets the whole page again, with the picked hand kept.
    """

    template_name = "scoring/calculator.html"
    partial_name = "scoring/_breakdown.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, self.template_name, {"form": TilesForm()})

    def post(self, request: HttpRequest) -> HttpResponse:
        if public_form_limited(request, "fan-calculator"):
            return too_many_requests()
        form = TilesForm(request.POST)
        answer = calculate(form.cleaned_data["tiles"]) if form.is_valid() else None
        context = {
            "form": form,
            "answer": answer,
            "tiles_json": request.POST.get("tiles", ""),
        }
        template = self.partial_name if request.htmx else self.template_name
        return render(request, template, context)
