"""Played events for the archive's database tests."""

from __future__ import annotations

import pytest

from tests.factories import TournamentFactory, player_ids, seated_table
from tests.integration.export_data import played_tournament
from tournaments.services import hands as hand_services


@pytest.fixture
def played(tournament, organiser):
    """The export tests' event: two rounds finished, wins, washouts, a
    calculator breakdown, penalties, accented and formula-like names."""
    return played_tournament(tournament, organiser)


# Who goes Mah-Jong in each hand of the French session, by starting seat.
FRENCH_WINNERS = [0, 0, 1, None, 3, 2, 2, 0]


@pytest.fixture
def french_event(organiser):
    """A French classic (advanced scoring) table, eight hands, closed."""
    tournament = TournamentFactory(
        ruleset="french_advanced", ruleset_options={"draw_rotates": True}
    )
    tournament.organisers.add(organiser)
    table = seated_table(tournament)
    players = player_ids(table)
    for number, winner in enumerate(FRENCH_WINNERS, start=1):
        scores = {str(p): 10 * (seat + 1) + number for seat, p in enumerate(players)}
        result = {"kind": "draw" if winner is None else "self_draw",
                  "dominant_wind": "E", "scores": scores}  # fmt: skip
        if winner is not None:
            result["winner"] = players[winner]
        hand_services.record_hand(table_id=table.pk, result=result, actor=organiser)
    hand_services.close_table(table_id=table.pk, actor=organiser, time_called=True)
    return tournament
