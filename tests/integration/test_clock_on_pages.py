"""The round clock where the room and the organiser read it: the round page's
table list (time left per table) and the projector boards."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory, seated_table
from tournaments.models import Round, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organiser):
    tournament = TournamentFactory(session_minutes=120)
    tournament.organisers.add(organiser)
    return seated_table(tournament)


def tables_part(client, table: Table) -> str:
    round_ = table.round
    url = reverse("staff:round-tables", args=[round_.tournament.slug, round_.number])
    return client.get(url).content.decode()


def test_round_page_shows_each_tables_time_left(client, organiser, table):
    """90 minutes run of 120: 30 left; a table given 10 more shows 40.

    A second may pass between setting the clock and reading the page."""
    client.force_login(organiser)
    thirty = re.compile(r">\s*(29:5\d|30:00)")
    assert not thirty.search(tables_part(client, table))  # clock not started
    Round.objects.filter(pk=table.round_id).update(
        clock_started_at=timezone.now() - timedelta(minutes=90)
    )
    assert thirty.search(tables_part(client, table))
    Table.objects.filter(pk=table.pk).update(extra_minutes=10)
    html = tables_part(client, table)
    assert re.search(r">\s*(39:5\d|40:00)", html) and "(+10 minutes)" in html


def test_round_page_says_time_is_up(client, organiser, table):
    client.force_login(organiser)
    Round.objects.filter(pk=table.round_id).update(
        clock_started_at=timezone.now() - timedelta(minutes=125)
    )
    assert "time is up" in tables_part(client, table)


def test_projector_boards_carry_the_round_clock(client, table):
    tournament = table.round.tournament
    clock_url = reverse("public:round-clock", args=[tournament.slug, 1])
    for url in (
        reverse("public:projector", args=[tournament.slug]),
        reverse("public:round-projector", args=[tournament.slug, 1]),
    ):
        assert clock_url in client.get(url).content.decode(), url


def test_finished_round_has_no_clock_on_the_projector(client, table):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.FINISHED)
    tournament = table.round.tournament
    clock_url = reverse("public:round-clock", args=[tournament.slug, 1])
    page = client.get(reverse("public:round-projector", args=[tournament.slug, 1]))
    assert clock_url not in page.content.decode()
