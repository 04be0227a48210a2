"""The printable page of a round: a slip per table and a paper score sheet."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round

pytestmark = pytest.mark.django_db


def test_print_page_has_a_slip_and_a_score_sheet_per_table(client, organiser):
    tournament = organised(organiser, name="Printemps Open")
    regs = named_players(tournament, EIGHT)
    tables = seat_round(tournament, 1, [regs[:4], regs[4:]])
    client.force_login(organiser)
    round_page = client.get(reverse("staff:round", args=[tournament.slug, 1]))
    url = reverse("staff:round-print", args=[tournament.slug, 1])
    assert f'href="{url}"' in round_page.content.decode()

    page = client.get(url).content.decode()
    for table in tables:
        slip = page.split(f'id="slip-{table.number}"')[1].split("</article>")[0]
        assert "Printemps Open" in slip and f"Table {table.number}" in slip
        assert f"http://testserver/table/{table.token}/" in slip
        assert 'class="segno"' in slip
        sheet = page.split(f'id="sheet-{table.number}"')[1].split("</section>")[0]
        assert sheet.count('<tr><td class="num">') == 16
        assert "Signatures" in sheet and "Totals" in sheet
    slip = page.split('id="slip-1"')[1].split("</article>")[0]
    order = [slip.index(name) for name in ("Anna Bell", "Bo Chen", "Carl Dunn")]
    assert order == sorted(order)  # East first
    assert slip.index("East") < slip.index("South") < slip.index("North")


def test_print_page_is_for_organisers_only(client, organiser):
    tournament = organised(organiser)
    seat_round(tournament, 1, [named_players(tournament, EIGHT[:4])])
    url = reverse("staff:round-print", args=[tournament.slug, 1])
    assert client.get(url).status_code == 302  # to the login page
