"""Played events for the statistics tests, built through the services, and
the recount an outside client would make of their figures from the rows.

Eight players, two rounds of two tables, hands drawn by a seeded random
generator under the event's rule set (wins by discard and self-draw,
washouts, riichi declarations and a chombo, French hand scores), a penalty
and some calculator breakdowns; every table closed.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

from scoring.engine.rulesets import get_ruleset
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments.models import (
    WINDS,
    Hand,
    Penalty,
    Round,
    Seat,
    SeatResult,
    Table,
    Tournament,
)
from tournaments.selectors.exports import player_scores
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


WASHOUTS = {"draw", "abortive_draw"}


def recount(tournament: Tournament) -> dict[int, dict[str, object]]:
    """Each player's figures, counted here from the rows themselves."""
    rules = get_ruleset(tournament.ruleset)
    main_unit = rules.words.units[0]
    tally: dict[int, dict[str, object]] = defaultdict(lambda: defaultdict(int))
    seats = {}
    for result in SeatResult.objects.filter(
        round__tournament=tournament
    ).select_related("seat", "registration"):
        player = result.registration.player_id
        seats[result.seat_id] = (player, WINDS.index(result.seat.wind))
        mine = tally[player]
        mine["sessions"] += 1
        mine["places"] = [*mine.get("places", []), result.rank]
        mine["tp"] = [*mine.get("tp", []), Fraction(result.table_points_x12, 12)]
    hands = Hand.objects.filter(table__round__tournament=tournament).prefetch_related(
        "table__seats"
    )
    for hand in hands:
        for seat in hand.table.seats.all():
            player, index = seats[seat.pk]
            mine = tally[player]
            mine["hands"] += 1
            won = hand.winner_id == seat.pk
            mine["wins"] += won
            mine["self_draws"] += won and hand.kind == "self_draw"
            mine["deal_ins"] += hand.discarder_id == seat.pk and bool(hand.winner_id)
            mine["washouts"] += hand.kind in WASHOUTS
            declared = hand.result.get("riichi")
            if isinstance(declared, list):
                mine["declared"] += index in declared
            scores = player_scores(hand.fans)
            if scores is not None:
                key = "winning_points" if won else "other_points"
                mine[key] = [*mine.get(key, []), scores[index]]
            if won:
                worth = rules.hand_value(hand.result, scores)
                if worth is not None and worth.unit == main_unit:
                    mine["values"] = [*mine.get("values", []), worth.value]
                if isinstance(hand.fans, list) and tournament.ruleset == "mcr":
                    total = sum(f["points"] * f.get("count", 1) for f in hand.fans)
                    mine["totals"] = [*mine.get("totals", []), total]
    for penalty in Penalty.objects.filter(table__round__tournament=tournament):
        tally[seats[penalty.seat_id][0]]["penalties"] += 1
    return tally


def mean(values):
    return Fraction(sum(values), len(values)) if values else None


def assert_recounted(got: dict, mine: dict, code: str) -> None:
    """One player's figures (values by key) against the recount's tallies."""
    hands, wins = mine["hands"], mine["wins"]
    assert got["hands"] == hands
    assert got["sessions"] == mine["sessions"]
    assert got["wins"] == wins
    assert got["win_rate"] == Fraction(wins, hands)
    assert got["self_draw_share"] == (
        Fraction(mine["self_draws"], wins) if wins else None
    )
    assert got["deal_in_rate"] == Fraction(mine["deal_ins"], hands)
    assert got["washout_share"] == Fraction(mine["washouts"], hands)
    assert got["average_win_value"] == mean(mine.get("values", []))
    assert got["penalties"] == mine["penalties"]
    assert got["average_place"] == mean(mine["places"])
    assert got["first_share"] == Fraction(mine["places"].count(1), mine["sessions"])
    assert got["table_points_per_session"] == mean(mine["tp"])
    if code == "riichi":
        assert got["declaration_rate"] == Fraction(mine["declared"], hands)
    else:
        assert "declaration_rate" not in got  # unknown to the rules: absent
    if code == "mcr":
        assert got["item_total_average"] == mean(mine.get("totals", []))
    if code == "french_simple":
        assert got["winning_hand_points"] == mean(mine.get("winning_points", []))
        assert got["other_hand_points"] == mean(mine.get("other_points", []))
