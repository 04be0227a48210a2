"""League URLs by audience: everyone's under /leagues/ and /players/, the
organisers' under /manage/ (/staff/<slug>/ belongs to tournaments)."""

from django.urls import include, path

from leagues.views import players, public, staff, teams

public_patterns = (
    [
        path("", public.LeagueListView.as_view(), name="leagues"),
        path("<slug:slug>/", public.LeagueView.as_view(), name="league"),
        path(
            "<slug:slug>/workbook.xlsx",
            public.LeagueWorkbookView.as_view(),
            name="workbook",
        ),
        path("<slug:slug>/ema/", public.LeagueEmaView.as_view(), name="ema"),
        path(
            "<slug:slug>/ratings/", public.LeagueRatingsView.as_view(), name="ratings"
        ),
        path("<slug:slug>/stats/", public.LeagueStatsView.as_view(), name="stats"),
    ],
    "leagues",
)

staff_patterns = (
    [
        path("", staff.LeagueListView.as_view(), name="leagues"),
        path("<slug:slug>/", staff.LeagueStaffView.as_view(), name="league"),
        path(
            "<slug:slug>/nights/<int:event>/", staff.NightView.as_view(), name="night"
        ),
    ],
    "leagues-staff",
)

player_patterns = (
    [path("<int:player>/", players.CareerView.as_view(), name="career")],
    "players",
)

player_staff_patterns = (
    [
        path("", players.DuplicatesView.as_view(), name="duplicates"),
        path("merge/", players.MergeView.as_view(), name="merge"),
    ],
    "players-staff",
)

team_patterns = (
    [
        path("<slug:slug>/", teams.TeamStandingsView.as_view(), name="standings"),
        path(
            "<slug:slug>/teams.xlsx", teams.TeamWorkbookView.as_view(), name="workbook"
        ),
    ],
    "teams",
)

team_staff_patterns = (
    [path("<slug:slug>/", teams.TeamStaffView.as_view(), name="teams")],
    "teams-staff",
)

urlpatterns = [
    path("teams/", include(team_patterns)),
    path("manage/teams/", include(team_staff_patterns)),
    path("leagues/", include(public_patterns)),
    path("players/", include(player_patterns)),
    path("manage/leagues/", include(staff_patterns)),
    path("manage/players/", include(player_staff_patterns)),
]
