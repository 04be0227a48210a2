"""Setup services: players are matched on EMA number, then on name."""

from __future__ import annotations

import pytest

from tournaments.services.player_batches import find_or_create_players

pytestmark = pytest.mark.django_db


def one_player(**row):
    return find_or_create_players([row])[0]


def test_a_namesake_with_another_ema_number_is_another_player():
    first = one_player(first_name="Li", last_name="Wei", ema_number="1")
    same = one_player(first_name="li", last_name="WEI")
    other = one_player(first_name="Li", last_name="Wei", ema_number="2")
    assert same.pk == first.pk
    assert other.pk != first.pk and other.ema_number == "00000002"


def test_a_known_player_gets_what_was_missing_and_keeps_the_rest():
    """A later list may know a player's EMA number or country: blanks are
    filled, values already stored stay."""
    known = one_player(first_name="Anne", last_name="Roy", club="Lyon")
    again = one_player(
        first_name="Anne", last_name="Roy", club="Lyon", country="fra", ema_number="42"
    )
    assert again.pk == known.pk
    again.refresh_from_db()
    assert (again.club.name, again.country, again.ema_number) == (
        "Lyon",
        "FRA",
        "00000042",
    )
    clubless = one_player(first_name="Anne", last_name="Roy")
    assert clubless.pk == known.pk


def test_namesakes_of_two_clubs_are_two_players():
    """Issue 27: "two players of the same name from two clubs cannot both be
    registered". Two clubs, two players; a list naming no club or no number
    still finds the known one."""
    lyon = one_player(first_name="Anne", last_name="Roy", club="Lyon")
    paris = one_player(first_name="Anne", last_name="Roy", club="Paris")
    assert paris.pk != lyon.pk
    assert one_player(first_name="anne", last_name="roy", club="Paris").pk == paris.pk
    assert one_player(first_name="Anne", last_name="Roy", club="Lyon").pk == lyon.pk
    both = find_or_create_players(
        [
            {"first_name": "Bo", "last_name": "Chen", "club": "Lyon"},
            {"first_name": "Bo", "last_name": "Chen", "club": "Paris"},
        ]
    )
    assert both[0].pk != both[1].pk


def test_a_namesake_without_club_or_number_is_the_known_player():
    known = one_player(first_name="Zoë", last_name="Van der Ært", club="Gent")
    assert one_player(first_name="Zoë", last_name="van der ært").pk == known.pk
