"""The projector shows the clock of the round being played (issue 27, item 6).

Finding: "the projector page shows the next round's '2:00:00 Not started'
while the current round's clock runs".
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory, seated_table
from tournaments.models import Round
from tournaments.selectors.clock import get_current_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    """Round 1 playing with its clock running 30 minutes; round 2 seated early."""
    tournament = TournamentFactory(session_minutes=120, is_public=True)
    seated_table(tournament, 1)
    seated_table(tournament, 2)
    Round.objects.filter(tournament=tournament, number=1).update(
        status=Round.Status.PLAYING,
        clock_started_at=timezone.now() - timedelta(minutes=30),
    )
    return tournament


def clock_url(tournament, number):
    return reverse("public:round-clock", args=[tournament.slug, number])


def test_the_current_round_is_the_one_whose_clock_runs(tournament):
    assert get_current_round(tournament).number == 1


def test_a_paused_round_under_way_beats_a_seated_one(tournament):
    Round.objects.filter(tournament=tournament, number=1).update(
        clock_started_at=None, clock_elapsed_s=600
    )
    assert get_current_round(tournament).number == 1


def test_after_the_round_the_next_seated_one_is_current(tournament):
    Round.objects.filter(tournament=tournament, number=1).update(
        status=Round.Status.FINISHED, clock_started_at=None
    )
    assert get_current_round(tournament).number == 2
    Round.objects.filter(tournament=tournament, number=2).update(
        status=Round.Status.FINISHED
    )
    assert get_current_round(tournament) is None


def test_a_round_started_before_another_seated_round_is_current():
    """Rounds 1 and 2 seated, nothing started: round 1 comes first."""
    tournament = TournamentFactory()
    seated_table(tournament, 1)
    seated_table(tournament, 2)
    assert get_current_round(tournament).number == 1


def test_the_standings_projector_shows_the_running_rounds_clock(client, tournament):
    """Round 2 is the last seated (its "where do I sit?" link stays), but the
    clock is round 1's, labelled with its number."""
    page = client.get(reverse("public:projector", args=[tournament.slug]))
    html = page.content.decode()
    assert f"{clock_url(tournament, 1)}?labelled=1" in html
    assert clock_url(tournament, 2) not in html
    assert reverse("public:round-projector", args=[tournament.slug, 2]) in html


def test_the_seating_board_of_the_next_round_shows_the_running_clock(
    client, tournament
):
    page = client.get(reverse("public:round-projector", args=[tournament.slug, 2]))
    html = page.content.decode()
    assert f"{clock_url(tournament, 1)}?labelled=1" in html
    assert clock_url(tournament, 2) not in html


def test_the_labelled_clock_names_its_round_and_runs(client, tournament):
    """The clock the projector loads: round 1, time left, about 1:30:00."""
    response = client.get(
        f"{clock_url(tournament, 1)}?labelled=1", headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert "Round 1" in html and "Time left" in html and "Not started" not in html
    assert "1:29:" in html or "1:30:00" in html
    assert "?labelled=1" in html  # its polls keep the label


def test_the_clock_page_is_unlabelled(client, tournament):
    """The clock page has its own heading: the face does not repeat it."""
    html = client.get(clock_url(tournament, 1)).content.decode()
    assert 'class="clock-round"' not in html
