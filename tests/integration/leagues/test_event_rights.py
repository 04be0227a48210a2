"""A league's organiser manages its events only as far as they organise
each event's tournament: a co-organiser of the league neither opens nor
seats another organiser's private tournament counted in it."""

from __future__ import annotations

import pytest

from leagues.services.leagues import add_event
from tests.factories import RegistrationFactory, TournamentFactory, organiser_account
from tests.integration.leagues.data import make_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared(organiser):
    """A public league of ``organiser`` and B; ``organiser`` counts their
    own private tournament (eight players) in it."""
    league = make_league(organiser, is_public=True)
    other = organiser_account(username="b")
    league.organisers.add(other)
    tournament = TournamentFactory(name="Owner's cup", is_public=False)
    tournament.organisers.add(organiser)
    for _ in range(8):
        RegistrationFactory(tournament=tournament)
    event = add_event(league=league, tournament=tournament, actor=organiser)
    return league, event, other


def test_a_co_organiser_cannot_open_another_organisers_tournament(client, shared):
    league, event, other = shared
    client.force_login(other)
    page = client.get(f"/manage/leagues/{league.slug}/nights/{event.pk}/")
    assert page.status_code == 404
    assert (
        "Owner's cup"
        not in client.get(f"/manage/leagues/{league.slug}/").content.decode()
    )


def test_a_co_organiser_cannot_seed_another_organisers_tournament(client, api, shared):
    league, event, other = shared
    client.force_login(other)
    client.post(
        f"/manage/leagues/{league.slug}/", {"action": "seed", "event": event.pk}
    )
    api.force_authenticate(other)
    response = api.post(f"/api/leagues/{league.slug}/events/{event.pk}/seed/")
    assert response.status_code == 404
    assert not event.tournament.rounds.filter(status="seated").exists()


def test_the_tournaments_organiser_still_seeds_it(api, organiser, shared):
    league, event, _other = shared
    response = api.post(f"/api/leagues/{league.slug}/events/{event.pk}/seed/")
    assert response.status_code == 200
