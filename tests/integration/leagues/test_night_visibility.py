"""A club night takes its league's visibility: publishing a league that
began private publishes the nights already played (their results pages,
the players' careers), and the change is audited on each night."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.services.leagues import update_league
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import AuditEvent, Player

pytestmark = pytest.mark.django_db


def test_publishing_the_league_publishes_its_nights(client, organiser):
    league = make_league(organiser, is_public=False)
    event = night(league, organiser, date(2026, 1, 8), ["Ann A, Bob B, Cy C, Dee D"])
    play(tables_of(event)[0], winner=0, discarder=1)
    ann = Player.objects.get(last_name="A")
    assert client.get(f"/leagues/{league.slug}/").status_code == 404
    assert "Club" not in client.get(f"/players/{ann.pk}/").content.decode()
    update_league(league_id=league.pk, actor=organiser, is_public=True)
    event.tournament.refresh_from_db()
    assert event.tournament.is_public
    assert client.get(f"/leagues/{league.slug}/").status_code == 200
    career = client.get(f"/players/{ann.pk}/").content.decode()
    assert event.tournament.name in career
    assert AuditEvent.objects.filter(
        tournament=event.tournament, action="tournament.update"
    ).exists()
    update_league(league_id=league.pk, actor=organiser, is_public=False)
    event.tournament.refresh_from_db()
    assert not event.tournament.is_public


def test_a_tournament_counted_in_the_league_keeps_its_own_visibility(organiser):
    from leagues.services.leagues import add_event
    from tests.factories import TournamentFactory

    league = make_league(organiser, is_public=False)
    open_ = TournamentFactory(is_public=False)
    add_event(league=league, tournament=open_, actor=organiser)
    update_league(league_id=league.pk, actor=organiser, is_public=True)
    open_.refresh_from_db()
    assert not open_.is_public
