"""Builders for the organiser round tests: named players seated by hand."""

from __future__ import annotations

from typing import Any

from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments.models import WINDS, Registration, Round, Seat, Table, Tournament


def named_players(tournament: Tournament, names: list[str]) -> list[Registration]:
    """One registration per "First Last" name, in order."""
    registrations = []
    for name in names:
        first, last = name.split(" ", 1)
        player = PlayerFactory(first_name=first, last_name=last)
        registrations.append(RegistrationFactory(tournament=tournament, player=player))
    return registrations


def seat_round(
    tournament: Tournament,
    number: int,
    tables: list[list[Registration]],
    status: str = Round.Status.SEATED,
) -> list[Table]:
    """Seat round ``number``: each list of four sits East, South, West, North."""
    round_ = tournament.rounds.get(number=number)
    round_.status = status
    round_.save(update_fields=["status"])
    created = []
    for table_number, players in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=table_number)
        for wind, registration in zip(WINDS, players, strict=True):
            Seat.objects.create(
                table=table, round=round_, registration=registration, wind=wind
            )
        created.append(table)
    return created


def organised(organiser: Any, **fields: Any) -> Tournament:
    tournament = TournamentFactory(**fields)
    tournament.organisers.add(organiser)
    return tournament


EIGHT = [
    "Anna Bell", "Bo Chen", "Carl Dunn", "Dora Eck",
    "Emil Falk", "Fay Gale", "Gus Hart", "Hana Ito",
]  # fmt: skip
