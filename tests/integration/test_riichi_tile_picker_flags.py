"""Audit of the riichi tablet: the shared tile picker offers only the flags
the table's calculator reads."""

from __future__ import annotations

import pytest

from tests.factories import TournamentFactory, player_ids, seated_table

pytestmark = pytest.mark.django_db

LAST_OF_KIND = 'data-flag="last_of_kind"'


@pytest.mark.parametrize(("ruleset", "offered"), [("riichi", False), ("mcr", True)])
def test_last_of_its_kind_is_an_mcr_flag_only(client, ruleset, offered):
    """MCR's "last of its kind" means nothing in riichi, whose calculator
    refuses it: a riichi table does not offer it (an MCR table does), in
    either language, whichever table the picker was first drawn for."""
    for language in ("en", "fr"):
        for code in ("mcr", "riichi", ruleset):
            table = seated_table(TournamentFactory(ruleset=code))
            page = client.get(
                f"/table/{table.token}/", headers={"Accept-Language": language}
            ).content.decode()
        assert (LAST_OF_KIND in page) is offered


def test_a_closed_table_shows_the_points_each_ended_with(api, client, organiser):
    """B rons C (3,900), then A's riichi stick is left on the table when time
    is called: B, on top, ends with 29,900 (the default setting gives the
    sticks left to the top player); the others hold 24,000, 21,100, 25,000."""
    tournament = TournamentFactory(ruleset="riichi")
    tournament.organisers.add(organiser)
    table = seated_table(tournament)
    a, b, c, d = player_ids(table)
    for body in (
        {"kind": "discard", "winner": b, "discarder": c, "han": 3, "fu": 30},
        {"kind": "draw", "riichi": [a], "tenpai": [a]},
    ):
        response = api.post(f"/api/tables/{table.pk}/hands/", body, format="json")
        assert response.status_code == 201, response.content
    page = client.get(f"/table/{table.token}/").content.decode()
    assert ">28900<" in page  # still playing: the stick is on the table
    closed = api.post(f"/api/tables/{table.pk}/close/", {"time_called": True})
    assert closed.status_code == 200, closed.content
    page = client.get(f"/table/{table.token}/").content.decode()
    for points in (24_000, 29_900, 21_100, 25_000):
        assert f">{points}<" in page
    assert ">28900<" not in page
