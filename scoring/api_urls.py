"""API routes of the scoring app, mounted under ``/api/``."""

from django.urls import path

from scoring.api import FanCalculatorApi

urlpatterns = [
    path("mcr/fans", FanCalculatorApi.as_view(), name="mcr-fans"),
]
