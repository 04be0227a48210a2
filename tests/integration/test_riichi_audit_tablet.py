"""Audit of the riichi tablet: the shared tile picker offers only the flags
the table's calculator reads."""

from __future__ import annotations

import pytest

from tests.factories import TournamentFactory, seated_table

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
