"""The league's EMA page at scale (issue 31, point 5): every weighted
tournament's places read at once, the same places as each tournament's own
standings, a constant number of queries, and a cached ranking that follows
the scores."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from leagues.ema import ema_ranking
from leagues.selectors.ema_results import list_ema_results
from leagues.selectors.ranking import (
    compute_league_ema_ranking,
    ema_results,
    get_league_ema_ranking,
    weighted_tournaments,
)
from leagues.selectors.visibility import EVERYTHING, PUBLIC
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import Player, Registration
from tournaments.services import setup

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

ON = date(2027, 1, 1)


def lineup(index: int, members: int) -> list[str]:
    """Tables of ``members`` players, rotated so the places change."""
    everyone = [f"P{n} Member{n}" for n in range(members)]
    shift = index % members
    order = everyone[shift:] + everyone[:shift]
    return [", ".join(order[i : i + 4]) for i in range(0, members, 4)]


def weighted_nights(league, organiser, count, start, members=8):
    for index in range(count):
        day = start + timedelta(days=7 * index)
        event = night(league, organiser, day, lineup(index, members))
        for number, table in enumerate(tables_of(event)):
            winner = (index + number) % 4
            play(table, winner=winner, discarder=(winner + 1 + index % 3) % 4)
        tournament = event.tournament
        setup.update_tournament(
            tournament_id=tournament.pk,
            actor=organiser,
            mers_weight=Decimal("1.5") if index % 2 else Decimal("1"),
        )
        setup.finish_round(round_id=tournament.rounds.get().pk, actor=organiser)


def test_places_read_at_once_are_each_tournaments_standings(organiser):
    """Every weighted tournament's results from two queries equal those
    read tournament by tournament from its standings (the old path), and so
    does the ranking; a substitute and an absent registration change
    nothing."""
    league = make_league(organiser, is_public=True)
    weighted_nights(league, organiser, 5, date(2026, 1, 8))
    tournaments = list(weighted_tournaments(league, audience=EVERYTHING))
    assert len(tournaments) == 5
    # A registered player who never sat ranks below but is no EMA result.
    Registration.objects.create(
        tournament=tournaments[0],
        player=Player.objects.create(last_name="Absent"),
        number=99,
    )
    old = [result for t in tournaments for result in ema_results(t)]
    with CaptureQueriesContext(connection) as queries:
        new = list_ema_results(tournaments)
    assert len(queries) == 2
    assert sorted(new, key=repr) == sorted(old, key=repr)
    assert ema_ranking(new, on=ON) == ema_ranking(old, on=ON)
    lines = compute_league_ema_ranking(league, on=ON, audience=PUBLIC)
    assert [line.player.pk for line in lines] == [
        r.player for r in ema_ranking(old, on=ON)
    ]


def count_queries(league, audience):
    cache.clear()
    with CaptureQueriesContext(connection) as first:
        get_league_ema_ranking(league, on=ON, audience=audience)
    with CaptureQueriesContext(connection) as warm:
        get_league_ema_ranking(league, on=ON, audience=audience)
    return len(first), len(warm)


def test_ema_queries_do_not_grow_with_the_tournaments(organiser):
    """Two weighted tournaments or eight with three times the players: the
    same queries, first view and warm (the old page ran two a tournament)."""
    league = make_league(organiser, is_public=True)
    weighted_nights(league, organiser, 2, date(2026, 1, 8), members=8)
    small = count_queries(league, PUBLIC)
    weighted_nights(league, organiser, 6, date(2026, 3, 5), members=24)
    assert len(weighted_tournaments(league, audience=PUBLIC)) == 8
    assert count_queries(league, PUBLIC) == small
    assert small[1] < small[0]


def test_cached_ranking_follows_a_new_result(organiser):
    """Warm, the ranking is served from the cache; a tournament finished
    with a weight changes the version, and the next view counts it."""
    league = make_league(organiser, is_public=True)
    weighted_nights(league, organiser, 2, date(2026, 1, 8))
    first = get_league_ema_ranking(league, on=ON, audience=PUBLIC)
    assert {line.results for line in first} == {2}
    assert get_league_ema_ranking(league, on=ON, audience=PUBLIC) == first
    weighted_nights(league, organiser, 1, date(2026, 2, 8))
    again = get_league_ema_ranking(league, on=ON, audience=PUBLIC)
    assert {line.results for line in again} == {3}


def test_ema_page_and_api_from_the_cache(client, organiser):
    """The page and the API show the same ranking, warm or not."""
    league = make_league(organiser, is_public=True)
    weighted_nights(league, organiser, 2, date(2026, 1, 8))
    page = client.get(f"/leagues/{league.slug}/ema/")
    assert page.status_code == 200
    api = client.get(f"/api/leagues/{league.slug}/ema/?date=2027-01-01")
    assert api.status_code == 200
    names = [row["name"] for row in api.json()]
    assert len(names) == 8
    assert names[0] in page.content.decode()


def test_ema_page_a_page_at_a_time_and_a_name_found(client, organiser, monkeypatch):
    """Four lines a page here (a hundred in the house): the page links, and
    a player's name found with the page of their line."""
    from leagues.selectors.standings_pages import find_rows
    from tournaments.selectors.row_pages import page_of

    monkeypatch.setattr(page_of, "__defaults__", (4,))
    monkeypatch.setattr(find_rows, "__defaults__", (4, 20))
    league = make_league(organiser, is_public=True)
    weighted_nights(league, organiser, 2, date(2026, 1, 8), members=12)
    url = f"/leagues/{league.slug}/ema/"
    page = client.get(url).content.decode()
    assert page.count('<tr id="player-') == 4
    assert "Page 1 of 3" in page
    assert '?p=3"' in page
    lines = get_league_ema_ranking(league, on=timezone.localdate(), audience=PUBLIC)
    last = lines[-1].player
    found = client.get(url, {"q": last.name}).content.decode()
    assert f"?p=3#player-{last.pk}" in found


def test_a_record_over_integers_is_the_standings_record():
    """The EMA's record of a player (integers, one fraction) is the
    standings' ``accumulate`` of the same sessions, ties and all."""
    import random
    from fractions import Fraction

    from leagues.selectors.ema_results import _record
    from scoring.engine.standings import accumulate
    from tournaments.selectors.standings import RoundResult

    rng = random.Random(7)
    for _case in range(200):
        sessions = {
            number: (rng.randrange(-80, 80), rng.randrange(1, 5), rng.randrange(0, 49))
            for number in range(1, rng.randrange(1, 9))
        }
        if rng.random() < 0.1:
            sessions = {}
        rounds = [
            RoundResult(number, 1, score, rank, Fraction(tp12, 12))
            for number, (score, rank, tp12) in sessions.items()
        ]
        assert _record(5, sessions) == accumulate(5, rounds)
