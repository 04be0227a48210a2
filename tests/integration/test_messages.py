"""The error catalogue: texts with a count take the count's plural form."""

from __future__ import annotations

from tournaments.messages import error_message
from tournaments.services.errors import ServiceError


def test_one_hand_is_singular_and_two_are_plural():
    one = error_message(ServiceError("session_not_over", hands=1))
    two = error_message(ServiceError("session_not_over", hands=2))
    assert one.startswith("Only 1 hand was played")
    assert two.startswith("Only 2 hands were played")


def test_substitutes_needed_chooses_the_plural():
    one = ServiceError(
        "player_count_not_multiple_of_four", count=15, substitutes_needed=1
    )
    assert "add 1 substitute or" in error_message(one)
    three = ServiceError(
        "player_count_not_multiple_of_four", count=13, substitutes_needed=3
    )
    assert "add 3 substitutes or" in error_message(three)


def test_plain_text_keeps_its_parameters():
    assert error_message(ServiceError("table_closed", table=7)).startswith(
        "Table 7 is closed"
    )
