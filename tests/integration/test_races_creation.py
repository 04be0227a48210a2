"""Simultaneous creations and deletions (PostgreSQL): the right 200/201 or a
named refusal, never a database error."""

from __future__ import annotations

from tests.factories import player_ids, seated_table
from tests.integration.race_helpers import (
    RACE_MARKS,
    assert_only_named_errors,
    discard,
    postgres_only,  # noqa: F401 - fixture
    race,
)
from tournaments.models import Hand, Penalty, Player, Registration, Tournament
from tournaments.services import hands, penalties
from tournaments.services.setup import create_tournament, register_players

pytestmark = RACE_MARKS

WRITERS = 8


def test_simultaneous_registrations_get_consecutive_numbers(tournament, organiser):
    """Eight registrations at once: all stored, numbered 1 to 8."""
    outcomes = race(
        **{
            f"register_{n}": lambda n=n: register_players(
                tournament=tournament,
                players=[{"first_name": "Ann", "last_name": f"Racer{n}"}],
                actor=organiser,
            )
            for n in range(WRITERS)
        }
    )
    assert_only_named_errors(outcomes, {})
    numbers = tournament.registrations.values_list("number", flat=True)
    assert sorted(numbers) == list(range(1, WRITERS + 1))


def test_same_new_ema_player_registered_twice_at_once(tournament, organiser):
    """The same new EMA player sent twice at once: one player, one
    registration, no error."""
    row = {"first_name": "Li", "last_name": "Wei", "ema_number": "04123456"}
    outcomes = race(
        **{
            f"register_{n}": lambda: register_players(
                tournament=tournament, players=[row], actor=organiser
            )
            for n in range(WRITERS)
        }
    )
    assert_only_named_errors(outcomes, {})
    assert Player.objects.filter(ema_number="04123456").count() == 1
    assert Registration.objects.filter(tournament=tournament).count() == 1


def test_same_new_ema_player_in_two_tournaments_at_once(organiser):
    """Two tournaments register the same new EMA player at once: both
    registrations point at one player."""
    first = create_tournament(name="North Open", actor=organiser)
    second = create_tournament(name="South Open", actor=organiser)
    row = {"first_name": "Li", "last_name": "Wei", "ema_number": "04123456"}
    outcomes = race(
        **{
            f"register_{n}": lambda n=n: register_players(
                tournament=(first, second)[n % 2], players=[row], actor=organiser
            )
            for n in range(WRITERS)
        }
    )
    assert_only_named_errors(outcomes, {})
    player = Player.objects.get(ema_number="04123456")
    assert set(player.registrations.values_list("tournament", flat=True)) == {
        first.pk,
        second.pk,
    }


def test_same_name_tournaments_created_at_once_get_their_own_slugs(organiser):
    """Eight "Spring Open" at once: eight tournaments, eight short names."""
    outcomes = race(
        **{
            f"create_{n}": lambda: create_tournament(
                name="Spring Open", actor=organiser
            )
            for n in range(WRITERS)
        }
    )
    assert_only_named_errors(outcomes, {})
    slugs = set(
        Tournament.objects.filter(name="Spring Open").values_list("slug", flat=True)
    )
    assert len(slugs) == WRITERS
    assert "spring-open" in slugs


def test_same_hand_deleted_twice_at_once(organiser):
    """One delete wins; the other is told there is no such hand (409)."""
    table = seated_table()
    a, b, _c, _d = player_ids(table)
    hand, _ = hands.record_hand(
        table_id=table.pk, result=discard(a, b), actor=organiser
    )
    outcomes = race(
        **{
            f"delete_{n}": lambda: hands.delete_hand(
                hand_id=hand.pk, expected_version=hand.version, actor=organiser
            )
            for n in range(2)
        }
    )
    assert_only_named_errors(
        outcomes, {"delete_0": {"unknown_hand"}, "delete_1": {"unknown_hand"}}
    )
    assert sum(outcome.error is None for outcome in outcomes.values()) == 1
    assert not Hand.objects.filter(table=table).exists()


def test_same_penalty_removed_twice_at_once(organiser):
    """One removal wins; the other is told there is no such penalty (409)."""
    table = seated_table()
    a, _b, _c, _d = player_ids(table)
    penalty, _ = penalties.add_penalty(
        table_id=table.pk, player_id=a, kind="referee", points=10, actor=organiser
    )
    outcomes = race(
        **{
            f"remove_{n}": lambda: penalties.remove_penalty(
                penalty_id=penalty.pk, actor=organiser
            )
            for n in range(2)
        }
    )
    assert_only_named_errors(
        outcomes, {"remove_0": {"penalty_not_found"}, "remove_1": {"penalty_not_found"}}
    )
    assert sum(outcome.error is None for outcome in outcomes.values()) == 1
    assert not Penalty.objects.filter(table=table).exists()
