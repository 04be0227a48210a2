"""The archive's reader (pure) repeats the models' choices: they agree."""

from __future__ import annotations

from tournaments.archive import limits
from tournaments.models import Registration, Round, Tournament


def test_the_format_choices_are_the_models():
    assert tuple(Tournament.Status.values) == limits.TOURNAMENT_STATUSES
    assert tuple(Tournament.SeatingMode.values) == limits.SEATING_MODES
    assert tuple(Registration.Status.values) == limits.REGISTRATION_STATUSES
    assert tuple(Round.Status.values) == limits.ROUND_STATUSES
