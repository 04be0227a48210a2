"""The leagues' API routes, under /api/ (see leagues.api)."""

from django.urls import path

from leagues import api, api_organise

L = "leagues/<slug:slug>/"

urlpatterns = [
    path("leagues/", api.LeagueListApi.as_view()),
    path(L, api_organise.LeagueApi.as_view()),
    path(L + "nights/", api.NightCreateApi.as_view()),
    path(L + "nights/<int:event>/tables/", api.NightTablesApi.as_view()),
    path(L + "nights/<int:event>/seating/", api_organise.NightSeatingApi.as_view()),
    path(L + "nights/<int:event>/sessions/", api_organise.NightSessionApi.as_view()),
    path(L + "events/", api.LeagueEventAddApi.as_view()),
    path(L + "events/<int:event>/seed/", api_organise.SeedByRatingApi.as_view()),
    path(L + "ratings/", api.LeagueRatingsApi.as_view()),
    path(L + "ema/", api_organise.LeagueEmaApi.as_view()),
    path("ratings/jobs/", api.RatingJobApi.as_view()),
    path("ratings/jobs/<int:job>/", api.RatingJobDetailApi.as_view()),
    path("players/<int:player>/career/", api.CareerApi.as_view()),
    path("players/merge/", api.PlayerMergeApi.as_view()),
    path("players/duplicates/", api_organise.DuplicatesApi.as_view()),
    path("tournaments/<slug:slug>/teams/", api_organise.TeamsApi.as_view()),
    path(
        "tournaments/<slug:slug>/teams/rounds/<int:number>/seat/",
        api_organise.TeamSeatingApi.as_view(),
    ),
]
