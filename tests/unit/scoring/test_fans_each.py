"""Every fan of mcr.md section 1: a hand that scores it, a close one that does not."""

from __future__ import annotations

import pytest

from scoring.engine.mcr.fans import FANS
from tests.unit.scoring.fan_hands import FAN_CASES, Hand, fans_of


def test_every_fan_has_a_case() -> None:
    """The table of cases covers the 81 fans, each once."""
    assert sorted(number for number, _, _ in FAN_CASES) == [f.number for f in FANS]


@pytest.mark.parametrize(
    ("number", "scoring", "close"),
    FAN_CASES,
    ids=[f"{number:02d}" for number, _, _ in FAN_CASES],
)
def test_fan_scores_only_where_it_should(
    number: int, scoring: Hand, close: Hand
) -> None:
    """The fan is in the breakdown of its hand and absent from the close hand."""
    assert number in fans_of(scoring)
    assert number not in fans_of(close)
