"""The leagues' API routes, under /api/."""

from django.urls import path

from leagues.api import leagues, nights, players, ratings, stats, teams

L = "leagues/<slug:slug>/"
N = L + "nights/<int:event>/"
T = "tournaments/<slug:slug>/"

urlpatterns = [
    path("leagues/", leagues.LeagueListApi.as_view()),
    path(L, leagues.LeagueApi.as_view()),
    path(L + "events/", leagues.LeagueEventAddApi.as_view()),
    path(L + "nights/", nights.NightCreateApi.as_view()),
    path(N + "tables/", nights.NightTablesApi.as_view()),
    path(N + "seating/", nights.NightSeatingApi.as_view()),
    path(N + "sessions/", nights.NightSessionApi.as_view()),
    path(L + "events/<int:event>/seed/", ratings.SeedByRatingApi.as_view()),
    path(L + "ratings/", ratings.LeagueRatingsApi.as_view()),
    path(L + "ema/", ratings.LeagueEmaApi.as_view()),
    path(L + "stats/", stats.LeagueStatsApi.as_view()),
    path("ratings/jobs/", ratings.RatingJobApi.as_view()),
    path("ratings/jobs/<int:job>/", ratings.RatingJobDetailApi.as_view()),
    path("players/<int:player>/career/", players.CareerApi.as_view()),
    path("players/merge/", players.PlayerMergeApi.as_view()),
    path("players/duplicates/", players.DuplicatesApi.as_view()),
    path(T + "teams/", teams.TeamsApi.as_view()),
    path(T + "teams/rounds/<int:number>/seat/", teams.TeamSeatingApi.as_view()),
]
