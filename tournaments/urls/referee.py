"""The tablet pages of a table, reached through its secret link."""

from django.urls import path

from tournaments.views import clock as clock_views
from tournaments.views import hand_builder, referee_hands
from tournaments.views import referee as views

app_name = "referee"

urlpatterns = [
    path("sw.js", views.service_worker, name="service-worker"),
    path("<str:token>/state/", views.TableStateView.as_view(), name="table-state"),
    path(
        "<str:token>/tiles/preview/",
        views.TilesPreviewView.as_view(),
        name="tiles-preview",
    ),
    path(
        "<str:token>/hands/preview/",
        hand_builder.HandsPreviewView.as_view(),
        name="hands-preview",
    ),
    path("<str:token>/", views.TableView.as_view(), name="table"),
    path("<str:token>/hands/", views.HandCreateView.as_view(), name="hand-create"),
    path(
        "<str:token>/hands/<int:pk>/",
        referee_hands.HandCorrectView.as_view(),
        name="hand-correct",
    ),
    path(
        "<str:token>/hands/<int:pk>/delete/",
        referee_hands.HandDeleteView.as_view(),
        name="hand-delete",
    ),
    path(
        "<str:token>/hands/<int:pk>/confirm/",
        referee_hands.HandConfirmView.as_view(),
        name="hand-confirm",
    ),
    path(
        "<str:token>/penalties/",
        views.PenaltyCreateView.as_view(),
        name="penalty-create",
    ),
    path(
        "<str:token>/penalties/<int:pk>/delete/",
        views.PenaltyDeleteView.as_view(),
        name="penalty-delete",
    ),
    path("<str:token>/close/", views.TableCloseView.as_view(), name="table-close"),
    path(
        "<str:token>/confirm/", views.TableConfirmView.as_view(), name="table-confirm"
    ),
    path(
        "<str:token>/clock/", clock_views.TableClockView.as_view(), name="table-clock"
    ),
]
