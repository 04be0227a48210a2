"""Riichi's chombo as a penalty: the EMA fixed deduction (20,000 points under
the "ema" preset) entered on the tablet or through the API comes off the
offender's final score only, after the table is settled.

The game (the "ema" preset: 30,000 start and return, uma +15/+5/-5/-15):
North rons West, 3 han 30 fu (3,900): points held East 30,000, South
30,000, West 26,100, North 33,900; then North's chombo. Rounded 30, 30, 26,
34, minus 30: 0, 0, -4, and North (top) +4. Places: North, East, South (tied
with East, sat later), West. Uma: East 5, South -5, West -19, North 19; then
North loses 20: -1. Had the 20,000 been taken from the points held, North
(13,900) would have been last.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.engine.riichi import RIICHI
from tests.factories import TournamentFactory, player_ids, seated_table
from tournaments.models import Penalty

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organiser):
    tournament = TournamentFactory(
        ruleset="riichi", ruleset_options=dict(RIICHI.option_presets()["ema"])
    )
    tournament.organisers.add(organiser)
    return seated_table(tournament)


def play_the_hand(api, table):
    east, south, west, north = player_ids(table)
    body = {"kind": "discard", "winner": north, "discarder": west, "han": 3, "fu": 30}
    response = api.post(f"/api/tables/{table.pk}/hands/", body, format="json")
    assert response.status_code == 201, response.content


def finals(api, table):
    sheet = api.get(f"/api/tables/{table.pk}/").json()
    by_player = {seat["player"]: seat for seat in sheet["seats"]}
    seats = [by_player[player] for player in player_ids(table)]
    return (
        [seat["score"] for seat in seats],
        [seat["rank"] for seat in seats],
        [seat["table_points"] for seat in seats],
    )


def test_a_chombo_penalty_on_the_tablet_comes_off_the_final_score(api, client, table):
    play_the_hand(api, table)
    north = player_ids(table)[3]
    url = reverse("referee:penalty-create", kwargs={"token": table.token})
    response = client.post(url, {"player": north, "kind": "chombo"})
    assert response.status_code == 302, response.content.decode()[:2000]
    penalty = Penalty.objects.get(table=table)
    assert (penalty.kind, penalty.points) == ("chombo", 20_000)
    assert penalty.deltas == [0, 0, 0, -20_000]
    scores, ranks, points = finals(api, table)
    assert scores == [0, 0, -3_900, -16_100]
    assert ranks == [2, 3, 4, 1]
    assert points == ["5", "-5", "-19", "-1"]


def test_a_chombo_penalty_through_the_api(api, table):
    play_the_hand(api, table)
    north = player_ids(table)[3]
    response = api.post(
        f"/api/tables/{table.pk}/penalties/",
        {"player": north, "kind": "chombo", "points": 20_000, "reason": "false ron"},
        format="json",
    )
    assert response.status_code == 201, response.content
    scores, ranks, points = finals(api, table)
    assert ranks == [2, 3, 4, 1]
    assert points == ["5", "-5", "-19", "-1"]


def test_a_chombo_penalty_is_whole_thousands(api, table):
    north = player_ids(table)[3]
    response = api.post(
        f"/api/tables/{table.pk}/penalties/",
        {"player": north, "kind": "chombo", "points": 1_500},
        format="json",
    )
    assert response.status_code == 422
    assert "1500 is not a multiple of 1000" in response.content.decode()
    assert not Penalty.objects.exists()


def test_the_tablet_offers_the_chombo_penalty_at_a_riichi_table_only(
    client, table, organiser
):
    page = client.get(f"/table/{table.token}/").content.decode()
    assert '<option value="chombo">' in page
    mcr = TournamentFactory(ruleset="mcr")
    mcr.organisers.add(organiser)
    other = seated_table(mcr)
    page = client.get(f"/table/{other.token}/").content.decode()
    assert 'value="chombo"' not in page


@pytest.mark.parametrize("ruleset", ["french_simple", "encyclopaedia"])
def test_the_french_tablets_offer_only_the_referee_penalty(client, organiser, ruleset):
    """French rules price only a referee penalty: neither False Hu nor chombo
    is offered (each was refused once chosen)."""
    tournament = TournamentFactory(ruleset=ruleset)
    tournament.organisers.add(organiser)
    other = seated_table(tournament)
    page = client.get(f"/table/{other.token}/").content.decode()
    assert '<option value="referee">' in page
    assert 'value="chombo"' not in page and 'value="false_hu"' not in page
