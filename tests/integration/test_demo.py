"""`python manage.py load_demo`: the tournament `make run` shows."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tournaments.models import Tournament
from tournaments.seating import plan_stats
from tournaments.selectors.seating import published_rounds

# The demo seats through a job enqueued on commit: real commits are needed.
pytestmark = pytest.mark.django_db(transaction=True)


def test_demo_has_two_rounds_played_and_an_even_no_repeat_seating():
    call_command("load_demo")
    demo = Tournament.objects.get()
    assert list(demo.rounds.order_by("number").values_list("status", flat=True)) == [
        "finished",
        "finished",
        "seated",
        "seated",
    ]
    stats = plan_stats(published_rounds(demo, before=5))
    assert (stats.repeated_pairs, stats.wind_imbalance) == (0, 0)
    assert demo.registrations.count() == 16
    call_command("load_demo")  # a second run keeps the demo as it is
    assert Tournament.objects.count() == 1
