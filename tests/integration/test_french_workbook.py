"""The workbook of a French classic or family tournament speaks its rules'
words (issue 13): each player's hand score under a title that says so, not
MCR's "fans"; the hand's wind is the round wind ("vent du tour"), the
dominant wind being another; in the simple system and the family scoring
nobody pays, so the per-player figures are points, not payments."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from tests.factories import TournamentFactory, player_ids, seated_table
from tournaments.services import exports
from tournaments.services import hands as hand_services

pytestmark = pytest.mark.django_db


def hands_sheet(organiser, ruleset, language):
    tournament = TournamentFactory(ruleset=ruleset)
    table = seated_table(tournament)
    east, south, west, north = player_ids(table)
    scores = {str(east): 10, str(south): 60, str(west): 0, str(north): 4}
    result = {"kind": "self_draw", "scores": scores}
    if ruleset == "encyclopaedia":
        result["finish"] = {str(south): 1}
    else:
        result.update(winner=south, dominant_wind="W")
    hand_services.record_hand(table_id=table.pk, result=result, actor=organiser)
    _name, content = exports.build_export(
        tournament=tournament, kind="xlsx", language=language
    )
    book = load_workbook(io.BytesIO(content))
    return list(book.worksheets[3].iter_rows(values_only=True))


@pytest.mark.parametrize(
    "ruleset", ["french_simple", "french_advanced", "encyclopaedia"]
)
def test_the_hands_sheet_titles_say_hand_scores_not_fans(organiser, ruleset):
    header, row = hands_sheet(organiser, ruleset, "fr")[:2]
    assert "Fans" not in header and "Total des fans" not in header
    assert "Vent dominant" not in header
    assert row[6] == 60
    english = hands_sheet(organiser, ruleset, "en")[0]
    assert "Fans" not in english and "Fan total" not in english
    assert "Prevalent wind" not in english


@pytest.mark.parametrize("ruleset", ["french_simple", "encyclopaedia"])
def test_nobody_pays_in_the_simple_system_and_the_family_scoring(organiser, ruleset):
    header = hands_sheet(organiser, ruleset, "en")[0]
    assert not any(str(title).startswith("Payment") for title in header)
