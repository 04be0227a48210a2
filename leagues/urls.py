"""League URLs by audience: everyone's under /leagues/ and /players/, the
organisers' under /manage/ (/staff/<slug>/ belongs to tournaments)."""

from django.urls import include, path

from leagues.views import players, public, staff

public_patterns = (
    [
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

urlpatterns = [
    path("leagues/", include(public_patterns)),
    path("players/", include(player_patterns)),
    path("manage/leagues/", include(staff_patterns)),
    path("manage/players/", include(player_staff_patterns)),
]
