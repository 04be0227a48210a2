"""Organiser pages, under /staff/."""

from django.urls import path

from tournaments.views import (
    checkin,
    signups,
    staff,
    staff_backups,
    staff_clock,
    staff_events,
    staff_links,
    staff_rounds,
    staff_swaps,
    staff_token,
)

app_name = "staff"

ROUND = "<slug:slug>/rounds/<int:number>/"

urlpatterns = [
    path("", staff.DashboardView.as_view(), name="dashboard"),
    path("new/", staff.TournamentCreateView.as_view(), name="tournament-create"),
    # Fixed addresses before the "<slug>/..." ones, which would read "events"
    # as a tournament's slug.
    path("api-key/", staff_token.ApiTokenView.as_view(), name="api-token"),
    path("venue/backups/", staff_backups.BackupsView.as_view(), name="backups"),
    path("events/import/", staff_events.EventImportView.as_view(), name="event-import"),
    path(
        "events/import/confirm/",
        staff_events.EventImportConfirmView.as_view(),
        name="event-import-confirm",
    ),
    path("<slug:slug>/", staff.TournamentDetailView.as_view(), name="tournament"),
    path(
        "<slug:slug>/registrations/",
        signups.SignupListView.as_view(),
        name="signups",
    ),
    path(
        "<slug:slug>/registrations/settings/",
        signups.SignupOptionsView.as_view(),
        name="signup-options",
    ),
    path(
        "<slug:slug>/settings/",
        staff.TournamentSettingsView.as_view(),
        name="tournament-settings",
    ),
    path(
        "<slug:slug>/rules/",
        staff.TournamentRulesView.as_view(),
        name="tournament-rules",
    ),
    path("<slug:slug>/players/", staff.PlayersAddView.as_view(), name="players-add"),
    path("<slug:slug>/checkin/", checkin.CheckinView.as_view(), name="checkin"),
    path(
        "<slug:slug>/checkin/<int:pk>/",
        checkin.CheckinMarkView.as_view(),
        name="checkin-mark",
    ),
    path(
        "<slug:slug>/publish/",
        staff_events.PublishView.as_view(),
        name="event-publish",
    ),
    path(
        "<slug:slug>/archive/",
        staff_events.ArchiveDownloadView.as_view(),
        name="event-archive",
    ),
    path(
        "<slug:slug>/registrations/<int:pk>/status/",
        staff.RegistrationStatusView.as_view(),
        name="registration-status",
    ),
    path(ROUND, staff_rounds.RoundDetailView.as_view(), name="round"),
    path(
        ROUND + "seating/",
        staff_rounds.SeatingStartView.as_view(),
        name="seating-start",
    ),
    path(
        ROUND + "seating/review/",
        staff_rounds.SeatingReviewStartView.as_view(),
        name="seating-review",
    ),
    path(
        ROUND + "seating/request.json",
        staff_rounds.SeatingRequestView.as_view(),
        name="seating-request",
    ),
    path(
        ROUND + "seating/plan-swap/",
        staff_rounds.PlanSwapView.as_view(),
        name="plan-swap",
    ),
    path(
        ROUND + "seating/progress/",
        staff_rounds.SeatingProgressView.as_view(),
        name="seating-progress",
    ),
    path(
        ROUND + "seating/publish/",
        staff_rounds.PlanPublishView.as_view(),
        name="seating-publish",
    ),
    path(
        ROUND + "seating/cancel/",
        staff_rounds.PlanCancelView.as_view(),
        name="seating-cancel",
    ),
    path(ROUND + "swap/", staff_swaps.SwapView.as_view(), name="swap"),
    path(
        ROUND + "finish/", staff_rounds.RoundFinishView.as_view(), name="round-finish"
    ),
    path(
        ROUND + "reopen/", staff_rounds.RoundReopenView.as_view(), name="round-reopen"
    ),
    path(
        ROUND + "tables/<int:table>/reopen/",
        staff_rounds.TableReopenView.as_view(),
        name="table-reopen",
    ),
    path(
        "<slug:slug>/visibility/",
        staff.TournamentVisibilityView.as_view(),
        name="tournament-visibility",
    ),
    path(ROUND + "tables/", staff_links.RoundTablesView.as_view(), name="round-tables"),
    path(ROUND + "print/", staff_links.RoundPrintView.as_view(), name="round-print"),
    path(
        ROUND + "tables/<int:table>/qr.svg",
        staff_links.TableQrView.as_view(),
        name="table-qr",
    ),
    path(
        ROUND + "tables/<int:table>/new-link/",
        staff_links.TableNewLinkView.as_view(),
        name="table-new-link",
    ),
    path(ROUND + "clock/", staff_clock.RoundClockView.as_view(), name="round-clock"),
    path(
        ROUND + "clock/<slug:action>/",
        staff_clock.ClockActionView.as_view(),
        name="round-clock-action",
    ),
]
