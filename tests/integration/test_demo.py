"""`python manage.py load_demo`: the tournament `make run` shows."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tournaments.models import Tournament
from tournaments.seating import plan_stats
from tournaments.selectors.seating import published_rounds

# The demo seats through a job enqueued on commit: real commits are needed.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.db_sensitive]


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


def test_the_riichi_demo_plays_whole_hanchans_under_the_ema_settings():
    """``load_demo --ruleset riichi``: its own tournament beside MCR's, two
    rounds of hanchans played to their end; a table's payments sum to zero
    but for the riichi sticks still on the table (1,000 each)."""
    call_command("load_demo", ruleset="riichi")
    demo = Tournament.objects.get(slug="demo-riichi")
    assert demo.ruleset == "riichi"
    assert demo.ruleset_options["chombo"] == "deduction"  # the EMA preset
    played = demo.rounds.filter(status="finished")
    assert played.count() == 2
    for round_ in played:
        for table in round_.tables.all():
            hands = list(table.hands.all())
            assert len(hands) >= 8  # East and South, at least
            total = sum(sum(hand.deltas) for hand in hands)
            assert total <= 0 and total % 1000 == 0
            assert table.is_closed
