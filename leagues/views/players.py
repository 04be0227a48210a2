"""A player's career page (everyone), and duplicates to merge (organisers)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View

from leagues.access import can_merge, can_merge_players
from leagues.forms import MergeForm
from leagues.messages import error_message
from leagues.models import PlayerRating
from leagues.selectors.career_stats import get_career_stats
from leagues.selectors.careers import (
    SESSIONS_PER_PAGE,
    career_version,
    get_career_page,
)
from leagues.selectors.players import list_duplicates
from leagues.selectors.visibility import audience_of
from leagues.services import merges
from tournaments.models import Player
from tournaments.permissions import organiser_required_response
from tournaments.services import player_merges
from tournaments.services.errors import ServiceError


class CareerView(View):
    def get(self, request: HttpRequest, player: int) -> HttpResponse:
        # The public events, and the private ones the reader organises.
        audience = audience_of(request.user)
        version = career_version(player)
        # Every session, newest first, a page at a time: five years of club
        # nights are hundreds of rows (and only this page's are read back).
        found = get_career_page(
            player, audience=audience, page=request.GET.get("page"), version=version
        )
        career = found.career
        statistics = get_career_stats(career.player, audience=audience)
        rating = PlayerRating.objects.filter(player_id=player).first()
        pages = Paginator(range(found.count), SESSIONS_PER_PAGE).get_page(found.number)
        return render(
            request,
            "leagues/public/career.html",
            {
                "career": career,
                "rating": rating,
                "sessions": career.sessions,
                "pages": pages,
                "statistics": statistics,
            },
        )


class MergeMixin(LoginRequiredMixin):
    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not can_merge_players(request.user):
            return organiser_required_response(request)
        return super().dispatch(request, *args, **kwargs)


class DuplicatesView(MergeMixin, View):
    def get(self, request: HttpRequest) -> HttpResponse:
        return render(
            request,
            "leagues/staff/duplicates.html",
            {"groups": list_duplicates(audience=audience_of(request.user))},
        )


class MergeView(MergeMixin, View):
    """Confirm, then merge: GET shows both players, POST merges them."""

    def get(self, request: HttpRequest) -> HttpResponse:
        form = MergeForm(request.GET)
        if not form.is_valid():
            return redirect("players-staff:duplicates")
        return self._page(request, form)

    def _players(self, request, form) -> tuple[Player, Player]:
        """Both players, if the account may merge them (403 otherwise)."""
        keep = get_object_or_404(Player, pk=form.cleaned_data["keep"])
        drop = get_object_or_404(Player, pk=form.cleaned_data["drop"])
        if not can_merge(request.user, keep, drop):
            raise PermissionDenied
        return keep, drop

    def _page(self, request, form, status=200, error=None):
        keep, drop = self._players(request, form)
        alike = player_merges.names_alike(keep, drop)
        blocked = None
        try:
            # Unlike names are asked on the form, not a refusal here.
            player_merges.check_merge(keep, drop, different_names=True)
        except ServiceError as refused:
            blocked = error_message(refused)
        context = {
            "blocked": blocked,
            "problem": error or blocked,
            "form": form,
            "keep": keep,
            "drop": drop,
            "alike": alike,
            "keep_events": keep.registrations.select_related("tournament"),
            "drop_events": drop.registrations.select_related("tournament"),
        }
        return render(request, "leagues/staff/merge.html", context, status=status)

    def post(self, request: HttpRequest) -> HttpResponse:
        form = MergeForm(request.POST)
        if not form.is_valid():
            return redirect("players-staff:duplicates")
        self._players(request, form)
        try:
            kept = merges.merge_players(
                keep_id=form.cleaned_data["keep"],
                drop_id=form.cleaned_data["drop"],
                actor=request.user,
                different_names=form.cleaned_data["different_names"],
            )
        except ServiceError as error:
            return self._page(request, form, status=400, error=error_message(error))
        messages.success(request, _("The players are merged."))
        return redirect("players:career", player=kept.pk)
