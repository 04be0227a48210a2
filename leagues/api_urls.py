"""The leagues' API routes, under /api/ (see leagues.api)."""

from django.urls import path

from leagues import api

L = "leagues/<slug:slug>/"

urlpatterns = [
    path("leagues/", api.LeagueListApi.as_view()),
    path(L, api.LeagueDetailApi.as_view()),
    path(L + "nights/", api.NightCreateApi.as_view()),
    path(L + "nights/<int:event>/tables/", api.NightTablesApi.as_view()),
    path(L + "events/", api.LeagueEventAddApi.as_view()),
    path(L + "ratings/", api.LeagueRatingsApi.as_view()),
    path("ratings/jobs/", api.RatingJobApi.as_view()),
    path("ratings/jobs/<int:job>/", api.RatingJobDetailApi.as_view()),
    path("players/<int:player>/career/", api.CareerApi.as_view()),
    path("players/merge/", api.PlayerMergeApi.as_view()),
    path("tournaments/<slug:slug>/teams/", api.TeamStandingsApi.as_view()),
]
