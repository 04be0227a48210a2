"""The organiser's round page at any size (issue 31, item 3): its tables a
page at a time, each QR code drawn once per link, its poll answered 304
while nothing changed, the print page built once per seating, and query
counts that do not grow with the number of tables."""

from __future__ import annotations

import re
from datetime import timedelta
from html import escape
from types import SimpleNamespace

import pytest
import segno
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.integration.redis_server import own_redis_server
from tests.integration.round_helpers import named_players, organised, seat_round
from tournaments.models import Player, Round, Table
from tournaments.selectors import round_page
from tournaments.services import hands, seating

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

#: Tables per page in these tests: three tables make two pages.
PER_PAGE = 2


@pytest.fixture(autouse=True)
def small_pages(monkeypatch):
    monkeypatch.setattr(round_page, "TABLES_PER_PAGE", PER_PAGE)
    cache.clear()
    yield
    cache.clear()


def seated_tables(organiser, count: int) -> list[Table]:
    tournament = organised(organiser)
    names = [f"Player{n} Family{n}" for n in range(count * 4)]
    regs = named_players(tournament, names)
    return seat_round(tournament, 1, [regs[i : i + 4] for i in range(0, len(regs), 4)])


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def urls(table: Table) -> dict[str, str]:
    args = [table.round.tournament.slug, table.round.number]
    return {
        name: reverse(f"staff:{name}", args=args)
        for name in ("round", "round-tables", "round-print", "swap")
    }


@pytest.fixture
def drawn_codes(monkeypatch) -> list[str]:
    """The content of every QR code drawn (``segno.make``) during the test."""
    calls: list[str] = []
    make = segno.make

    def counting_make(content, *args, **kwargs):
        calls.append(content)
        return make(content, *args, **kwargs)

    monkeypatch.setattr(segno, "make", counting_make)
    return calls


def test_tables_come_a_page_at_a_time_with_a_go_to_table_field(staff_client, organiser):
    tables = seated_tables(organiser, 5)
    url = urls(tables[0])["round"]
    first = staff_client.get(url).content.decode()
    assert 'id="table-row-1"' in first and 'id="table-row-2"' in first
    assert 'id="table-row-3"' not in first and 'id="link-3"' not in first
    assert 'href="?page=2#tables"' in first and "Tables 3–4" in first
    assert 'name="table"' in first  # go to table
    # The page's links and QR codes only.
    assert first.count('class="copy-link"') == PER_PAGE

    third = staff_client.get(url, {"page": "3"}).content.decode()
    assert 'id="table-row-5"' in third and 'id="table-row-1"' not in third
    tables_url = urls(tables[0])["round-tables"]
    assert f'hx-get="{tables_url}?page=3"' in third  # the poll keeps its page

    found = staff_client.get(url, {"table": "4"}).content.decode()
    assert 'id="table-row-4"' in found and 'class="table-waiting wanted"' in found
    for hostile in ("0", "-1", "x", "99999999999", "4<script>"):
        assert staff_client.get(url, {"page": hostile}).status_code == 200
        assert staff_client.get(url, {"table": hostile}).status_code == 200


def test_the_summary_counts_every_table_not_only_the_page(staff_client, organiser):
    tables = seated_tables(organiser, 3)
    hands.record_hand(table_id=tables[2].pk, result={"kind": "draw"}, actor=organiser)
    hands.close_table(table_id=tables[1].pk, actor=organiser, time_called=True)
    html = staff_client.get(urls(tables[0])["round-tables"]).content.decode()
    summary = " ".join(html.split('id="tables-summary"')[1].split("</p>")[0].split())
    assert summary.endswith("1 table still playing, 1 not started, 1 closed")


def test_a_new_link_or_a_reopened_table_goes_back_to_its_page(staff_client, organiser):
    tables = seated_tables(organiser, 3)
    slug = tables[0].round.tournament.slug
    new_link = reverse("staff:table-new-link", args=[slug, 1, 3])
    response = staff_client.post(new_link)
    assert response["Location"].endswith("?table=3#table-3")
    page = staff_client.get(response["Location"]).content.decode()
    tables[2].refresh_from_db()
    assert f"/table/{tables[2].token}/" in page


def test_each_qr_code_is_drawn_once_per_link(staff_client, organiser, drawn_codes):
    tables = seated_tables(organiser, 2)
    pages = urls(tables[0])
    for _ in range(3):
        page = staff_client.get(pages["round"]).content.decode()
    assert page.count('class="segno"') == 2
    staff_client.get(pages["round-print"])  # the print size was drawn too
    assert len(drawn_codes) == 2

    seating.rotate_table_token(table_id=tables[0].pk, actor=organiser)
    tables[0].refresh_from_db()
    page = staff_client.get(pages["round"]).content.decode()
    assert len(drawn_codes) == 3 and drawn_codes[-1].endswith(
        f"/table/{tables[0].token}/"
    )
    assert f"<title>http://testserver/table/{tables[0].token}/</title>" in page


def etag_of(response) -> str:
    assert response.status_code == 200
    return response.headers["ETag"]


def test_the_poll_answers_304_until_something_changes(staff_client, organiser):
    tables = seated_tables(organiser, 2)
    pages = urls(tables[0])
    page = staff_client.get(pages["round"]).content.decode()
    tables_url = pages["round-tables"]
    poll = staff_client.get(tables_url, headers={"HX-Request": "true"})
    etag = etag_of(poll)
    assert f'data-etag="{escape(etag)}"' in page  # the page's list starts with it
    assert "no-cache" in poll.headers["Cache-Control"]

    again = {"HX-Request": "true", "If-None-Match": etag}
    assert staff_client.get(tables_url, headers=again).status_code == 304

    hands.record_hand(table_id=tables[0].pk, result={"kind": "draw"}, actor=organiser)
    changed = staff_client.get(tables_url, headers=again)
    assert etag_of(changed) != etag and "1/16 hands" in changed.content.decode()


@pytest.mark.parametrize(
    "change",
    ["extra minutes", "swap", "reseat", "clock", "round status", "page", "language"],
)
def test_the_poll_s_etag_moves_with_what_the_list_shows(
    staff_client, organiser, change
):
    tables = seated_tables(organiser, 3)
    tables_url = urls(tables[0])["round-tables"]
    before = etag_of(staff_client.get(tables_url))
    round_ = tables[0].round
    query: dict[str, str] = {}
    if change == "extra minutes":
        Table.objects.filter(pk=tables[0].pk).update(extra_minutes=5)
    elif change == "swap":
        seating.swap_players(
            round_id=round_.pk,
            first=tables[0].seats.get(wind="E").registration.player_id,
            second=tables[1].seats.get(wind="E").registration.player_id,
            actor=organiser,
        )
    elif change == "reseat":
        Table.objects.filter(pk=tables[2].pk).delete()
    elif change == "clock":
        Round.objects.filter(pk=round_.pk).update(clock_started_at=timezone.now())
    elif change == "round status":
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING)
    elif change == "page":
        query = {"page": "2"}
    else:
        staff_client.cookies["django_language"] = "fr"
    assert etag_of(staff_client.get(tables_url, query)) != before


def test_a_running_clock_changes_the_etag_only_once_time_is_up(
    staff_client, organiser, monkeypatch
):
    """Before the round's time is up the browser counts down by itself:
    the same ETag. After it, a table's extension may end at any minute."""
    tables = seated_tables(organiser, 1)
    tables_url = urls(tables[0])["round-tables"]
    round_ = tables[0].round
    started = timezone.now()
    Round.objects.filter(pk=round_.pk).update(clock_started_at=started)

    def etag_after(minutes: float) -> str:
        # The clock's reading only: the session and login keep real time.
        later = SimpleNamespace(now=lambda: started + timedelta(minutes=minutes))
        monkeypatch.setattr("tournaments.selectors.clock.timezone", later)
        return etag_of(staff_client.get(tables_url))

    session = round_.tournament.session_minutes
    assert etag_after(session - 30) == etag_after(session - 20)
    html = staff_client.get(tables_url).content.decode()
    countdown = r'class="countdown" data-seconds-left="\d+" data-running="1"'
    assert re.search(countdown, html)
    assert etag_after(session + 1.5) != etag_after(session + 2.5)


def test_the_print_page_is_built_once_per_seating(staff_client, organiser):
    tables = seated_tables(organiser, 2)
    print_url = urls(tables[0])["round-print"]
    first = staff_client.get(print_url).content.decode()
    with CaptureQueriesContext(connection) as warm:
        again = staff_client.get(print_url).content.decode()
    assert again.split('id="slips"')[1] == first.split('id="slips"')[1]
    assert not any("tournaments_hand" in q["sql"] for q in warm.captured_queries)

    # A typo in a name, fixed after the seating: the slips say it at once.
    player = tables[0].seats.get(wind="E").registration.player
    Player.objects.filter(pk=player.pk).update(first_name="Renamed")
    assert "Renamed" in staff_client.get(print_url).content.decode()
    seating.rotate_table_token(table_id=tables[1].pk, actor=organiser)
    tables[1].refresh_from_db()
    assert f"/table/{tables[1].token}/" in staff_client.get(print_url).content.decode()


def test_a_round_of_many_pages_swaps_on_a_page_of_its_own(staff_client, organiser):
    tables = seated_tables(organiser, 3)
    pages = urls(tables[0])
    round_page_html = staff_client.get(pages["round"])
    assert round_page_html.context["swap_form"] is None
    assert f'href="{pages["swap"]}"' in round_page_html.content.decode()
    swap_page = staff_client.get(pages["swap"])
    choices = dict(swap_page.context["swap_form"].fields["first"].choices)
    assert len(choices) == 12  # every seat of the round, on every page


def queries(client, url: str, **headers: str) -> int:
    client.get(url, headers=headers)  # caches warm, as after a first view
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, headers=headers)
    assert response.status_code in (200, 304)
    return len(captured)


def test_query_counts_do_not_grow_with_the_round(staff_client, organiser):
    """Three and nine tables (two and five pages): the same queries for the
    round page, its poll, a 304 and the print page."""
    counts = []
    for size in (3, 9):
        tables = seated_tables(organiser, size)
        for table in tables:
            hands.record_hand(
                table_id=table.pk, result={"kind": "draw"}, actor=organiser
            )
        pages = urls(tables[0])
        poll = staff_client.get(pages["round-tables"], headers={"HX-Request": "true"})
        counts.append(
            (
                queries(staff_client, pages["round"]),
                queries(staff_client, pages["round-tables"]),
                queries(
                    staff_client,
                    pages["round-tables"],
                    **{"If-None-Match": poll.headers["ETag"]},
                ),
                queries(staff_client, pages["round-print"]),
            )
        )
    assert counts[0] == counts[1], counts


def test_with_redis_down_the_round_page_and_its_poll_answer(
    settings, staff_client, organiser
):
    tables = seated_tables(organiser, 3)
    pages = urls(tables[0])
    with own_redis_server() as server:
        settings.CACHES = {
            "default": {
                "BACKEND": "config.redis_cache.SharedClientRedisCache",
                "LOCATION": server.url,
            }
        }
        assert staff_client.get(pages["round"]).status_code == 200
        server.kill()
        for name in ("round", "round-tables", "round-print"):
            response = staff_client.get(pages[name])
            assert response.status_code == 200, name
            assert 'class="segno"' in response.content.decode() or name == (
                "round-tables"
            )


def test_a_fresh_seating_s_codes_beyond_the_first_ten_come_as_images(
    staff_client, organiser, monkeypatch
):
    """A view of the round page draws ten QR codes at most; the others come
    as cacheable images, and are inline from the next view on."""
    monkeypatch.setattr(round_page, "TABLES_PER_PAGE", 50)
    tables = seated_tables(organiser, 12)
    url = urls(tables[0])["round"]
    first = staff_client.get(url).content.decode()
    assert first.count('class="segno"') == 10
    images = re.findall(r'<img src="([^"]+/qr\.svg\?v=\w+)"', first)
    assert len(images) == 2
    image = staff_client.get(images[0])
    assert image["Content-Type"] == "image/svg+xml"
    assert "max-age" in image["Cache-Control"] and "private" in image["Cache-Control"]
    assert image.content.startswith(b'<svg xmlns="http://www.w3.org/2000/svg" ')
    assert b"/table/" in image.content
    again = staff_client.get(url).content.decode()
    assert (
        again.count('class="segno"') == 12
        and "<img" not in again.split('id="links"')[1]
    )


def test_the_qr_image_is_the_organisers_and_follows_the_link(staff_client, organiser):
    tables = seated_tables(organiser, 1)
    slug = tables[0].round.tournament.slug
    url = reverse("staff:table-qr", args=[slug, 1, 1])
    assert Client().get(url).status_code == 302  # to the login page
    before = staff_client.get(url).content
    seating.rotate_table_token(table_id=tables[0].pk, actor=organiser)
    tables[0].refresh_from_db()
    after = staff_client.get(url)
    assert after.content != before and tables[0].token.encode() in after.content
    assert "no-cache" in after["Cache-Control"]  # no ?v=: revalidated
    assert (
        staff_client.get(reverse("staff:table-qr", args=[slug, 1, 9])).status_code
        == 404
    )


def test_the_public_round_page_renders_its_tables_once_per_change(
    organiser, monkeypatch
):
    """The room's phones opening "where do I sit": the page and the polls
    share one rendering of the tables until something changes (the table
    cards, each cached by its table's version: tests/integration/
    test_round_cards.py)."""
    from tournaments.views import round_cards

    calls: list[int] = []
    listed = round_cards.list_round_tables

    def counting(round_):
        calls.append(round_.pk)
        return listed(round_)

    monkeypatch.setattr(round_cards, "list_round_tables", counting)
    tables = seated_tables(organiser, 2)
    tournament = tables[0].round.tournament
    tournament.is_public = True
    tournament.save(update_fields=["is_public"])
    url = reverse("public:round", args=[tournament.slug, 1])
    phones = [Client() for _ in range(3)]
    for phone in phones:
        assert "Player0 Family0" in phone.get(url).content.decode()
        phone.get(url, headers={"HX-Request": "true"})
    assert len(calls) == 1
    hands.record_hand(table_id=tables[0].pk, result={"kind": "draw"}, actor=organiser)
    for phone in phones:
        phone.get(url)
    assert len(calls) == 2


def test_a_fresh_seating_s_print_page_draws_ten_codes_and_keeps_the_full_one(
    staff_client, organiser, drawn_codes
):
    """800 codes in one request took 5-7 s: the print page draws ten, shows
    the others as images, and keeps only a version with every code inline."""
    tables = seated_tables(organiser, 12)
    print_url = urls(tables[0])["round-print"]
    first = staff_client.get(print_url).content.decode()
    assert first.count('class="segno"') == 10 and len(drawn_codes) == 10
    images = re.findall(r'<img src="([^"]+/qr\.svg\?v=\w+)"', first)
    assert len(images) == 2
    for image in images:  # the browser fetches them: each drawn once
        assert staff_client.get(image).status_code == 200
    assert len(drawn_codes) == 12
    second = staff_client.get(print_url).content.decode()
    assert second.count('class="segno"') == 12 and "<img" not in second
    third = staff_client.get(print_url).content.decode()
    slips = 'id="slips"'
    assert third.split(slips)[1] == second.split(slips)[1] and len(drawn_codes) == 12
