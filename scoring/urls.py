"""Public pages of the scoring app, mounted at the site root."""

from django.urls import path

from scoring.views import FanCalculatorView

app_name = "scoring"
urlpatterns = [
    path("mcr/fans/", FanCalculatorView.as_view(), name="calculator"),
]
