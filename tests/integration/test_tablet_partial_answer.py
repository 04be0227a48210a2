"""The htmx answer to a hand entered on a current sheet: only what changed.

The tablet's hand form says ``partial`` when its sheet shows nothing a hand
would leave stale; the answer is then the next hand's form (into #new-hand,
named by HX-Retarget) and, out of band, the scores, the new row, the forms
carrying the table version, the sheet's poller and the notices. Anything
else (no htmx, an old table version, a replay, the first or last hand of the
session) gets the whole sheet as before.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import seated_table
from tests.integration.page_factories import hand_data, organised_table, player_ids
from tournaments.models import Hand, Round

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]
HTMX = {"HX-Request": "true"}


@pytest.fixture
def table(organiser):
    return organised_table(organiser)


def url(name, table, **kwargs):
    return reverse(f"referee:{name}", kwargs={"token": table.token, **kwargs})


def current_form(table, winner, discarder, **extra):
    """A hand as the current sheet posts it (its table version, ``partial``)."""
    table.refresh_from_db()
    fields = {
        "table_version": table.version,
        "hand_number": table.hands.count() + 1,
        "partial": "1",
        **extra,
    }
    return hand_data("discard", winner, discarder, 8, **fields)


def enter(client, table, winner, discarder, **extra):
    data = current_form(table, winner, discarder, **extra)
    return client.post(url("hand-create", table), data, headers=HTMX)


def test_second_hand_answers_with_its_changes_only(client, table):
    """Hand 2: the form of hand 3, the scores, row 2 and the fresh versions."""
    e, s, w, n = player_ids(table)
    first = enter(client, table, e, s)
    assert "HX-Retarget" not in first  # hand 1: the list said "no hand yet"
    response = enter(client, table, s, w)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#new-hand"
    assert response["HX-Reswap"] == "outerHTML"
    page = response.content.decode()
    table.refresh_from_db()
    second = Hand.objects.get(table=table, number=2)
    assert page.lstrip().startswith('<section class="card entry" id="new-hand"')
    assert "Hand 3 · East round" in page
    assert 'id="sheet"' not in page
    assert 'id="hand-1"' not in page  # earlier rows stay as they are
    assert f'id="hand-{second.number}"' in page
    assert 'hx-swap-oob="beforeend:#hand-rows"' in page
    assert 'id="scoreboard" aria-label="Scores" hx-swap-oob="true"' in page
    for oob in ("sheet-watch", "notices"):
        assert re.search(rf'id="{oob}"[^>]*hx-swap-oob="true"', page, re.S), oob
    # The forms below the list get the new version, not a new rendering.
    assert 'id="penalties"' not in page and 'id="close"' not in page
    assert (
        f'name="table_version" value="{table.version}" hx-swap-oob="outerHTML:'
        '#penalties input[name=table_version], #close input[name=table_version]"'
    ) in page
    # Every form and the poller carry the new version, none the old one.
    versions = set(re.findall(r'name="table_version" value="(\d+)"', page))
    assert versions == {str(table.version)}
    assert f"table-{table.pk}-v{table.version}" in page
    # 8-point discards: East +32 -8, South -16 +32, West -8 -16, North -8 -8.
    scores = re.findall(r'<span class="score">(-?\d+)</span>', page)
    assert scores == ["24", "16", "-24", "-16"]


def test_partial_answer_is_smaller_than_the_sheet(client, table):
    e, s, w, n = player_ids(table)
    enter(client, table, e, s)
    partial = enter(client, table, s, w)
    whole = client.post(
        url("hand-create", table), hand_data("discard", w, n, 8), headers=HTMX
    )
    assert "HX-Retarget" in partial and "HX-Retarget" not in whole
    assert len(partial.content) < len(whole.content)


@pytest.mark.parametrize(
    "change",
    [
        {"partial": ""},  # the sheet showed a notice or a correction form
        {"table_version": ""},  # a queued hand sent after another
    ],
)
def test_whole_sheet_when_the_device_sheet_is_not_known_current(client, table, change):
    e, s, w, n = player_ids(table)
    enter(client, table, e, s)
    response = enter(client, table, s, w, **change)
    assert response.status_code == 200
    assert "HX-Retarget" not in response
    assert response.content.decode().lstrip().startswith('<div id="sheet"')


def test_replayed_hand_gets_the_whole_sheet_with_the_notice(client, table):
    e, s, w, n = player_ids(table)
    enter(client, table, e, s)
    table.refresh_from_db()
    data = hand_data(
        "discard", s, w, 8, table_version=table.version, hand_number=2, partial="1"
    )
    client.post(url("hand-create", table), data, headers=HTMX)
    again = client.post(url("hand-create", table), data, headers=HTMX)
    assert "HX-Retarget" not in again
    page = again.content.decode()
    assert "Hand 2 is saved: it had already reached the server." in page
    assert Hand.objects.filter(table=table).count() == 2


def test_sheet_form_says_partial_only_when_nothing_would_go_stale(client, table):
    """A correction form open (or a conflict notice) needs the whole sheet."""
    e, s, w, n = player_ids(table)
    page = client.get(url("table", table)).content.decode()
    assert 'name="partial" value="1"' in page
    enter(client, table, e, s)
    hand = Hand.objects.get(table=table)
    editing = client.get(url("hand-correct", table, pk=hand.pk), headers=HTMX)
    assert 'name="partial"' not in editing.content.decode()


def test_no_js_post_still_redirects(client, table):
    e, s, w, n = player_ids(table)
    client.post(url("hand-create", table), hand_data("discard", e, s, 8))
    data = hand_data("discard", s, w, 8, partial="1")
    response = client.post(url("hand-create", table), data)
    assert response.status_code == 302
    assert Hand.objects.filter(table=table).count() == 2


def test_partial_answer_queries_do_not_grow_with_hands_or_tables(
    client, table, organiser
):
    """The same number of queries at hand 2 and hand 6, and with more tables
    in the round."""
    e, s, w, n = player_ids(table)
    players = [e, s, w, n]

    def count(at):
        winner, discarder = players[at % 4], players[(at + 1) % 4]
        data = current_form(table, winner, discarder)
        with CaptureQueriesContext(connection) as queries:
            response = client.post(url("hand-create", table), data, headers=HTMX)
        assert response["HX-Retarget"] == "#new-hand"
        return len(queries)

    enter(client, table, e, s)
    second = count(1)
    for at in range(2, 5):
        count(at)
    for _ in range(3):
        seated_table(table.round.tournament, round_number=table.round.number)
    # The factory seats the round again; the room is playing (the first hand
    # of a round also marks it playing, a one-time write).
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    assert count(5) == second


@pytest.mark.parametrize("partial", [True, False])
def test_the_answer_shows_the_rows_the_write_left_without_reading_them_again(
    client, table, partial
):
    """Once the hand is stored, the answer (changes only or the whole sheet)
    reads no seat, hand, penalty or result again: the write read them all
    under the table's lock, and they are what it committed."""
    e, s, w, n = player_ids(table)
    enter(client, table, e, s)
    data = current_form(table, s, w)
    if not partial:
        del data["partial"]
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url("hand-create", table), data, headers=HTMX)
    assert response.status_code == 200
    assert ("HX-Retarget" in response) is partial
    sql = [query["sql"] for query in queries.captured_queries]
    audit = next(i for i, q in enumerate(sql) if "tournaments_auditevent" in q)
    after = [
        q
        for q in sql[audit + 1 :]
        if re.search(r"tournaments_(seat|hand|penalty|seatresult)\b", q)
    ]
    assert after == []
    # And what it shows is the stored table.
    second = Hand.objects.get(table=table, number=2)
    page = response.content.decode()
    assert f'id="hand-{second.number}"' in page
    for seat in table.seats.select_related("result"):
        assert f">{seat.result.score}<" in page


def _in_transaction(queries) -> list[str]:
    """The statements from the write's transaction (or savepoint) on."""
    sql = [query["sql"] for query in queries.captured_queries]
    start = next(i for i, q in enumerate(sql) if q == "BEGIN" or "SAVEPOINT" in q)
    return sql[start + 1 :]


def _from(statement: str) -> str:
    return statement.split(" FROM ")[1].split(" WHERE ")[0]


def test_a_hand_in_a_playing_round_locks_the_table_without_reading_the_round_first(
    client, table
):
    """The tablet read the round with its table: once the round plays, the
    hand takes the table's lock at once (a round never goes back to seated)
    and reads the round once, after the lock."""
    e, s, w, _n = player_ids(table)
    enter(client, table, e, s)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url("hand-create", table), current_form(table, s, w))
    assert response.status_code in (200, 302)
    sql = _in_transaction(queries)
    assert _from(sql[0]).strip() == '"tournaments_table"'
    assert sum("tournaments_round" in q for q in sql) == 1


def test_the_first_hand_of_a_seated_round_still_locks_the_round_first(table):
    """A status seen as "seated" before the transaction may be stale either
    way: the hand then reads it again and locks the round before its table."""
    from tournaments.services.hands import record_hand

    e, s, _w, _n = player_ids(table)
    with CaptureQueriesContext(connection) as queries:
        record_hand(
            table_id=table.pk,
            result={"kind": "discard", "winner": e, "discarder": s, "fan_total": 8},
            actor=None,
            seen_round_status=Round.Status.SEATED,
        )
    sql = _in_transaction(queries)
    assert "tournaments_round" in sql[0]  # its status
    assert _from(sql[1]).strip() == '"tournaments_round"'  # its lock
    assert _from(sql[2]).strip() == '"tournaments_table"'  # then the table's
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.PLAYING


def test_the_tablet_reads_its_table_and_players_in_one_query(client, table):
    """Before the write's transaction a hand entry reads once: the table
    with its round and tournament, and its four seats with their players
    (the form checks who is at the table)."""
    e, s, w, _n = player_ids(table)
    enter(client, table, e, s)
    data = current_form(table, s, w)
    with CaptureQueriesContext(connection) as queries:
        client.post(url("hand-create", table), data, headers=HTMX)
    sql = [query["sql"] for query in queries.captured_queries]
    start = next(i for i, q in enumerate(sql) if q == "BEGIN" or "SAVEPOINT" in q)
    (before,) = sql[:start]
    assert "tournaments_seat" in before and "tournaments_player" in before
    assert "tournaments_tournament" in before
