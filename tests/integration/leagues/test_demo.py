"""The demo leagues a newcomer sees after ``make run``: built through the
services, nights played and finished, the demo tournament counted."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from leagues.models import League, LeagueEvent
from tournaments.models import Hand, Tournament

# The demo seats through a job enqueued on commit: real commits are needed.
pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_leagues_hold_played_nights_and_the_demo_tournament(client):
    call_command("load_demo")
    call_command("load_league_demo")
    call_command("load_league_demo")  # a second run keeps them as they are
    assert League.objects.filter(slug__startswith="demo-").count() == 2
    club = League.objects.get(slug="demo-club")
    family = League.objects.get(slug="demo-famille")
    nights = LeagueEvent.objects.filter(league=club, kind=LeagueEvent.Kind.NIGHT)
    assert nights.count() == 3
    assert club.events.filter(tournament__slug="demo-open").exists()
    for event in nights:
        assert event.tournament.status == Tournament.Status.FINISHED
        assert Hand.objects.filter(table__round__tournament=event.tournament).count()
    night = family.events.get().tournament
    assert night.ruleset == "french_simple"
    # Every French hand stores each player's typed score.
    hand = Hand.objects.filter(table__round__tournament=night).first()
    assert len(hand.result["scores"]) == 4
    page = client.get("/leagues/demo-club/").content.decode()
    assert "Muraille Demo Club Season" in page
    assert client.get("/leagues/demo-famille/").status_code == 200
