"""Check-in pages (issue 30): the organiser's list at the door, and the
players' self check-in from the QR code at the entrance.

The entrance link carries a key derived from the tournament's identity: a
private event's names are not found by guessing its short name.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views import View

from config.client_address import client_ip
from config.rate_limits import public_form_limited, too_many_requests
from tournaments.messages import error_message
from tournaments.models import Registration, Tournament
from tournaments.qr_codes import qr_svg
from tournaments.selectors.checkin import (
    MAX_QUERY,
    checkin_counts,
    checkin_list,
    clean_query,
    expected_registrations,
)
from tournaments.services import checkin
from tournaments.services.errors import ServiceError
from tournaments.views.mixins import OrganiserMixin

#: Names a search on the public page shows at most: it finds your own name,
#: it does not list the event's players.
SELF_MATCHES = 8


def entrance_key(tournament: Tournament) -> str:
    return salted_hmac("muraille.checkin", str(tournament.uid)).hexdigest()[:20]


def entrance_link(request: HttpRequest, tournament: Tournament) -> str:
    path = reverse(
        "public:self-checkin",
        kwargs={"slug": tournament.slug, "key": entrance_key(tournament)},
    )
    return request.build_absolute_uri(path)


def search_query(request: HttpRequest) -> str:
    return clean_query(request.GET.get("q", ""))


class CheckinView(OrganiserMixin, View):
    """The door: search by name, one tap per player, present / expected."""

    template = "tournaments/checkin/organiser.html"
    partial = "tournaments/checkin/_list.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        query = search_query(request)
        context = {
            "tournament": self.tournament,
            "query": query,
            "rows": checkin_list(self.tournament, query),
            "counts": checkin_counts(self.tournament),
        }
        if request.htmx:
            return render(request, self.partial, context)
        link = entrance_link(request, self.tournament)
        context |= {"entrance_link": link, "entrance_qr": qr_svg(link, scale=4)}
        return render(request, self.template, context)


class CheckinMarkView(OrganiserMixin, View):
    """POST: mark one player present (``present=1``) or not (``present=0``).
    htmx gets the row and the counts back; a plain form goes back to the list."""

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        present = request.POST.get("present") == "1"
        try:
            registration = checkin.set_present(
                tournament_id=self.tournament.pk,
                registration_id=pk,
                present=present,
                actor=request.user,
                ip_address=client_ip(request),
            )
        except ServiceError as error:
            messages.error(request, error_message(error))
            return redirect("staff:checkin", slug=slug)
        if request.htmx:
            context = {
                "tournament": self.tournament,
                "row": registration,
                "counts": checkin_counts(self.tournament),
                "oob_counts": True,
            }
            return render(request, "tournaments/checkin/_row.html", context)
        query = search_query(request) or request.POST.get("q", "")[:MAX_QUERY]
        url = reverse("staff:checkin", kwargs={"slug": slug})
        return redirect(f"{url}?{urlencode({'q': query})}" if query else url)


class SelfCheckinView(View):
    """The entrance QR code's page: find your name, check in (no account)."""

    template = "tournaments/checkin/self.html"

    def tournament(self, slug: str, key: str) -> Tournament:
        tournament = get_object_or_404(Tournament, slug=slug)
        if not constant_time_compare(key, entrance_key(tournament)):
            raise Http404
        return tournament

    def context(self, tournament: Tournament, query: str) -> dict[str, Any]:
        opens = tournament.self_checkin_opens_at
        is_open = tournament.uses_checkin and opens is not None
        matches: list[Registration] = []
        if is_open and len(query) >= 2:
            matches = [
                r
                for r in checkin_list(tournament, query)
                if r.status != Registration.Status.WITHDRAWN
            ][:SELF_MATCHES]
        return {
            "tournament": tournament,
            "query": query,
            "matches": matches,
            "in_use": is_open,
            "not_yet": is_open and opens is not None and timezone.now() < opens,
            "opens": opens,
        }

    def get(self, request: HttpRequest, slug: str, key: str) -> HttpResponse:
        tournament = self.tournament(slug, key)
        return render(
            request, self.template, self.context(tournament, search_query(request))
        )

    def post(self, request: HttpRequest, slug: str, key: str) -> HttpResponse:
        tournament = self.tournament(slug, key)
        if public_form_limited(request, "self-checkin"):
            return too_many_requests()
        context = self.context(tournament, "")
        raw = request.POST.get("registration", "")
        registration_id = int(raw) if raw.isdigit() and len(raw) < 10 else None
        if (
            registration_id is None
            or not expected_registrations(tournament)
            .filter(pk=registration_id)
            .exists()
        ):
            context["error"] = _("Choose your name in the list.")
            return render(request, self.template, context, status=400)
        try:
            registration = checkin.self_check_in(
                tournament_id=tournament.pk,
                registration_id=registration_id,
                ip_address=client_ip(request),
            )
        except ServiceError as error:
            context["error"] = error_message(error)
            return render(request, self.template, context, status=400)
        context["checked_in"] = registration
        return render(request, self.template, context)
