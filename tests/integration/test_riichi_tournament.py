"""Issue 12's "done when": a riichi tournament of 16 players and 4 hanchans
runs from the tablets (the API they share) to the spreadsheet, every number
as riichi.md gives it.

Rounds 1 and 3 play the whole hanchan of ``riichi_games`` at every table,
rounds 2 and 4 one hand before time is called; each table's final scores
are worked out by hand in ``riichi_games``, so a player's total is the sum
of the figures of the seats they held."""

from __future__ import annotations

import io
from datetime import date

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import (
    RegistrationFactory,
    TournamentFactory,
    player_ids,
    seated_table,
)
from tests.integration.export_data import seat_table
from tests.integration.riichi_games import (
    HANCHAN_BALANCE,
    HANCHAN_FINAL,
    SHORT_BALANCE,
    SHORT_FINAL,
    hanchan,
    short_game,
)
from tournaments.models import Round
from tournaments.selectors.standings import get_standings
from tournaments.services import exports, setup

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

#: Who sits where: round -> tables -> player indexes in seat order (East
#: first); every player once a round.
PLANS = [
    [[4 * t + s for s in range(4)] for t in range(4)],
    [[t + 4 * s for s in range(4)] for t in range(4)],
    [[4 * s + (t + s) % 4 for s in range(4)] for t in range(4)],
    [[12 + (t + 1) % 4, 8 + (t + 3) % 4, 4 + (t + 2) % 4, t] for t in range(4)],
]
#: Each player's final scores summed over the four rounds, from the seats
#: in PLANS and the hand-computed figures (e.g. player 15: R1 North of table
#: 4, +43; R2 North of table 4, -10; R3 North of table 1, +43; R4 East of
#: table 3, 0: 76).
EXPECTED_TOTALS = [10, -18, -35, 43, 2, -26, -43, 35, -15, -43, -60, 18, 43, 15, -2, 76]
EXPECTED_BALANCES = [
    20_600, 2_100, -4_700, 23_200, 2_100, -16_400, -23_200, 4_700,
    -4_700, -23_200, -30_000, -2_100, 23_200, 4_700, -2_100, 25_800,
]  # fmt: skip


def test_the_plans_and_the_expected_totals_agree():
    """The expected totals are the seats' figures summed by hand: checked
    here with plain sums, without the engine."""
    totals, balances = [0] * 16, [0] * 16
    for number, plan in enumerate(PLANS):
        assert sorted(p for table in plan for p in table) == list(range(16))
        final, balance = (
            (HANCHAN_FINAL, HANCHAN_BALANCE) if number % 2 == 0
            else (SHORT_FINAL, SHORT_BALANCE)
        )  # fmt: skip
        for table in plan:
            for seat, player in enumerate(table):
                totals[player] += final[seat]
                balances[player] += balance[seat]
    assert totals == EXPECTED_TOTALS
    assert balances == EXPECTED_BALANCES
    assert sum(totals) == 0 and sum(balances) == 0


def play(api, table, game):
    for body, deltas in game:
        response = api.post(f"/api/tables/{table.pk}/hands/", body, format="json")
        assert response.status_code == 201, response.content
        assert tuple(response.json()["deltas"]) == deltas


def test_sixteen_players_four_hanchans_from_the_tablets_to_the_spreadsheet(
    api, organiser
):
    tournament = setup.create_tournament(
        name="Riichi Cup",
        actor=organiser,
        ruleset="riichi",
        rounds_count=4,
        city="Lyon",
        country="FRA",
        start_date=date(2026, 5, 2),
        end_date=date(2026, 5, 3),
    )
    registrations = [
        RegistrationFactory(tournament=tournament, number=n + 1) for n in range(16)
    ]
    for number, plan in enumerate(PLANS, start=1):
        round_ = tournament.rounds.get(number=number)
        round_.status = Round.Status.SEATED
        round_.save()
        for table_number, seats in enumerate(plan, start=1):
            players = [registrations[p] for p in seats]
            table = seat_table(round_, table_number, players)
            ids = [r.player_id for r in players]
            if number % 2:
                play(api, table, hanchan(*ids))
                body = {}  # the game ended by itself after South
            else:
                play(api, table, short_game(*ids))
                body = {"time_called": True}
            closed = api.post(f"/api/tables/{table.pk}/close/", body, format="json")
            assert closed.status_code == 200, closed.content
        setup.finish_round(round_id=round_.pk, actor=organiser)

    standings = get_standings(tournament)
    by_registration = {row.registration.pk: row for row in standings.rows}
    rows = [by_registration[r.pk] for r in registrations]
    assert [int(row.table_points) for row in rows] == EXPECTED_TOTALS
    assert [row.score for row in rows] == EXPECTED_BALANCES
    # Ranked by the final scores first.
    ranked = [int(row.table_points) for row in standings.rows]
    assert ranked == sorted(ranked, reverse=True)
    assert standings.rows[0].registration == registrations[15]  # 76
    assert standings.rows[-1].registration == registrations[10]  # -60

    _name, content = exports.build_export(
        tournament=tournament, kind="xlsx", language="en"
    )
    book = load_workbook(io.BytesIO(content))
    assert book.properties.subject == "Riichi"
    sheet = [list(row) for row in book["Standings"].iter_rows(values_only=True)]
    header = sheet[0]
    assert "Final score (uma included)" in header and "Point balance" in header
    assert "Table points" not in header
    column = header.index("Final score (uma included)")
    finals = [line[column] for line in sheet[1:]]
    assert finals == ranked
    ema = [list(row) for row in book["EMA"].iter_rows(values_only=True)]
    assert ema[2][15] == "Riichi"
    hands = [list(row) for row in book["Hands"].iter_rows(values_only=True)]
    assert "Han" in hands[0] and "Fan total" not in hands[0]
    # Two rounds of 14 hands and two of one, at four tables each.
    assert len(hands) - 1 == 4 * (14 + 1 + 14 + 1)


def test_the_public_pages_say_riichis_words(api, client, organiser):
    """The standings, the projector and a player's page call the figures
    riichi's final score and point balance, not MCR's table points."""
    tournament = TournamentFactory(ruleset="riichi")
    tournament.organisers.add(organiser)
    table = seated_table(tournament)
    play(api, table, short_game(*player_ids(table)))
    closed = api.post(f"/api/tables/{table.pk}/close/", {"time_called": True})
    assert closed.status_code == 200
    number = table.seats.first().registration.number
    pages = [
        reverse("public:standings", args=[tournament.slug]),
        reverse("public:player", args=[tournament.slug, number]),
    ]
    for url in pages:
        page = client.get(url).content.decode()
        assert "Final score (uma included)" in page and "Point balance" in page
        assert ">Table points<" not in page
