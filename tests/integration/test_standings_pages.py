"""Standings that cost what is shown (issue 31, item 2): the ranking from
one aggregate query, pages of rows, a search, the API's window, and query
counts that do not grow with the event."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.engine.standings import DEFAULT_TIEBREAKS, accumulate, rank_players
from tests.integration.room_data import close, room_event, win
from tournaments.models import Registration, SeatResult
from tournaments.selectors import standings_pages
from tournaments.selectors.room import get_player_record
from tournaments.selectors.standings import get_ranking, get_standings, standing_rows

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def _played(players: int = 12):
    """Round 1 finished; in round 2 every table but the last closed after a
    hand, the last one still open with a hand; one player a substitute."""
    tournament, registrations = room_event(players=players)
    tables = list(tournament.rounds.get(number=2).tables.order_by("number"))
    for index, table in enumerate(tables):
        win(table, index % 4, (index + 1) % 4, fan_total=8 + index)
        if table is not tables[-1]:
            close(table)
    substitute = registrations[-1]
    substitute.status = Registration.Status.SUBSTITUTE
    substitute.save(update_fields=["status"])
    return tournament, registrations


def _recount(tournament):
    """The standings as first computed: every closed session read and added
    up in Python, then ranked."""
    sessions = defaultdict(list)
    ranked_ids = set(
        tournament.registrations.exclude(
            status=Registration.Status.SUBSTITUTE
        ).values_list("pk", flat=True)
    )
    for result in SeatResult.objects.filter(
        round__tournament=tournament, seat__table__is_closed=True
    ):
        sessions[result.registration_id].append(result)
    records = [accumulate(pk, sessions[pk]) for pk in ranked_ids]
    return [
        (
            entry.rank,
            entry.record.player_id,
            entry.record.table_points,
            entry.record.score,
            entry.record.places,
            entry.record.best_session,
            entry.record.sessions,
            sorted(result.round.number for result in sessions[entry.record.player_id]),
        )
        for entry in rank_players(records, DEFAULT_TIEBREAKS)
    ]


def test_the_aggregate_ranking_agrees_with_a_recount_of_every_session():
    tournament, _ = _played()
    rows = get_standings(tournament).rows
    assert [
        (
            row.rank,
            row.registration.pk,
            row.table_points,
            row.score,
            row.places,
            row.best_session,
            row.sessions,
            sorted(row.rounds),
        )
        for row in rows
    ] == _recount(tournament)
    assert len(rows) == 11  # the substitute sits but does not rank
    # The open table's hand is not counted: its players have one session.
    open_table = tournament.rounds.get(number=2).tables.get(is_closed=False)
    at_it = set(open_table.seats.values_list("registration_id", flat=True))
    assert {row.registration.pk: row.sessions for row in rows} == {
        row.registration.pk: 1 if row.registration.pk in at_it else 2 for row in rows
    }


def test_a_page_of_rows_is_the_same_as_the_whole_lists_slice():
    tournament, _ = _played()
    ranking = get_ranking(tournament)
    everyone = standing_rows(tournament, ranking.entries, everyone=True)
    page = standing_rows(tournament, ranking.entries[4:8])
    assert page == everyone[4:8]


def _queries(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)


@pytest.mark.parametrize("players", [8, 32])
def test_the_ranking_is_one_query_and_a_page_two(players):
    tournament, _ = room_event(players=players)
    assert _queries(lambda: get_ranking(tournament)) == 1
    assert _queries(lambda: get_standings(tournament)) == 2
    entries = get_ranking(tournament).entries
    assert _queries(lambda: standing_rows(tournament, entries[:5])) == 2
    assert _queries(lambda: standing_rows(tournament, entries, everyone=True)) == 2


def _page_queries(client, players: int) -> dict[str, int]:
    tournament, registrations = room_event(players=players)
    slug = tournament.slug
    standings = reverse("public:standings", args=[slug])
    player = reverse("public:player", args=[slug, registrations[1].number])
    api = f"/api/tournaments/{slug}/standings/?limit=5"
    client.get(player)  # the session and its language settle on the first visit
    counts = {}
    cache.clear()
    counts["standings, first view"] = _queries(lambda: client.get(standings))
    counts["standings, search"] = _queries(lambda: client.get(standings + "?q=1"))
    cache.clear()
    counts["api, first"] = _queries(lambda: client.get(api))
    counts["api, warm"] = _queries(lambda: client.get(api))
    cache.clear()
    client.get(player)
    counts["player, warm"] = _queries(lambda: client.get(player))
    return counts


def test_the_pages_queries_do_not_grow_with_the_event(client):
    assert _page_queries(client, 8) == _page_queries(client, 32)


def test_the_player_record_reads_its_row_from_the_ranking():
    tournament, registrations = _played()
    ranking = get_ranking(tournament)
    record = get_player_record(tournament, registrations[0].number, ranking)
    (full,) = [
        row
        for row in get_standings(tournament).rows
        if row.registration.pk == registrations[0].pk
    ]
    assert record.standing == full
    assert record.players_ranked == 11
    substitute = get_player_record(tournament, registrations[-1].number, ranking)
    assert substitute.standing is None


@pytest.fixture
def three_a_page(monkeypatch):
    monkeypatch.setattr(standings_pages, "ROWS_PER_PAGE", 3)


def _names(html: str) -> list[str]:
    return re.findall(r'<td class="name"><a href="[^"]*">([^<]*)</a>', html)


def test_the_standings_page_shows_a_page_of_rows(client, three_a_page):
    tournament, _ = _played()
    url = reverse("public:standings", args=[tournament.slug])
    names = [row.player.name for row in get_standings(tournament).rows]
    first = client.get(url).content.decode()
    second = client.get(url + "?page=2").content.decode()
    last = client.get(url + "?page=99").content.decode()
    assert _names(first) == names[:3]
    assert _names(second) == names[3:6]
    assert _names(last) == names[9:]
    assert "Page 2 of 4" in second
    assert 'href="?page=3"' in second
    # Its poll asks for the same page again.
    assert f'hx-get="{url}?page=2"' in second
    etags = {client.get(url + f"?page={n}").headers["ETag"] for n in (1, 2, 3)}
    assert len(etags) == 3


def test_a_poll_of_a_page_gets_that_page(client, three_a_page):
    tournament, _ = _played()
    url = reverse("public:standings", args=[tournament.slug])
    names = [row.player.name for row in get_standings(tournament).rows]
    poll = client.get(url + "?page=2", headers={"HX-Request": "true"})
    assert _names(poll.content.decode()) == names[3:6]


def test_a_search_finds_a_player_by_number_or_name(client):
    tournament, registrations = _played()
    url = reverse("public:standings", args=[tournament.slug])
    wanted = registrations[3]
    by_number = client.get(url, {"q": str(wanted.number)}).content.decode()
    assert _names(by_number) == [wanted.player.name]
    assert reverse("public:player", args=[tournament.slug, wanted.number]) in by_number
    # Part of the name, without case.
    part = wanted.player.last_name[1:].upper()
    matching = [
        r.player.name
        for r in get_standings(tournament).rows
        if part.casefold() in r.player.name.casefold()
    ]
    assert _names(client.get(url, {"q": part}).content.decode()) == matching
    nobody = client.get(url, {"q": "nobody-by-this-name"}).content.decode()
    assert "No player matches this search." in nobody


def test_a_search_is_not_kept_in_the_shared_cache(client, monkeypatch):
    """A search's rows are the searcher's own: rendered each time, not
    stored under an ETag for everyone (the cache would hold one table per
    text typed)."""
    from tournaments.views import public

    rendered = []
    real = public.standings_page_context

    def counting(*args, **kwargs):
        rendered.append(args[3])
        return real(*args, **kwargs)

    monkeypatch.setattr(public, "standings_page_context", counting)
    tournament, _ = _played()
    url = reverse("public:standings", args=[tournament.slug])
    for _ in range(2):
        client.get(url, {"q": "a"})
        client.get(url, {"q": "a"}, headers={"HX-Request": "true"})
        client.get(url)
    assert rendered == ["a", "a", "", "a", "a"]


def test_the_api_pages_the_standings_with_the_total_in_a_header(anonymous_api):
    tournament, _ = _played()
    url = f"/api/tournaments/{tournament.slug}/standings/"
    everyone = anonymous_api.get(url)
    assert everyone.status_code == 200
    assert everyone["X-Total-Count"] == "11"
    rows = everyone.json()
    assert len(rows) == 11  # without a limit: every row, as before
    window = anonymous_api.get(url, {"limit": 3, "offset": 4})
    assert window.json() == rows[4:7]
    assert window["X-Total-Count"] == "11"
    assert anonymous_api.get(url, {"offset": 10}).json() == rows[10:]
    assert anonymous_api.get(url, {"offset": 50}).json() == []
    assert anonymous_api.get(url, {"limit": 0}).status_code == 400
    assert anonymous_api.get(url, {"limit": 1001}).status_code == 400
