"""The project's URLs plus the spreadsheet URLs, until config/urls.py mounts them."""

from django.urls import include, path

from config.urls import urlpatterns as project_urls

urlpatterns = [
    path("api/", include("tournaments.api.urls_exports")),
    path("", include("tournaments.urls.exports")),
    *project_urls,
]
