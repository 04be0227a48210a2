"""API URLs of the spreadsheets; included under /api/ in ``config/urls.py``."""

from django.urls import path

from tournaments.api import exports

T = "tournaments/<slug:slug>/"

urlpatterns = [
    path(T + "standings.xlsx", exports.StandingsXlsxApi.as_view()),
    path(T + "standings.csv", exports.StandingsCsvApi.as_view()),
    path(T + "exports/", exports.ExportListApi.as_view()),
    path(T + "players/import/", exports.PlayerImportApi.as_view()),
    path(
        "exports/<int:export_id>/", exports.ExportDetailApi.as_view(), name="export-api"
    ),
    path(
        "exports/<int:export_id>/download",
        exports.ExportDownloadApi.as_view(),
        name="export-download-api",
    ),
]
