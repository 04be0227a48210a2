"""A full room on two cores: a poll answered 304 reads no database, a write
at a table shows at the next poll, and a hand entry's queries do not grow.

The tournament row and its versions stay in the cache for
``ROOM_VERSION_CACHE_SECONDS`` (2 s in production, off in the other tests);
these tests turn it on.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import RegistrationFactory, organiser_account
from tests.integration.page_factories import hand_data, organised_table, player_ids
from tests.integration.room_data import close, room_event, win
from tournaments.models import Tournament
from tournaments.services.hands import reopen_table

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

POLL = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def room_cache_on(settings):
    settings.ROOM_VERSION_CACHE_SECONDS = 60
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """The test's transaction never commits: run the writes' on-commit hooks
    (the cache forgets the versions there)."""
    return django_capture_on_commit_callbacks


def test_the_versions_are_forgotten_on_commit_only(client):
    """The versions are forgotten on commit only (this test's writes never
    commit): a write that failed changed nothing the phones see."""
    tournament, _ = room_event()
    url = reverse("public:round", args=[tournament.slug, 2])
    etag = poll(client, url).headers["ETag"]
    win(tournament.rounds.get(number=2).tables.get(number=1), 0, 2)
    assert poll(client, url, etag).status_code == 304


def poll(client, url: str, etag: str = ""):
    headers = {**POLL, "If-None-Match": etag} if etag else POLL
    return client.get(url, headers=headers)


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("public:standings", ()),
        ("public:round", (2,)),
        ("public:projector", ()),
        ("public:round-projector", (2,)),
    ],
)
def test_a_poll_answered_304_reads_no_database(
    client, django_assert_num_queries, name, args
):
    """Nor does the poll of a phone that has not got the partial yet, once
    another phone's poll rendered it."""
    tournament, _ = room_event()
    url = reverse(name, args=[tournament.slug, *args])
    etag = poll(client, url).headers["ETag"]
    with django_assert_num_queries(0):
        response = poll(client, url, etag)
    assert response.status_code == 304
    with django_assert_num_queries(0):
        other_phone = poll(client, url)
    assert other_phone.status_code == 200
    assert other_phone.headers["ETag"] == etag


def test_a_hand_shows_at_the_next_poll_of_the_round_page(client, committed):
    tournament, _ = room_event()
    url = reverse("public:round", args=[tournament.slug, 2])
    etag = poll(client, url).headers["ETag"]
    with committed(execute=True):
        win(tournament.rounds.get(number=2).tables.get(number=1), 0, 2)
    response = poll(client, url, etag)
    assert response.status_code == 200
    assert response.headers["ETag"] != etag


def test_a_hand_keeps_the_standings_304_and_closing_the_table_does_not(
    client, committed
):
    tournament, _ = room_event()
    table = tournament.rounds.get(number=2).tables.get(number=1)
    win(table, 0, 2)
    url = reverse("public:standings", args=[tournament.slug])
    etag = poll(client, url).headers["ETag"]
    with committed(execute=True):
        win(table, 1, 3)
    assert poll(client, url, etag).status_code == 304
    with committed(execute=True):
        close(table)
    response = poll(client, url, etag)
    assert response.status_code == 200
    assert response.headers["ETag"] != etag


def test_a_hand_at_an_open_table_keeps_the_standings_poll_off_the_database(
    client, committed, django_assert_num_queries
):
    """100 tablets entering a hand every 5 s: the phones' standings polls
    keep their cached version (a hand at an open table does not move the
    standings), while the round page's is read afresh; a reopened table
    moves the standings again."""
    tournament, _ = room_event()
    table = tournament.rounds.get(number=2).tables.get(number=1)
    win(table, 0, 2)
    url = reverse("public:standings", args=[tournament.slug])
    etag = poll(client, url).headers["ETag"]
    round_url = reverse("public:round", args=[tournament.slug, 2])
    round_etag = poll(client, round_url).headers["ETag"]
    with committed(execute=True):
        win(table, 1, 3)
    with django_assert_num_queries(0):
        assert poll(client, url, etag).status_code == 304
    assert poll(client, round_url, round_etag).status_code == 200
    with committed(execute=True):
        close(table)
    closed_etag = poll(client, url, etag).headers["ETag"]
    assert closed_etag != etag
    with committed(execute=True):
        reopen_table(table_id=table.pk, actor=None)
    assert poll(client, url, closed_etag).status_code == 200


def test_a_hand_from_the_tablet_shows_at_the_next_poll(client, committed):
    tournament, _ = room_event()
    table = tournament.rounds.get(number=2).tables.get(number=1)
    url = reverse("public:round", args=[tournament.slug, 2])
    etag = poll(client, url).headers["ETag"]
    winner, discarder = player_ids(table)[:2]
    with committed(execute=True):
        posted = client.post(
            reverse("referee:hand-create", args=[table.token]),
            hand_data("discard", winner, discarder, 8),
            headers=POLL,
        )
    assert posted.status_code == 200
    assert poll(client, url, etag).status_code == 200


def test_other_changes_show_once_the_cached_version_expires(client):
    """A late entry is not a table write: the phones see it when the entry
    expires (simulated by emptying the cache), never an old page for good."""
    tournament, _ = room_event()
    url = reverse("public:standings", args=[tournament.slug])
    etag = poll(client, url).headers["ETag"]
    late = RegistrationFactory(tournament=tournament)
    assert poll(client, url, etag).status_code == 304
    cache.clear()
    response = poll(client, url, etag)
    assert response.status_code == 200
    assert late.player.last_name in response.content.decode()


def test_a_cached_private_event_stays_404_for_others(client):
    """The cached row is the organiser's view's; access is checked on it for
    every request, so an anonymous phone still gets 404."""
    tournament, _ = room_event()
    Tournament.objects.filter(pk=tournament.pk).update(is_public=False)
    organiser = organiser_account()
    tournament.organisers.add(organiser)
    url = reverse("public:standings", args=[tournament.slug])
    staff = type(client)()
    staff.force_login(organiser)
    etag = poll(staff, url).headers["ETag"]
    assert poll(client, url).status_code == 404
    assert poll(client, url, etag).status_code == 404


def _hand_entry_queries(client, table) -> int:
    winner, discarder = player_ids(table)[:2]
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            reverse("referee:hand-create", args=[table.token]),
            hand_data("discard", winner, discarder, 8),
            headers=POLL,
        )
    assert response.status_code == 200
    assert b"errorlist" not in response.content
    return len(queries)


def test_hand_entry_queries_do_not_grow_with_the_hands_played(client, organiser):
    """The fresh sheet comes back for the same number of queries at the
    second hand as at the twelfth, on a small or a large event."""
    table = organised_table(organiser)
    _hand_entry_queries(client, table)  # the first hand starts the round
    counts = [_hand_entry_queries(client, table) for _ in range(11)]
    assert counts[0] == counts[-1]
    tournament, _ = room_event(players=32)
    large = tournament.rounds.get(number=2).tables.get(number=8)
    win(large, 0, 1)
    assert _hand_entry_queries(client, large) == counts[0]


def test_the_blank_tile_picker_is_rendered_once_per_language(
    client, organiser, monkeypatch
):
    """34 tile buttons, the same for every table: each worker renders them
    once per language; a refused hand still gets its own picked tiles."""
    from tournaments.views import tile_picker as table_state

    monkeypatch.setattr(table_state, "_BLANK_PICKERS", {})
    rendered = []
    real = table_state.render_to_string

    def counting(template, *args, **kwargs):
        rendered.append(template)
        return real(template, *args, **kwargs)

    monkeypatch.setattr(table_state, "render_to_string", counting)
    table = organised_table(organiser)
    url = reverse("referee:table", args=[table.token])
    english = [client.get(url).content.decode() for _ in range(2)]
    french = client.get(url, headers={"Accept-Language": "fr"}).content.decode()
    assert rendered == ["scoring/_tile_picker.html"] * 2
    for page in (*english, french):
        assert page.count('class="tile-btn"') == 34
    assert (
        french.split("data-tile-picker")[1] != english[0].split("data-tile-picker")[1]
    )


def test_a_page_whose_table_is_cached_builds_no_standings_rows(client, monkeypatch):
    """400 phones opening the page at the start of a round: the rows are
    built for the first, the others get the cached table's bytes."""
    from tournaments.views import public

    built = []
    real = public.standing_rows

    def counting(*args, **kwargs):
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(public, "standing_rows", counting)
    tournament, _ = room_event()
    url = reverse("public:standings", args=[tournament.slug])
    pages = [client.get(url).content.decode() for _ in range(3)]
    assert built == [1]
    assert pages[0].count("<tr") == pages[2].count("<tr") == 9  # head + 8 players
