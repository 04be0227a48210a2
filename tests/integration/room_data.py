"""Builders for the room's page tests: a small event played through the services."""

from __future__ import annotations

from collections.abc import Sequence

from tests.factories import RegistrationFactory, TournamentFactory
from tournaments.models import WINDS, Registration, Round, Seat, Table, Tournament
from tournaments.services import hands as hand_services
from tournaments.services import setup


def seat_table(
    round_: Round, number: int, registrations: Sequence[Registration]
) -> Table:
    """Seat four registrations East, South, West, North; the round is seated."""
    if round_.status == Round.Status.PLANNED:
        round_.status = Round.Status.SEATED
        round_.save(update_fields=["status"])
    table = Table.objects.create(round=round_, number=number)
    for wind, registration in zip(WINDS, registrations, strict=True):
        Seat.objects.create(
            table=table, round=round_, registration=registration, wind=wind
        )
    return table


def win(table: Table, winner: int, discarder: int, fan_total: int = 12) -> None:
    """A discard win between two seats (indexes 0..3, East first)."""
    players = [
        seat.registration.player_id
        for seat in sorted(table.seats.select_related("registration"), key=_index)
    ]
    hand_services.record_hand(
        table_id=table.pk,
        result={
            "kind": "discard",
            "winner": players[winner],
            "discarder": players[discarder],
            "fan_total": fan_total,
        },
        actor=None,
    )


def close(table: Table) -> None:
    hand_services.close_table(table_id=table.pk, actor=None, time_called=True)


def _index(seat: Seat) -> int:
    return seat.index


def room_event(players: int = 8) -> tuple[Tournament, list[Registration]]:
    """Round 1 played, closed and finished (East of each table wins 12 from
    South); round 2 seated with the players' order reversed, nothing played yet."""
    tournament = TournamentFactory()
    registrations = [RegistrationFactory(tournament=tournament) for _ in range(players)]
    first = tournament.rounds.get(number=1)
    for number in range(players // 4):
        table = seat_table(
            first, number + 1, registrations[number * 4 : number * 4 + 4]
        )
        win(table, 0, 1)
        close(table)
    setup.finish_round(round_id=first.pk, actor=None)
    second = tournament.rounds.get(number=2)
    reversed_order = registrations[::-1]
    for number in range(players // 4):
        seat_table(second, number + 1, reversed_order[number * 4 : number * 4 + 4])
    return tournament, registrations
