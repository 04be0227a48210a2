"""The admin cannot change a stored score: hands, penalties, results, tables."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory, seated_table
from tests.integration.room_data import win
from tournaments.models import Hand, Penalty, SeatResult
from tournaments.services import penalties

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def played_table():
    table = seated_table()
    win(table, winner=0, discarder=1, fan_total=12)
    player = table.seats.first().registration.player_id
    penalties.add_penalty(
        table_id=table.pk, player_id=player, kind="referee", points=10, actor=None
    )
    return table


def change_url(obj) -> str:
    meta = obj._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])


def test_admin_post_cannot_change_a_hand(admin_client, played_table):
    """The change form is view-only: a POST is refused, the hand stays."""
    hand = Hand.objects.get()
    response = admin_client.post(change_url(hand), {"fan_total": 88, "kind": "draw"})
    assert response.status_code == 403
    hand.refresh_from_db()
    assert hand.result["fan_total"] == 12
    assert hand.kind == "discard"


def test_admin_post_cannot_change_a_seat_result(admin_client, played_table):
    result = SeatResult.objects.order_by("-score").first()
    before = (result.score, result.rank, result.table_points_x12)
    response = admin_client.post(change_url(result), {"score": 9999, "rank": 4})
    assert response.status_code == 403
    result.refresh_from_db()
    assert (result.score, result.rank, result.table_points_x12) == before


def test_admin_post_cannot_change_a_penalty(admin_client, played_table):
    penalty = Penalty.objects.get()
    response = admin_client.post(change_url(penalty), {"points": 0})
    assert response.status_code == 403
    penalty.refresh_from_db()
    assert penalty.points == 10


@pytest.mark.parametrize("model", [Hand, Penalty, SeatResult])
def test_admin_cannot_add_or_delete_scores(admin_client, played_table, model):
    meta = model._meta
    add = reverse(f"admin:{meta.app_label}_{meta.model_name}_add")
    assert admin_client.get(add).status_code == 403
    obj = model.objects.first()
    delete = reverse(f"admin:{meta.app_label}_{meta.model_name}_delete", args=[obj.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=obj.pk).exists()


def test_admin_score_pages_point_to_the_services(admin_client, played_table):
    """The read-only view says where scores are changed."""
    response = admin_client.get(change_url(Hand.objects.get()))
    assert response.status_code == 200
    assert "tablet page" in response.content.decode()


def test_admin_cannot_close_a_table(admin_client, played_table):
    """is_closed, time_called and version are read-only on the table form."""
    response = admin_client.get(change_url(played_table))
    form = response.context["adminform"].form
    for name in ("is_closed", "time_called", "version"):
        assert name not in form.fields
