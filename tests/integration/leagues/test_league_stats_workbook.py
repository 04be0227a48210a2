"""The league workbook's Statistics sheet: every player's figures over the
season and its biggest hands, a block per rule set, headers in the
reader's language (issue 29)."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.test import Client
from openpyxl import load_workbook

from leagues.selectors.stats import get_league_stats
from leagues.selectors.visibility import EVERYTHING
from tests.integration.leagues.data import get_workbook
from tests.integration.leagues.stats_data import mixed_league

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def rows_of(client, league):
    response = get_workbook(client, f"/leagues/{league.slug}/workbook.xlsx")
    assert response.status_code == 200
    book = load_workbook(BytesIO(response.content))
    return book.sheetnames, list(book[book.sheetnames[-1]].iter_rows(values_only=True))


def test_the_sheet_has_each_rule_sets_players_and_biggest_hands(client, organiser):
    league, events = mixed_league(organiser, is_public=True)
    names, rows = rows_of(client, league)
    assert names[-1] == "Statistics"
    assert rows[0][0] == "Mahjong Competition Rules (MCR)"
    header = rows[1]
    assert header[0] == "Player" and "Win rate" in header
    found = get_league_stats(league, audience=EVERYTHING)
    mcr = found.blocks[0].event
    players = rows[2 : 2 + len(mcr.players)]
    assert sorted(row[0] for row in players) == sorted(
        found.players[p].name for p in mcr.players
    )
    # Values are the exact figures as numbers: hands and the win rate.
    by_name = {found.players[p].name: s for p, s in mcr.players.items()}
    column = header.index("Win rate")
    for row in players:
        figures = by_name[row[0]].figures
        assert row[1] == figures["hands"].value
        assert row[column] == pytest.approx(float(figures["win_rate"].value))
    # Each block's biggest hands name their event.
    titles = [row[0] for row in rows if row and row[0] == "Biggest hands"]
    assert len(titles) == 3
    start = rows.index(next(r for r in rows if r[0] == "Biggest hands"))
    first_hand = rows[start + 2]
    assert first_hand[1] in {t.name for t in events["mcr"]}
    assert "Riichi rate" not in header  # a figure MCR cannot know: no column
    assert "Riichi (Japanese)" in [row[0] for row in rows]


def test_the_headers_in_french(organiser):
    league, _events = mixed_league(organiser, is_public=True)
    _names, rows = rows_of(Client(HTTP_ACCEPT_LANGUAGE="fr"), league)
    assert rows[1][0] == "Joueur"
    hands_header = next(r for r in rows if r and r[0] == "Date")
    assert "Valeur de la main" in hands_header


def test_a_private_night_is_not_in_the_publics_sheet(client, organiser):
    league, events = mixed_league(organiser, is_public=True)
    riichi = events["riichi"][0]
    riichi.is_public = False
    riichi.save()
    _names, rows = rows_of(client, league)
    firsts = [row[0] for row in rows]
    assert "Riichi (Japanese)" not in firsts
    assert "Mahjong Competition Rules (MCR)" in firsts
