"""Teams in the tournament's own files and pages, through the tournaments
app's extension point (``tournaments.extensions``, filled by
``LeaguesConfig.ready``: the tournaments app never imports leagues).

With teams: the tournament's workbook ends with the team sheet, its public
standings page links to the team tab. Without: the workbook and the page are
what they were. The staff page always links to team management."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from leagues.services import teams as team_services
from tests.factories import TournamentFactory
from tests.integration.round_helpers import named_players
from tournaments.extensions import (
    ExtraLink,
    extra_links,
    extra_sheets,
    register_link,
    unregister,
)
from tournaments.services.exports import build_export

pytestmark = pytest.mark.django_db

EIGHT = [f"P{n} Player{n}" for n in range(8)]
TEAMS = "Dragons: " + ", ".join(EIGHT[:4]) + "\nWinds: " + ", ".join(EIGHT[4:])


@pytest.fixture
def tournament(organiser):
    tournament = TournamentFactory(rounds_count=1)
    tournament.organisers.add(organiser)
    named_players(tournament, EIGHT)
    return tournament


def with_teams(tournament, organiser):
    team_services.set_teams(
        tournament=tournament,
        teams=team_services.parse_teams(TEAMS),
        team_size=4,
        actor=organiser,
    )


def workbook(tournament, language="en"):
    _name, content = build_export(tournament=tournament, kind="xlsx", language=language)
    return load_workbook(BytesIO(content))


def test_the_workbook_carries_the_team_sheet_when_there_are_teams(
    tournament, organiser
):
    assert "Teams" not in workbook(tournament).sheetnames
    with_teams(tournament, organiser)
    book = workbook(tournament)
    assert book.sheetnames[-1] == "Teams"
    rows = [[cell.value for cell in row] for row in book["Teams"].iter_rows()]
    assert rows[0] == ["Rank", "Team", "Table points", "Score", "Members"]
    assert sorted(row[1] for row in rows[1:]) == ["Dragons", "Winds"]
    members = {row[1]: row[4] for row in rows[1:]}
    assert members["Dragons"] == ", ".join(EIGHT[:4])


def test_the_team_sheet_speaks_the_workbooks_language(tournament, organiser):
    with_teams(tournament, organiser)
    book = workbook(tournament, "fr")
    assert book.sheetnames[-1] == "Équipes"
    assert [cell.value for cell in next(book["Équipes"].iter_rows())][1] == "Équipe"


def test_the_public_page_links_to_the_team_tab(client, tournament, organiser):
    url = reverse("public:standings", kwargs={"slug": tournament.slug})
    team_tab = reverse("teams:standings", kwargs={"slug": tournament.slug})
    assert team_tab not in client.get(url).content.decode()
    with_teams(tournament, organiser)
    page = client.get(url).content.decode()
    assert f'<a class="button" href="{team_tab}">Teams</a>' in page


def test_the_staff_page_links_to_team_management(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("staff:tournament", kwargs={"slug": tournament.slug})
    manage = reverse("teams-staff:teams", kwargs={"slug": tournament.slug})
    assert f'href="{manage}"' in client.get(url).content.decode()


def test_a_registered_link_applies_where_it_says(tournament):
    """The registry itself: a link of one place, for some tournaments only;
    registering a key again replaces it; a place is public or staff."""
    try:
        register_link(
            ExtraLink(
                key="zz.test",
                place="public",
                label=lambda: "Old",
                url=lambda t: "/old/",
                applies=lambda t: True,
            )
        )
        register_link(
            ExtraLink(
                key="zz.test",
                place="public",
                label=lambda: "Extra",
                url=lambda t: f"/extra/{t.slug}/",
                applies=lambda t: t.slug == tournament.slug,
            )
        )
        assert extra_links(tournament, "public")[-1] == (
            "Extra",
            f"/extra/{tournament.slug}/",
        )
        assert ("Extra", f"/extra/{tournament.slug}/") not in extra_links(
            tournament, "staff"
        )
        other = TournamentFactory()
        assert all(label != "Extra" for label, _url in extra_links(other, "public"))
        with pytest.raises(ValueError, match="unknown place"):
            register_link(
                ExtraLink(
                    key="zz.bad",
                    place="elsewhere",  # type: ignore[arg-type]
                    label=lambda: "",
                    url=lambda t: "",
                    applies=lambda t: True,
                )
            )
    finally:
        unregister("zz.test")
    assert [sheet.key for sheet in extra_sheets(tournament)] == []
