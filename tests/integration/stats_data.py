"""Played events for the statistics tests, built through the services.

Eight players, two rounds of two tables, hands drawn by a seeded random
generator under the event's rule set (wins by discard and self-draw,
washouts, riichi declarations and a chombo, French hand scores), a penalty
and some calculator breakdowns; every table closed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments.models import WINDS, Hand, Round, Seat, Table, Tournament
from tournaments.services import hands as hand_services
from tournaments.services import penalties
from tournaments.services.setup import finish_round

MCR_FANS = [
    {"number": 41, "name": "Mixed Triple Chow", "name_fr": "Triple suite mixte",
     "points": 8, "count": 1},
    {"number": 76, "name": "All Chows", "name_fr": "Que des suites",
     "points": 2, "count": 1},
]  # fmt: skip
YAKU = [
    {"name": "Riichi", "han": 1, "yakuman": False},
    {"name": "Tanyao", "han": 1, "yakuman": False},
]

Result = Callable[[random.Random, list[int], int], dict]


def _mcr(rng: random.Random, players: list[int], number: int) -> dict:
    roll = rng.random()
    winner = rng.choice(players)
    if roll < 0.2:
        return {"kind": "draw"}
    if roll < 0.45:
        return {"kind": "self_draw", "winner": winner, "fan_total": 8 + number}
    discarder = rng.choice([p for p in players if p != winner])
    return {
        "kind": "discard", "winner": winner, "discarder": discarder,
        "fan_total": rng.choice((8, 10, 12, 24)), "flowers": rng.choice((0, 1)),
    }  # fmt: skip


def _riichi(rng: random.Random, players: list[int], number: int) -> dict:
    roll = rng.random()
    winner = rng.choice(players)
    if roll < 0.15:
        tenpai = rng.sample(players, 2)
        return {"kind": "draw", "tenpai": tenpai, "riichi": tenpai[:1]}
    if roll < 0.2 and number > 1:
        return {"kind": "chombo", "offender": winner}
    riichi = [winner] if rng.random() < 0.5 else []
    if roll < 0.45:
        return {"kind": "self_draw", "winner": winner, "han": 2, "fu": 30,
                "riichi": riichi}  # fmt: skip
    discarder = rng.choice([p for p in players if p != winner])
    return {
        "kind": "discard", "winner": winner, "discarder": discarder,
        "han": rng.choice((1, 2, 3, 4)), "fu": 40, "riichi": riichi,
    }  # fmt: skip


def _french(rng: random.Random, players: list[int], number: int) -> dict:
    scores = {str(p): rng.choice((0, 4, 8, 16)) for p in players}
    if rng.random() < 0.2:
        return {"kind": "draw", "dominant_wind": "E", "scores": scores}
    winner = rng.choice(players)
    scores[str(winner)] = rng.choice((20, 40, 64))
    if rng.random() < 0.3:
        return {"kind": "self_draw", "winner": winner, "dominant_wind": "S",
                "scores": scores}  # fmt: skip
    discarder = rng.choice([p for p in players if p != winner])
    return {"kind": "discard", "winner": winner, "discarder": discarder,
            "dominant_wind": "E", "scores": scores}  # fmt: skip


RESULTS: dict[str, Result] = {"mcr": _mcr, "riichi": _riichi, "french_simple": _french}
BREAKDOWNS = {"mcr": MCR_FANS, "riichi": YAKU}


def _seat_table(round_: Round, number: int, registrations: list) -> Table:
    table = Table.objects.create(round=round_, number=number)
    for wind, registration in zip(WINDS, registrations, strict=True):
        Seat.objects.create(
            table=table, round=round_, registration=registration, wind=wind
        )
    return table


def _play(table: Table, players: list[int], code: str, actor, rng) -> None:
    for number in range(1, 7):
        hand, _ = hand_services.record_hand(
            table_id=table.pk, result=RESULTS[code](rng, players, number), actor=actor
        )
        if hand.winner_id and code in BREAKDOWNS and number % 2:
            # The breakdown the calculator stores with tiles.
            Hand.objects.filter(pk=hand.pk).update(fans=BREAKDOWNS[code])
    penalties.add_penalty(
        table_id=table.pk,
        player_id=players[1],
        kind="referee",
        points=1000 if code == "riichi" else 5,
        reason="slow play",
        actor=actor,
    )
    hand_services.close_table(table_id=table.pk, actor=actor, time_called=True)


def played_event(code: str, actor, seed: int = 5) -> Tournament:
    """An event under rule set ``code`` (``RESULTS``' keys), all played."""
    tournament = TournamentFactory(ruleset=code)
    registrations = [
        RegistrationFactory(tournament=tournament, player=PlayerFactory(), number=n)
        for n in range(1, 9)
    ]
    rng = random.Random(seed)
    for number in (1, 2):
        round_ = tournament.rounds.get(number=number)
        round_.status = Round.Status.SEATED
        round_.save()
        order = registrations if number == 1 else registrations[::-1]
        for table_number, group in ((1, order[:4]), (2, order[4:])):
            table = _seat_table(round_, table_number, group)
            _play(table, [r.player_id for r in group], code, actor, rng)
        finish_round(round_id=round_.pk, actor=actor)
    return tournament
