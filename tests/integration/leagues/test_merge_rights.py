"""A merge needs the right over every event of both players (or the
admin), and shows whether the two names are alike: unlike names are merged
only when the organiser confirms it (``different_names``)."""

from __future__ import annotations

import pytest

from leagues.services.merges import merge_players
from tests.factories import (
    PlayerFactory,
    RegistrationFactory,
    TournamentFactory,
    UserFactory,
    organiser_account,
)
from tournaments.models import Player
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def player_of(organiser, first, last, public=False):
    tournament = TournamentFactory(is_public=public)
    tournament.organisers.add(organiser)
    player = PlayerFactory(first_name=first, last_name=last)
    RegistrationFactory(tournament=tournament, player=player)
    return player


def test_another_organiser_cannot_merge_a_player_of_a_private_event(api, organiser):
    """Organiser B merging A's private player into B's own: 403, nothing moves
    (the finding: 200, and A's standings named B's player)."""
    other = organiser_account(username="b")
    mine = player_of(organiser, "Ann", "Lee")
    theirs = player_of(other, "Ann", "Lee")
    api.force_authenticate(other)
    response = api.post(
        "/api/players/merge/", {"keep": theirs.pk, "drop": mine.pk}, format="json"
    )
    assert response.status_code == 403
    assert Player.objects.filter(pk=mine.pk).exists()


def test_the_merge_page_refuses_another_organiser(client, organiser):
    other = organiser_account(username="b")
    mine = player_of(organiser, "Ann", "Lee")
    theirs = player_of(other, "Ann", "Lee")
    client.force_login(other)
    url = "/manage/players/merge/"
    page = client.get(f"{url}?keep={theirs.pk}&drop={mine.pk}")
    assert page.status_code == 403
    response = client.post(url, {"keep": theirs.pk, "drop": mine.pk})
    assert response.status_code == 403
    assert Player.objects.filter(pk=mine.pk).exists()


def test_an_organiser_of_every_event_of_both_merges(api, organiser):
    keep = player_of(organiser, "Ann", "Lee")
    drop = player_of(organiser, "ann", "LEE")
    response = api.post(
        "/api/players/merge/", {"keep": keep.pk, "drop": drop.pk}, format="json"
    )
    assert response.status_code == 200
    assert not Player.objects.filter(pk=drop.pk).exists()


def test_the_admin_merges_any_two(api, organiser):
    admin = UserFactory(username="admin", is_superuser=True, is_staff=True)
    keep = player_of(organiser, "Ann", "Lee")
    drop = player_of(organiser_account(username="b"), "Ann", "Lee")
    api.force_authenticate(admin)
    response = api.post(
        "/api/players/merge/", {"keep": keep.pk, "drop": drop.pk}, format="json"
    )
    assert response.status_code == 200


def test_unlike_names_need_a_confirmation(api, organiser):
    """ "Ann Lee" and "Bob Stone": 400 naming the likeness, then merged once
    the organiser says the names differ on purpose."""
    keep = player_of(organiser, "Ann", "Lee")
    drop = player_of(organiser, "Bob", "Stone")
    body = {"keep": keep.pk, "drop": drop.pk}
    response = api.post("/api/players/merge/", body, format="json")
    assert response.status_code == 422
    assert response.json()["error"] == "merge_unlike_names"
    assert response.json()["field"] == "different_names"
    body["different_names"] = True
    assert api.post("/api/players/merge/", body, format="json").status_code == 200


def test_the_service_refuses_unlike_names_without_confirmation(organiser):
    keep = player_of(organiser, "Ann", "Lee")
    drop = player_of(organiser, "Bob", "Stone")
    with pytest.raises(ServiceError) as refused:
        merge_players(keep_id=keep.pk, drop_id=drop.pk, actor=organiser)
    assert refused.value.code == "merge_unlike_names"


def test_the_merge_page_shows_the_likeness(client, organiser):
    keep = player_of(organiser, "Ann", "Lee")
    drop = player_of(organiser, "Bob", "Stone")
    client.force_login(organiser)
    page = client.get(f"/manage/players/merge/?keep={keep.pk}&drop={drop.pk}")
    assert page.status_code == 200
    assert page.context["alike"] is False
    assert 'name="different_names"' in page.content.decode()
    response = client.post("/manage/players/merge/", {"keep": keep.pk, "drop": drop.pk})
    assert response.status_code == 400
    assert Player.objects.filter(pk=drop.pk).exists()
    response = client.post(
        "/manage/players/merge/",
        {"keep": keep.pk, "drop": drop.pk, "different_names": "on"},
    )
    assert response.status_code == 302
    assert not Player.objects.filter(pk=drop.pk).exists()


def test_duplicates_list_only_players_the_organiser_may_see(client, organiser):
    """Another organiser's private players are not listed to B."""
    player_of(organiser, "Ann", "Lee")
    player_of(organiser, "Ann", "Lee")
    client.force_login(organiser_account(username="b"))
    assert "Ann Lee" not in client.get("/manage/players/").content.decode()
    assert client.get("/api/players/duplicates/").json() == []
    client.force_login(organiser)
    assert "Ann Lee" in client.get("/manage/players/").content.decode()
