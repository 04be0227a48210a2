"""The Statistics section of the career page: one block per rule set
recounted from the hands, the rates over time, each league's figures, and
only what the reader may see (issue 29)."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.selectors import career_stats
from leagues.selectors.stats import get_league_stats
from leagues.selectors.visibility import EVERYTHING
from tests.factories import PlayerFactory, RegistrationFactory
from tests.integration.leagues.data import make_league
from tests.integration.leagues.stats_data import merged_recount, mixed_league
from tests.integration.leagues.test_season_queries import add_nights
from tests.integration.stats_data import recount
from tournaments.models import Player, Registration
from tournaments.services.setup import update_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def career_of(league_events):
    """Player 1 of the MCR nights also plays the riichi night (seat 1)."""
    mcr = league_events["mcr"][0]
    player = mcr.registrations.get(number=1).player_id
    riichi = league_events["riichi"][0]
    Registration.objects.filter(tournament=riichi, number=1).update(player_id=player)
    return player


def by_label(rows):
    return {row.key: row for row in rows}


def test_one_block_per_rule_set_equal_to_a_recount(client, organiser):
    league, events = mixed_league(organiser, is_public=True)
    player = career_of(events)
    page = client.get(f"/players/{player}/")
    assert page.status_code == 200
    section = page.context["statistics"]
    blocks = {block["ruleset"]: block for block in section["rulesets"]}
    assert set(blocks) == {"mcr", "riichi"}
    assert section["rulesets"][0]["ruleset"] == "mcr"  # the most played first
    mcr = merged_recount(events["mcr"])[player]
    riichi = recount(events["riichi"][0])[player]
    for code, mine in (("mcr", mcr), ("riichi", riichi)):
        rows = by_label(blocks[code]["figures"])
        assert rows["hands"].shown == str(mine["hands"])
        assert rows["sessions"].shown == str(mine["sessions"])
        assert rows["wins"].shown == str(mine["wins"])
    # A figure the rule set cannot know is absent, never 0.
    assert "declaration_rate" not in by_label(blocks["mcr"]["figures"])
    assert "declaration_rate" in by_label(blocks["riichi"]["figures"])
    html = page.content.decode()
    assert 'id="statistics-mcr"' in html and 'id="statistics-riichi"' in html
    # The league's figures: the same as the league tab gives the player.
    (entry,) = section["leagues"]
    assert entry["slug"] == league.slug and entry["sessions"] == 6
    found = get_league_stats(league, audience=EVERYTHING)
    league_rows = {
        b.ruleset: b.event.players[player]
        for b in found.blocks
        if player in b.event.players
    }
    assert set(league_rows) == {"mcr", "riichi"}
    for block in entry["rulesets"]:
        code = block["ruleset"]
        assert {r.key: r.shown for r in block["figures"]} == {
            r.key: r.shown
            for r in career_stats.figure_rows(league_rows[code].figures, code)
        }


def test_the_rates_over_time_rest_on_their_hands(client, organiser, monkeypatch):
    monkeypatch.setattr(career_stats, "SESSIONS_PER_POINT", 1)
    _league, events = mixed_league(organiser, is_public=True)
    player = career_of(events)
    section = client.get(f"/players/{player}/").context["statistics"]
    block = next(b for b in section["rulesets"] if b["ruleset"] == "mcr")
    rates = block["rates"]
    assert len(rates.points) == 4  # four MCR sessions, one a point
    assert [p.hands for p in rates.points] == [6, 6, 6, 6]
    assert (
        sum(p.hands for p in rates.points)
        == merged_recount(events["mcr"])[player]["hands"]
    )
    assert rates.win.count == 4 and rates.deal_in.count == 4
    html = client.get(f"/players/{player}/").content.decode()
    assert 'class="rates-chart"' in html


def test_private_events_and_leagues_stay_hidden(client, organiser):
    league, events = mixed_league(organiser, is_public=False)
    player = career_of(events)
    update_tournament(
        tournament_id=events["riichi"][0].pk, actor=organiser, is_public=False
    )
    section = client.get(f"/players/{player}/").context["statistics"]
    assert [b["ruleset"] for b in section["rulesets"]] == ["mcr"]
    assert section["leagues"] == []  # a private league is not named
    # An organiser of the league (and of its events) sees it named.
    events["mcr"][0].organisers.add(organiser)
    client.force_login(organiser)
    section = client.get(f"/players/{player}/").context["statistics"]
    assert [entry["slug"] for entry in section["leagues"]] == [league.slug]


def test_a_career_without_a_session(client, organiser):
    _league, events = mixed_league(organiser, is_public=True)
    # A registered player who has not played yet.
    tournament = events["mcr"][0]
    newcomer = PlayerFactory()
    RegistrationFactory(tournament=tournament, player=newcomer, number=99)
    page = client.get(f"/players/{newcomer.pk}/")
    assert page.status_code == 200
    assert page.context["statistics"] == {"rulesets": [], "leagues": []}
    assert "once a table of this player is closed" in page.content.decode()


def test_the_career_pages_sessions_a_page_at_a_time(client, organiser):
    """51 sessions: page 2 holds the oldest; a page past the last or no
    number at all reads as the last or the first, from the cache too."""
    league = make_league(organiser, is_public=True)
    add_nights(league, organiser, 51, date(2025, 1, 2), members=4)
    member = Player.objects.get(last_name="Member0")
    url = f"/players/{member.pk}/"
    first = client.get(url)
    assert len(first.context["sessions"]) == 50
    assert first.context["pages"].number == 1
    assert first.context["pages"].paginator.num_pages == 2
    last = client.get(url, {"page": "2"})
    assert len(last.context["sessions"]) == 1
    assert last.context["sessions"][0].day == date(2025, 1, 2)  # the oldest
    for hostile in ("999999", "0", "-1", "abc", "9" * 40):
        page = client.get(url, {"page": hostile})
        assert page.status_code == 200
        assert page.context["pages"].number in (1, 2)
