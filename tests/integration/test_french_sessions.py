"""French classic sessions through the services (issue 13): the deal's
East over a whole 16-hand game, the round wind by hand number, the session
end, and the workbook carrying every player's hand scores."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from tests.factories import TournamentFactory, player_ids, seated_table
from tournaments.models import Hand
from tournaments.services import exports
from tournaments.services import hands as hand_services
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db

# Who goes Mah-Jong in each of the 16 hands, by starting seat (None: nobody).
WINNERS = [0, 0, 1, None, 3, 2, 2, 0, 1, 3, None, 0, 2, 1, 1, 3]


def record(table, organiser, winner, players, number):
    scores = {str(p): 10 * (seat + 1) + number for seat, p in enumerate(players)}
    result = {"kind": "draw" if winner is None else "self_draw",
              "dominant_wind": "E", "scores": scores}  # fmt: skip
    if winner is not None:
        result["winner"] = players[winner]
    hand, _created = hand_services.record_hand(
        table_id=table.pk, result=result, actor=organiser
    )
    return hand


def expected_deals(draw_rotates: bool):
    """East's seat in each hand, by the rules: East stays on an East win
    (and on a draw when draws do not rotate), else the winds rotate."""
    dealer, dealers = 0, []
    for winner in WINNERS:
        dealers.append(dealer)
        stays = (winner == dealer) if winner is not None else not draw_rotates
        dealer = dealer if stays else (dealer + 1) % 4
    return dealers


@pytest.mark.parametrize("draw_rotates", [True, False])
def test_the_deal_over_a_whole_16_hand_game(organiser, draw_rotates):
    tournament = TournamentFactory(
        ruleset="french_advanced", ruleset_options={"draw_rotates": draw_rotates}
    )
    table = seated_table(tournament)
    players = player_ids(table)
    for number, winner in enumerate(WINNERS, start=1):
        record(table, organiser, winner, players, number)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [h.seat_winds.index("E") for h in hands] == expected_deals(draw_rotates)
    # The round wind follows the hand number: E for 1-4, S 5-8, W 9-12, N 13-16.
    assert "".join(h.prevalent_wind for h in hands) == "EEEESSSSWWWWNNNN"
    # The advanced system settles: every hand sums to zero.
    assert all(sum(h.deltas) == 0 for h in hands)
    # The session is over after 16 hands.
    with pytest.raises(ServiceError) as caught:
        record(table, organiser, 0, players, 17)
    assert caught.value.code == "session_over"
    hand_services.close_table(table_id=table.pk, actor=organiser)


def test_the_workbook_carries_every_players_hand_scores(organiser):
    tournament = TournamentFactory(ruleset="french_simple")
    table = seated_table(tournament)
    players = player_ids(table)
    record(table, organiser, 3, players, 1)
    _name, content = exports.build_export(
        tournament=tournament, kind="xlsx", language="en"
    )
    rows = list(load_workbook(io.BytesIO(content))["Hands"].iter_rows(values_only=True))
    first = rows[1]
    # North won with 41; typed scores are final (East's double included).
    assert first[6] == 41
    assert [int(part.rsplit(" ", 1)[1]) for part in first[7].split("; ")] == [
        11,
        21,
        31,
        41,
    ]
    assert list(first[9:16:2]) == [11, 21, 31, 41]
