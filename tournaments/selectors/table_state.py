"""Reads for the tablet page: the next hand's winds, the sheet's rows and
the tiles' preview, as data (dataclasses and dicts); which templates show
them, and the clock beside them, are the view's (``views.referee``).

Everything is said in the rule set's own words (``RuleSetWords``, through
``scoring.messages``); an input's kind decides how it reads
(``result_inputs.INPUT_KINDS``).

``get_next_deal`` asks the tournament's rule set, from the last stored hand's
deal (which a referee may have corrected), so the page never hard-codes MCR's
wind rotation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import result_form_of, running_scores_of, tile_calculator
from scoring.engine.types import DealState, FieldKind, ResultForm
from scoring.messages import counter_labels, describe, result_label, score_words
from scoring.services_fans import calculate
from tournaments.display import format_points, signed, wind_letter, wind_name
from tournaments.models import Hand, Penalty, Seat, Table, in_wind_order
from tournaments.result_inputs import summary_value
from tournaments.selectors.exports import player_scores
from tournaments.selectors.rules import (
    deal_after,
    ruleset_for,
    session_over,
    tiles_for_hand,
)
from tournaments.selectors.tables import get_table_sheet


def get_next_deal(table: Table, hands: list[Hand]) -> DealState | None:
    """The deal of the hand to enter next, or None once the session is over."""
    ruleset, options = ruleset_for(table.round.tournament)
    deal = deal_after(ruleset, options, hands[-1] if hands else None)
    if table.is_closed or session_over(
        ruleset, options, hands, time_called=table.time_called, next_deal=deal
    ):
        return None
    return deal


@dataclass(frozen=True)
class SeatRow:
    seat: Seat
    next_wind: str
    next_wind_name: str
    is_dealer: bool
    score: int
    penalty_points: str
    table_points: str
    table_points_count: int
    """The number the plural form of "table points" follows (a fraction is
    plural in both languages: 7/3 table points)."""
    rank: int | None
    points: int | None = None
    """The points the player holds now, for a rule set that says what they
    are (riichi: start points plus payments); ``None`` otherwise."""

    @property
    def player(self) -> Any:
        return self.seat.registration.player


@dataclass(frozen=True)
class HandRow:
    hand: Hand
    prevalent: str
    cells: list[tuple[str, str]]
    """Per seat (starting-wind order): the wind held and the signed payment."""
    kind_label: Any = ""
    summary: tuple[tuple[Any, Any], ...] = ()
    """For a rule set without its own result template: each input in words."""


def result_summary(
    hand: Hand, entry: ResultForm | None, names: dict[int, str], ruleset: str
) -> tuple[tuple[Any, Any], ...]:
    """Each input of ``hand``'s result in ``ruleset``'s words, players by
    name (seats in ``names`` by engine index)."""
    if entry is None:
        return ()
    kind = str(hand.result.get("kind", ""))
    words = []
    for spec in entry.fields_for(kind):
        value = hand.result.get(spec.name)
        if value in (None, [], 0):
            continue
        shown = summary_value(spec, value, names)
        if shown is not None:
            words.append((result_label(spec.name, ruleset), shown))
    scores = player_scores(hand.fans)
    if scores is not None:
        value = ", ".join(f"{names.get(i, i)} {n}" for i, n in enumerate(scores))
        words.append((result_label("scores", ruleset), value))
    return tuple(words)


@dataclass(frozen=True)
class PenaltyRow:
    penalty: Penalty
    cells: list[str]


def plural_count(value: Fraction | int) -> int:
    fraction = Fraction(value)
    return int(fraction) if fraction.denominator == 1 else 2


def _seat_rows(
    seats: list[Seat],
    deal: DealState | None,
    running: tuple[int, int, int, int] | None = None,
) -> list[SeatRow]:
    rows = []
    for index, seat in enumerate(seats):
        result = getattr(seat, "result", None)
        wind = str(deal.seat_winds[index]) if deal else ""
        rows.append(
            SeatRow(
                seat=seat,
                next_wind=wind,
                next_wind_name=wind_name(wind) if wind else "",
                is_dealer=bool(deal) and deal.dealer == index,
                score=result.score if result else 0,
                penalty_points=signed(result.penalty_points) if result else "0",
                table_points=format_points(result.table_points) if result else "0",
                table_points_count=plural_count(result.table_points if result else 0),
                rank=result.rank if result else None,
                points=running[index] if running else None,
            )
        )
    return rows


def get_table_page(table: Table, *, in_words: bool) -> dict[str, Any]:
    """What the tablet page shows of the table's sheet, ready for the
    template. ``in_words``: each hand's result is also said input by input
    (for a rule set without its own result template)."""
    sheet = get_table_sheet(table)
    seats, hands, penalties = sheet.seats, sheet.hands, sheet.penalties
    deal = get_next_deal(table, hands) if len(seats) == 4 else None
    code = table.round.tournament.ruleset
    ruleset, options = ruleset_for(table.round.tournament)
    form = result_form_of(ruleset, options)
    entry: ResultForm | None = None
    names: dict[int, str] = {}
    if in_words:
        entry = form
        names = {i: seat.registration.player.name for i, seat in enumerate(seats)}
    # What the players hold now, when the rule set says (riichi's points);
    # once the table is closed, what they ended with: the settled balance,
    # with riichi's sticks left on the table given to the top player.
    results = [getattr(seat, "result", None) for seat in seats]
    if table.is_closed and len(seats) == 4 and all(results):
        a, b, c, d = (result.score for result in results if result)
    else:
        a, b, c, d = (
            sum(hand.deltas[i] for hand in hands if hand.deltas) for i in range(4)
        )
    running = running_scores_of(ruleset, (a, b, c, d), options)
    hand_rows = [
        HandRow(
            hand=hand,
            prevalent=wind_letter(hand.prevalent_wind),
            cells=[
                (wind_letter(wind), signed(delta))
                for wind, delta in zip(hand.seat_winds, hand.deltas, strict=False)
            ],
            kind_label=result_label(hand.kind, code) if in_words else "",
            summary=result_summary(hand, entry, names, code) if in_words else (),
        )
        for hand in hands
    ]
    penalty_rows = [
        PenaltyRow(penalty=p, cells=[signed(d) for d in p.deltas]) for p in penalties
    ]
    return {
        "table": table,
        "seats": seats,
        "seat_rows": _seat_rows(seats, deal, running),
        "running_points": running is not None,
        "score_words": score_words(code),
        "hand_rows": hand_rows,
        "penalty_rows": penalty_rows,
        "next_deal": deal,
        "next_hand_number": len(hands) + 1,
        "prevalent_wind_name": wind_name(str(deal.prevalent_wind)) if deal else "",
        "heading_wind": ruleset.heading_wind(options),
        # What the players follow from hand to hand besides the winds.
        "deal_counters": [
            (label, deal.counter(name))
            for name, label in counter_labels(code).items()
            if deal is not None and name in dict(deal.counters)
        ],
    }


def seat_cells(table: Table) -> list[dict[str, Any]]:
    """A prefetched table's seats by starting wind, with their results (if any)."""
    cells = []
    for seat in in_wind_order(table.seats.all()):
        result = getattr(seat, "result", None)
        cells.append(
            {
                "seat": seat,
                "result": result,
                "table_points": format_points(result.table_points) if result else "",
            }
        )
    return cells


def get_tiles_preview(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """The calculator's answer for the tiles of the hand being entered.

    The winds are the server's (the winner's seat wind in the next deal and
    its prevalent wind), self-drawn and flowers the form's: the same context
    ``record_hand`` gives the calculator, so the preview is what is stored.
    ``fills`` are the inputs the tiles decide, for the form.
    """
    context: dict[str, Any] = {"answer": None, "needs_winner": False}
    if data.get("kind") not in ("discard", "self_draw"):
        return context
    sheet = get_table_sheet(table)
    seats, hands = sheet.seats, sheet.hands
    deal = get_next_deal(table, hands) if len(seats) == 4 else None
    if deal is None:
        return context
    index = {seat.registration.player_id: i for i, seat in enumerate(seats)}
    winner = index.get(data.get("winner"))  # type: ignore[arg-type]
    if winner is None:
        context["needs_winner"] = True
        return context
    context["seat_wind_name"] = wind_name(str(deal.seat_winds[winner]))
    context["prevalent_wind_name"] = wind_name(str(deal.prevalent_wind))
    tiles = data.get("tiles")
    if not tiles:
        return context
    ruleset, options = ruleset_for(table.round.tournament)
    if not ruleset.tiles_preview_is_calculator:
        context.update(_counted_tiles(ruleset, options, data, deal, winner, seats))
        return context
    hand = tiles_for_hand(tiles, _typed_result(ruleset, options, data), deal, winner)
    answer = calculate(hand)
    context["answer"] = answer
    if answer["ok"]:
        # The inputs the tiles decide (MCR: its points without flowers),
        # which tablet.js copies into the form by name.
        score = ruleset.score_tiles(hand, options)
        context["fills"] = _fills(ruleset, score.result)
    return context


def _typed_result(ruleset: Any, options: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The hand form's inputs of the typed result's kind, as typed."""
    entry = ruleset.result_form(options)
    fields = entry.fields_for(data["kind"]) if entry is not None else ()
    return {"kind": data["kind"]} | {spec.name: data.get(spec.name) for spec in fields}


def _fills(ruleset: Any, decided: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Each input the tiles decide: its name, its words and its value."""
    return [
        (name, result_label(name, ruleset.code), value)
        for name, value in decided.items()
    ]


def _counted_tiles(
    ruleset: Any,
    options: Any,
    data: dict[str, Any],
    deal: DealState,
    winner: int,
    seats: list[Seat],
) -> dict[str, Any]:
    """The preview of a rule set without its own answer: the breakdown and
    the result fields the tiles decide (filled into the form by tablet.js),
    and what each player would pay or win in this deal."""
    calculator = tile_calculator(ruleset)
    entry = ruleset.result_form(options)
    result = _typed_result(ruleset, options, data)
    try:
        assert calculator is not None
        score = calculator.score_tiles(
            tiles_for_hand(data["tiles"], result, deal, winner), options
        )
    except EngineError as error:
        return {"tiles_error": describe(error)}
    counted: dict[str, Any] = {
        "breakdown": score.breakdown,
        "fills": _fills(ruleset, score.result),
    }
    index = {seat.registration.player_id: i for i, seat in enumerate(seats)}
    payload = {**result, **score.result}
    for spec in entry.seat_fields():
        value = payload.get(spec.name)
        if spec.kind == FieldKind.SEATS:
            payload[spec.name] = [index[p] for p in value or () if p in index]
        elif value is not None:
            payload[spec.name] = index.get(value)
    payload = {key: value for key, value in payload.items() if value not in (None, "")}
    try:
        parsed = ruleset.parse_result(payload, options)
        deltas = ruleset.hand_payments(parsed, deal, options)
    except EngineError:
        return counted  # a discarder still to choose, say
    names = [seat.registration.player.name for seat in seats]
    counted["payments"] = [
        (name, signed(delta)) for name, delta in zip(names, deltas, strict=True)
    ]
    return counted
