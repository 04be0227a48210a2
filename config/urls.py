from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("tournaments.api.urls")),
    path("api/", include("scoring.api_urls")),
    path("api/", include("tournaments.api.urls_exports")),
    path("api/", include("leagues.api.urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("staff/", include("tournaments.urls.staff")),
    path("table/", include("tournaments.urls.referee")),
    path("", include("leagues.urls")),
    path("", include("scoring.urls")),
    path("", include("tournaments.urls.exports")),
    path("", include("tournaments.urls.public")),
]

handler404 = "tournaments.api.errors.api_not_found"
handler500 = "config.middleware.server_error"
