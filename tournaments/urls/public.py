"""Public pages. Tournaments live under /t/ so that no slug can shadow
another app's prefix (/staff/, /table/, /accounts/...)."""

from django.urls import path

from tournaments.views import checkin, room, signups, stats
from tournaments.views import clock as clock_views
from tournaments.views import public as views

app_name = "public"

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("t/<slug:slug>/", views.StandingsView.as_view(), name="standings"),
    path(
        "t/<slug:slug>/rounds/<int:number>/",
        views.RoundTablesView.as_view(),
        name="round",
    ),
    path("t/<slug:slug>/stats/", stats.StatsView.as_view(), name="stats"),
    path(
        "t/<slug:slug>/players/<int:number>/",
        room.PlayerView.as_view(),
        name="player",
    ),
    path(
        "t/<slug:slug>/checkin/<str:key>/",
        checkin.SelfCheckinView.as_view(),
        name="self-checkin",
    ),
    path(
        "t/<slug:slug>/projector/",
        room.ProjectorStandingsView.as_view(),
        name="projector",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/projector/",
        room.ProjectorSeatingView.as_view(),
        name="round-projector",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/clock/",
        clock_views.RoundClockPageView.as_view(),
        name="round-clock",
    ),
    path("t/<slug:slug>/register/", signups.SignupFormView.as_view(), name="signup"),
    path(
        "register/<str:token>/",
        signups.SignupPrivateView.as_view(),
        name="signup-private",
    ),
]
