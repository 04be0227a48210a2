"""The tablet's heading of a French classic hand: the round wind is the
"vent du tour" (french-classic.md, Words), not the "vent dominant" that the
players choose below it for each hand; it is shown only where the round
wind is played (a game of 16 hands), and never for the family scoring."""

from __future__ import annotations

import pytest

from tests.factories import TournamentFactory, seated_table

pytestmark = pytest.mark.django_db


def heading(client, ruleset, language, **options):
    table = seated_table(TournamentFactory(ruleset=ruleset, ruleset_options=options))
    client.cookies["django_language"] = language
    page = client.get(f"/table/{table.token}/").content.decode()
    start = page.index('id="new-hand"')
    return page[page.index("<h2>", start) + 4 : page.index("</h2>", start)].strip()


def test_a_16_hand_french_game_names_the_round_wind_vent_du_tour(client):
    assert heading(client, "french_simple", "fr") == "Main 1 · vent du tour : Est"
    assert heading(client, "french_advanced", "en") == "Hand 1 · round wind East"


def test_no_round_wind_where_none_is_played(client):
    assert heading(client, "french_simple", "fr", hands_per_session=8) == "Main 1"
    assert heading(client, "french_simple", "en", round_wind=False) == "Hand 1"
    assert heading(client, "encyclopaedia", "fr") == "Main 1"


def test_mcr_keeps_its_prevalent_wind(client):
    assert heading(client, "mcr", "en") == "Hand 1 · East round"
