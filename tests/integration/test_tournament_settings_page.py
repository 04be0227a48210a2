"""The organiser's settings page: change a tournament after creating it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import seated_table
from tests.integration.page_factories import UserFactory, organised_table
from tournaments.models import AuditEvent, Tournament
from tournaments.selectors.exports import get_tournament_info
from tournaments.services import hands

pytestmark = pytest.mark.django_db


def settings_data(tournament: Tournament, **changes: object) -> dict[str, object]:
    """The form as the page fills it, with ``changes`` typed in."""
    data: dict[str, object] = {
        "name": tournament.name,
        "start_date": tournament.start_date or "",
        "end_date": tournament.end_date or "",
        "city": tournament.city,
        "country": tournament.country,
        "rounds_count": tournament.rounds_count,
        "session_minutes": tournament.session_minutes,
        "seating_mode": tournament.seating_mode,
        "mers_weight": tournament.mers_weight or "",
    }
    if tournament.is_public:
        data["is_public"] = "on"
    data.update(changes)
    return data


@pytest.fixture
def played(organiser):
    """A tournament whose first table has a hand stored."""
    table = organised_table(organiser)
    hands.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=organiser)
    return table.round.tournament


def test_settings_change_after_play_started_are_saved_and_audited(
    client, organiser, played
):
    """The MERS weight often arrives after the event: it can be set any time,
    and the EMA results sheet reads it."""
    client.force_login(organiser)
    url = reverse("staff:tournament-settings", args=[played.slug])
    page = client.get(url).content.decode()
    assert "MERS" in page and f'value="{played.name}"' in page
    response = client.post(
        url, settings_data(played, name="Open de Lyon", mers_weight="1.5")
    )
    assert response.status_code == 302
    played.refresh_from_db()
    assert (played.name, played.mers_weight) == ("Open de Lyon", Decimal("1.5"))
    assert get_tournament_info(played, players=4).mers_weight == Decimal("1.5")
    event = AuditEvent.objects.filter(action="tournament.update").latest("pk")
    assert event.after == {"name": "Open de Lyon", "mers_weight": "1.5"}


def test_a_negative_weight_is_refused_and_nothing_changes(client, organiser, played):
    client.force_login(organiser)
    response = client.post(
        reverse("staff:tournament-settings", args=[played.slug]),
        settings_data(played, name="Renamed", mers_weight="-1"),
        headers={"Accept-Language": "fr"},
    )
    assert response.status_code == 400
    assert "supérieure ou égale à 0" in response.content.decode()
    played.refresh_from_db()
    assert (played.name, played.mers_weight) == (Tournament.objects.get().name, None)
    assert played.name != "Renamed"


def test_rounds_that_have_tables_cannot_be_dropped(client, organiser, played):
    seated_table(played, round_number=2)
    client.force_login(organiser)
    response = client.post(
        reverse("staff:tournament-settings", args=[played.slug]),
        settings_data(played, rounds_count=1, name="Renamed"),
    )
    assert response.status_code == 400
    played.refresh_from_db()
    assert (played.name, played.rounds_count, played.rounds.count()) == (
        Tournament.objects.get().name,
        4,
        4,
    )
    assert played.name != "Renamed"


def test_only_its_organisers_open_the_settings(client, played):
    client.force_login(UserFactory())
    response = client.get(reverse("staff:tournament-settings", args=[played.slug]))
    assert response.status_code in (403, 404)
