"""Who may read and write a tournament; shared by pages and the API."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.mixins import LoginRequiredMixin
from django.contrib.auth.models import Permission
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament

#: The model permission that makes an account an organiser: granted in the
#: admin or by ``python manage.py grant_organiser <username>``.
CREATE_TOURNAMENT_PERMISSION = "tournaments.add_tournament"
ORGANISER_REQUIRED = _(
    "Creating a tournament needs the organiser permission. Ask an "
    "administrator to grant it to your account."
)


def organiser_permission() -> Permission:
    """The permission row itself, to grant or revoke."""
    app_label, codename = CREATE_TOURNAMENT_PERMISSION.split(".")
    return Permission.objects.get(content_type__app_label=app_label, codename=codename)


def can_create_tournament(user: Any) -> bool:
    """Any account may log in; only organisers may start a new event."""
    return bool(
        user and user.is_authenticated and user.has_perm(CREATE_TOURNAMENT_PERMISSION)
    )


class TournamentCreatorRequiredMixin(LoginRequiredMixin):
    """Pages that create a tournament: log in first, then be an organiser."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.user.is_authenticated and not can_create_tournament(request.user):
            return organiser_required_response(request)
        return super().dispatch(request, *args, **kwargs)


def organiser_required_response(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "registration/organiser_required.html",
        {"message": ORGANISER_REQUIRED},
        status=403,
    )


def can_organise(user: Any, tournament: Tournament) -> bool:
    if not user or not user.is_authenticated:
        return False
    return user.is_superuser or tournament.organisers.filter(pk=user.pk).exists()


def can_referee(user: Any, tournament: Tournament) -> bool:
    """Organisers and the tournament's referees may write at any table."""
    if can_organise(user, tournament):
        return True
    return bool(
        user
        and user.is_authenticated
        and tournament.referees.filter(pk=user.pk).exists()
    )


def can_view(user: Any, tournament: Tournament) -> bool:
    return tournament.is_public or can_referee(user, tournament)


def viewable_tournaments(user: Any) -> QuerySet[Tournament]:
    """The tournaments ``can_view`` lets ``user`` see, as one queryset:
    the public ones, and those they organise or referee (every one for a
    superuser)."""
    tournaments = Tournament.objects.all()
    if user and user.is_authenticated and user.is_superuser:
        return tournaments
    visible = Q(is_public=True)
    if user and user.is_authenticated:
        staffed = Tournament.objects.filter(Q(organisers=user) | Q(referees=user))
        visible |= Q(pk__in=staffed.values("pk"))
    return tournaments.filter(visible)
