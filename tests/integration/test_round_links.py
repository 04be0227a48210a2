"""The round page's tables: full links with copy and QR code, a new link per
table, the self-refreshing table list, and re-seating's confirmation."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.page_factories import tournament_with_players
from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import AuditEvent, Round, Table
from tournaments.services import hands

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def seated(organiser):
    tournament = organised(organiser)
    regs = named_players(tournament, EIGHT)
    tables = seat_round(tournament, 1, [regs[:4], regs[4:]])
    return tournament, tables


def test_links_are_written_out_with_copy_button_and_qr_code(staff_client, seated):
    tournament, tables = seated
    response = staff_client.get(reverse("staff:round", args=[tournament.slug, 1]))
    page = response.content.decode()
    for table in tables:
        link = f"http://testserver/table/{table.token}/"
        assert f'id="link-{table.number}" href="{link}"' in page
        assert f">{link}</a>" in page  # the whole link, not a truncated input
    assert page.count('class="copy-link"') == 2
    assert page.count('<svg viewBox="0 0') >= 2 and 'class="segno"' in page
    assert 'type="text" readonly' not in page


def test_new_link_replaces_the_token_and_the_old_link_stops(
    client, staff_client, organiser, seated
):
    tournament, tables = seated
    old = tables[0].token
    page = staff_client.get(reverse("staff:round", args=[tournament.slug, 1]))
    assert "The current link of table 1 stops working at once" in page.content.decode()
    url = reverse("staff:table-new-link", args=[tournament.slug, 1, 1])
    response = staff_client.post(url, follow=True)
    tables[0].refresh_from_db()
    assert tables[0].token != old
    assert "Table 1 has a new link: the old one no longer works." in (
        response.content.decode()
    )
    assert client.get(f"/table/{old}/").status_code == 404
    assert client.get(f"/table/{tables[0].token}/").status_code == 200
    event = AuditEvent.objects.get(action="table.new_link")
    assert event.table_id == tables[0].pk and old not in str(event.after)


def test_new_link_needs_a_post(staff_client, seated):
    tournament, tables = seated
    url = reverse("staff:table-new-link", args=[tournament.slug, 1, 1])
    assert staff_client.get(url).status_code == 405


def test_table_list_polls_itself_and_counts_hands(staff_client, organiser, seated):
    tournament, tables = seated
    for _ in range(9):
        hands.record_hand(
            table_id=tables[0].pk, result={"kind": "draw"}, actor=organiser
        )
    hands.close_table(table_id=tables[1].pk, actor=organiser, time_called=True)
    page = staff_client.get(
        reverse("staff:round", args=[tournament.slug, 1])
    ).content.decode()
    tables_url = reverse("staff:round-tables", args=[tournament.slug, 1])
    assert f'hx-get="{tables_url}"' in page and 'hx-trigger="every 15s"' in page
    partial = staff_client.get(tables_url, headers={"HX-Request": "true"})
    html = partial.content.decode()
    assert "<form" not in html.split("<tbody>")[0]  # no seating or swap form
    assert "9/16 hands" in html and "0/16 hands" in html
    assert "1 table still playing" in html and "1 closed" in html
    assert "not started," not in html
    assert 'class="time-left" data-table="1"' in html
    row = html.split('id="table-row-1"')[1].split('class="state">')[1]
    assert row.startswith("still playing")


def test_plural_summary(staff_client, organiser):
    tournament = organised(organiser)
    regs = named_players(tournament, EIGHT)
    seat_round(tournament, 1, [regs[:4], regs[4:]])
    url = reverse("staff:round-tables", args=[tournament.slug, 1])
    html = staff_client.get(url).content.decode()
    summary = " ".join(html.split('id="tables-summary"')[1].split("</p>")[0].split())
    assert summary.endswith("0 tables still playing, 2 not started, 0 closed")


def test_reseating_asks_to_confirm_that_links_stop(
    staff_client, organiser, django_capture_on_commit_callbacks
):
    tournament = tournament_with_players(organiser, 8)
    url = reverse("staff:seating-start", args=[tournament.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(url)
    tokens = set(Table.objects.values_list("token", flat=True))
    page = staff_client.get(reverse("staff:round", args=[tournament.slug, 1]))
    assert (
        "Round 1 is seated: seating it again replaces its tables and every table "
        "link already handed out stops working."
    ) in page.content.decode()
    assert 'name="confirm_reseat"' in page.content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        refused = staff_client.post(url, follow=True)
    assert "tick the box to confirm" in refused.content.decode()
    assert set(Table.objects.values_list("token", flat=True)) == tokens

    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(url, {"confirm_reseat": "1"})
    new_tokens = set(Table.objects.values_list("token", flat=True))
    assert len(new_tokens) == 2 and not new_tokens & tokens


def test_seat_and_publish_every_later_round_asks_too(
    staff_client, organiser, django_capture_on_commit_callbacks
):
    tournament = tournament_with_players(organiser, 8)
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(reverse("staff:seating-start", args=[tournament.slug, 1]))
    url = reverse("staff:seating-review", args=[tournament.slug, 1])
    tokens = set(Table.objects.values_list("token", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(url, {"publish": "1"})
    assert set(Table.objects.values_list("token", flat=True)) == tokens
    assert not tournament.rounds.get(number=2).tables.exists()
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(url, {"publish": "1", "confirm_reseat": "1"})
    assert tournament.rounds.get(number=4).tables.count() == 2


def test_reseating_refused_once_a_hand_is_recorded(
    staff_client, organiser, django_capture_on_commit_callbacks
):
    tournament = organised(organiser)
    regs = named_players(tournament, EIGHT)
    tables = seat_round(tournament, 1, [regs[:4], regs[4:]])
    hands.record_hand(table_id=tables[0].pk, result={"kind": "draw"}, actor=organiser)
    url = reverse("staff:seating-start", args=[tournament.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(url, {"confirm_reseat": "1"}, follow=True)
    assert "Round 1 has started: it cannot be seated again." in (
        response.content.decode()
    )
    assert tournament.rounds.get(number=1).status == Round.Status.PLAYING
    assert set(Table.objects.values_list("pk", flat=True)) == {t.pk for t in tables}


def test_round_pages_render_in_french(staff_client, seated):
    tournament, _tables = seated
    staff_client.cookies["django_language"] = "fr"
    for name in ("staff:round", "staff:round-tables", "staff:round-print"):
        response = staff_client.get(reverse(name, args=[tournament.slug, 1]))
        assert response.status_code == 200
        assert response.headers["Content-Language"] == "fr"


def test_publishing_a_reviewed_plan_over_seated_rounds_asks_too(
    staff_client, organiser, django_capture_on_commit_callbacks
):
    tournament = tournament_with_players(organiser, 8)
    review = reverse("staff:seating-review", args=[tournament.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(review, {"publish": "1"})
    tokens = set(Table.objects.values_list("token", flat=True))
    assert len(tokens) == 8
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(review)  # a new plan, for review: replaces nothing
    page = staff_client.get(reverse("staff:round", args=[tournament.slug, 1]))
    assert "Rounds 1, 2, 3, 4 are seated" in page.content.decode()
    publish = reverse("staff:seating-publish", args=[tournament.slug, 1])
    staff_client.post(publish)
    assert set(Table.objects.values_list("token", flat=True)) == tokens
    staff_client.post(publish, {"confirm_reseat": "1"})
    assert not set(Table.objects.values_list("token", flat=True)) & tokens
