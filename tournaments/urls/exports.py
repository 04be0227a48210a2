"""Spreadsheet URLs: public standings files under /t/, the organiser's exports
and the player import under /staff/. Mounted at "" in ``config/urls.py``."""

from django.urls import path

from tournaments.views import exports as views

app_name = "exports"

STAFF = "staff/<slug:slug>/"

urlpatterns = [
    path(
        "t/<slug:slug>/standings.xlsx",
        views.StandingsXlsxView.as_view(),
        name="standings-xlsx",
    ),
    path(
        "t/<slug:slug>/standings.csv",
        views.StandingsCsvView.as_view(),
        name="standings-csv",
    ),
    path(STAFF + "exports/", views.ExportListView.as_view(), name="list"),
    path(
        STAFF + "exports/<int:pk>/progress/",
        views.ExportProgressView.as_view(),
        name="progress",
    ),
    path(
        STAFF + "exports/<int:pk>/download/",
        views.ExportDownloadView.as_view(),
        name="download",
    ),
    path(STAFF + "import/", views.ImportView.as_view(), name="import"),
    path(
        STAFF + "import/confirm/",
        views.ImportConfirmView.as_view(),
        name="import-confirm",
    ),
    path(
        STAFF + "import/example.csv",
        views.ImportExampleView.as_view(),
        name="import-example",
    ),
]
