"""A small played tournament for the export tests, built through the services.

Eight players, two rounds of two tables. Table 2 seats the same four players
in both rounds and only has washouts, so they tie completely and share a
rank; table 1 has wins by discard and self-draw, a calculator breakdown and
penalties. Names carry accents and one looks like a spreadsheet formula.
"""

from __future__ import annotations

import random
from datetime import date

from tests.factories import PlayerFactory, RegistrationFactory
from tournaments.models import WINDS, Hand, Round, Seat, Table, Tournament
from tournaments.services import hands as hand_services
from tournaments.services import penalties
from tournaments.services.setup import finish_round

NAMES = [
    ("Anaïs", "Lefèvre", "04010013"),
    ("Bo", "Chen", "04010020"),
    ("Carla", "Rossi", ""),
    ("Dirk", "de Vries", "08000001"),
    ("Élodie", "Gaël", ""),
    ("=SUM(A1)", "Frank", ""),
    ("Greta", "Ørsted", "05000002"),
    ("Hugo", "Ibáñez", ""),
]
FANS = [
    {"number": 1, "name": "Big Four Winds", "name_fr": "Quatre grands vents",
     "points": 88, "count": 1},
    {"number": 81, "name": "Flower Tiles", "name_fr": "Fleurs", "points": 1,
     "count": 2},
]  # fmt: skip


def register_players(tournament: Tournament) -> list:
    registrations = []
    for index, (first, last, ema) in enumerate(NAMES, start=1):
        player = PlayerFactory(first_name=first, last_name=last, ema_number=ema)
        registrations.append(
            RegistrationFactory(tournament=tournament, player=player, number=index)
        )
    return registrations


def seat_table(round_: Round, number: int, registrations: list) -> Table:
    table = Table.objects.create(round=round_, number=number)
    for wind, registration in zip(WINDS, registrations, strict=True):
        Seat.objects.create(
            table=table, round=round_, registration=registration, wind=wind
        )
    return table


def play_table(table: Table, players: list[int], actor, rng: random.Random) -> None:
    """Four hands of wins (one with a fan breakdown), a penalty, time called."""
    for hand_number in range(4):
        winner = rng.choice(players)
        if hand_number % 2:
            result = {
                "kind": "self_draw",
                "winner": winner,
                "fan_total": 8 + hand_number,
            }
        else:
            discarder = rng.choice([p for p in players if p != winner])
            first = hand_number == 0
            result = {
                "kind": "discard", "winner": winner, "discarder": discarder,
                "fan_total": 88 if first else 12, "flowers": 2 if first else 0,
            }  # fmt: skip
        hand, _ = hand_services.record_hand(
            table_id=table.pk, result=result, actor=actor
        )
        if hand_number == 0:
            # The breakdown the calculator stores; entering tiles here would
            # only repeat the calculator's own tests.
            Hand.objects.filter(pk=hand.pk).update(fans=FANS)
    penalties.add_penalty(
        table_id=table.pk,
        player_id=players[1],
        kind="referee",
        points=5,
        reason="slow play",
        actor=actor,
    )
    hand_services.close_table(table_id=table.pk, actor=actor, time_called=True)


def washout_table(table: Table, actor) -> None:
    for _ in range(2):
        hand_services.record_hand(
            table_id=table.pk, result={"kind": "draw"}, actor=actor
        )
    hand_services.close_table(table_id=table.pk, actor=actor, time_called=True)


def played_tournament(tournament: Tournament, actor, seed: int = 3) -> Tournament:
    """Fill ``tournament`` (two rounds or more) with the played data above."""
    tournament.city, tournament.country = "Paris", "fra"
    tournament.start_date, tournament.end_date = date(2026, 3, 14), date(2026, 3, 15)
    tournament.save()
    registrations = register_players(tournament)
    rng = random.Random(seed)
    for number in (1, 2):
        round_ = tournament.rounds.get(number=number)
        round_.status = Round.Status.SEATED
        round_.save()
        first = registrations[:4] if number == 1 else registrations[:4][::-1]
        table = seat_table(round_, 1, first)
        play_table(table, [r.player_id for r in first], actor, rng)
        washout_table(seat_table(round_, 2, registrations[4:]), actor)
        # A round opens once the one before it is finished.
        finish_round(round_id=round_.pk, actor=actor)
    return tournament
