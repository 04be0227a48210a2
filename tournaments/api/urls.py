from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from tournaments.api import (
    checkin,
    clock,
    events,
    registrations,
    stats,
    tables,
    tournaments,
)

T = "tournaments/<slug:slug>/"
R = T + "rounds/<int:number>/"
S = T + "registrations/<int:signup_id>/"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view loads its start-up code as a script file, not inline;
    # Swagger UI's page still carries a small <style> block.
    path(
        "docs/",
        csp_update({"style-src": [UNSAFE_INLINE]})(
            SpectacularSwaggerSplitView.as_view(url_name="api-schema")
        ),
        name="api-docs",
    ),
    path("events/", events.EventImportApi.as_view()),
    path("tournaments/", tournaments.TournamentListApi.as_view()),
    path(T, tournaments.TournamentDetailApi.as_view()),
    path(T + "players/", tournaments.PlayerListApi.as_view()),
    path(T + "players/<int:player>/", tournaments.PlayerDetailApi.as_view()),
    path(T + "rounds/", tournaments.RoundListApi.as_view()),
    path(R, tournaments.RoundDetailApi.as_view()),
    path(R + "seating/", tournaments.SeatingJobApi.as_view()),
    path(R + "swap/", tournaments.SeatingSwapApi.as_view()),
    path(R + "finish/", tournaments.RoundFinishApi.as_view()),
    path(R + "reopen/", tournaments.RoundReopenApi.as_view()),
    path(T + "standings/", tournaments.StandingsApi.as_view()),
    path(T + "stats/", stats.TournamentStatsApi.as_view()),
    path("players/<int:player>/stats/", stats.PlayerStatsApi.as_view()),
    path(T + "checkin/", checkin.CheckinApi.as_view()),
    path("seating-plans/<int:plan_id>/", tournaments.SeatingPlanDetailApi.as_view()),
    path(
        "seating-plans/<int:plan_id>/publish/",
        tournaments.SeatingPlanPublishApi.as_view(),
    ),
    path(
        "seating-plans/<int:plan_id>/cancel/",
        tournaments.SeatingPlanCancelApi.as_view(),
    ),
    path("seating-plans/<int:plan_id>/swap/", tournaments.SeatingPlanSwapApi.as_view()),
    path("tables/<int:table_id>/", tables.TableDetailApi.as_view()),
    path("tables/<int:table_id>/hands/", tables.HandListApi.as_view()),
    path("tables/<int:table_id>/penalties/", tables.PenaltyListApi.as_view()),
    path("tables/<int:table_id>/close/", tables.TableCloseApi.as_view()),
    path("tables/<int:table_id>/reopen/", tables.TableReopenApi.as_view()),
    path(
        "tables/<int:table_id>/confirmations/",
        checkin.TableConfirmationsApi.as_view(),
    ),
    path("hands/<int:hand_id>/", tables.HandDetailApi.as_view()),
    path("penalties/<int:penalty_id>/", tables.PenaltyDetailApi.as_view()),
    path(R + "clock/", clock.RoundClockApi.as_view()),
    path(T + "registrations/", registrations.RegistrationListApi.as_view()),
    path(
        T + "registrations/options/",
        registrations.RegistrationOptionsApi.as_view(),
    ),
    path(S + "confirm/", registrations.RegistrationConfirmApi.as_view()),
    path(S + "refuse/", registrations.RegistrationRefuseApi.as_view()),
    path(S + "paid/", registrations.RegistrationPaidApi.as_view()),
    path("registrations/<str:token>/", registrations.OwnRegistrationApi.as_view()),
    path(
        "registrations/<str:token>/cancel/",
        registrations.OwnRegistrationCancelApi.as_view(),
    ),
    path(R + "clock/<slug:action>/", clock.RoundClockActionApi.as_view()),
]
