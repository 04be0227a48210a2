"""The sets on the tablet in the words of french-classic.md: a concealed
run, three or four of a kind is a suite, a brelan, a carré; made with a
discard it is a chow, a pung, a kong. The French sheet never says "Brelan
(cachée)" (a brelan is concealed already, and masculine)."""

from __future__ import annotations

import json

import pytest

from tests.factories import TournamentFactory, player_ids, seated_table

pytestmark = pytest.mark.django_db

SETS = [
    {"kind": "pair", "tiles": "11z", "concealed": False},
    {"kind": "pung", "tiles": "222z", "concealed": False},
    {"kind": "pung", "tiles": "444m", "concealed": True},
    {"kind": "chow", "tiles": "123p", "concealed": True},
    {"kind": "kong", "tiles": "7777s", "concealed": True},
]


def preview(client, language):
    table = seated_table(TournamentFactory(ruleset="french_simple"))
    client.cookies["django_language"] = language
    east, south, west, north = player_ids(table)
    data = {"kind": "discard", "winner": north, "dominant_wind": "S",
            "hands": json.dumps({str(north): {"sets": SETS}})}  # fmt: skip
    url = f"/table/{table.token}/hands/preview/"
    page = client.get(f"/table/{table.token}/").content.decode()
    return page, client.post(url, data).content.decode()


def lines_of(partial):
    start = partial.index('data-preview-seat="3"')
    return [
        item.split("<", 1)[0].strip()
        for item in partial[start:].split("<li>")[1 : len(SETS) + 1]
    ]


def test_the_french_sheet_uses_the_words_of_the_rule_document(client):
    page, partial = preview(client, "fr")
    assert lines_of(partial) == ["Paire", "Pung", "Brelan", "Suite", "Carré"]
    assert "(cachée)" not in partial
    assert 'data-l-pung-concealed="Brelan"' in page
    assert 'data-l-kong="Kong"' in page


def test_the_english_sheet_says_concealed(client):
    _page, partial = preview(client, "en")
    assert lines_of(partial) == [
        "Pair", "Pung", "Concealed pung", "Concealed chow", "Concealed kong",
    ]  # fmt: skip
