"""A French classic hand result: the four players' hands and who won.

Input, seats 0..3 (the Django layer turns player ids into seats)::

    {"kind": "discard" | "self_draw" | "draw", "winner": 2, "discarder": 0,
     "dominant_wind": "S",
     "hands": [{"sets": [...], "flowers": [1], "seasons": [],
                "calling_hand": false}, {"score": 24}, ...]}

A table that counts by hand may give ``"scores": [n, n, n, n]`` instead (the
tablet's typed path); a seat whose ``hands`` entry is ``null`` takes its score
from there. Each of the four hands is either built (its sets, flowers and
seasons, as ``hand.parse_hand`` reads them) or a score the table counted by
hand (``{"score": n}``: the hand's final score, limit and, in the simple
system, East's double included). How the winner won (``self_drawn``) comes from
``kind``; the winner's hand adds ``last_discard``, ``robbing_kong``,
``replacement_tile`` and ``grand_jeu`` when they apply. ``discarder`` is
optional: the French settlement does not depend on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.errors import EngineError
from scoring.engine.french.hand import HAND_FIELDS, HandSets, parse_hand
from scoring.engine.french.options import FrenchOptions
from scoring.engine.french.score import LIMIT, HandContext, HandScore, score_hand
from scoring.engine.french.sets import check_fields
from scoring.engine.tiles import check_copies
from scoring.engine.types import (
    SEATS,
    DealState,
    FieldKind,
    HandsInput,
    ResultField,
    ResultForm,
    ResultKind,
    Wind,
    _wind,
    as_int,
    optional_int,
)

FIELDS = frozenset({"kind", "winner", "discarder", "dominant_wind", "hands", "scores"})
SEAT_HAND_FIELDS = HAND_FIELDS - {"self_drawn"}


class System(StrEnum):
    SIMPLE = "simple"
    ADVANCED = "advanced"


@dataclass(frozen=True)
class TypedScore:
    """A hand score the table counted itself (no sets entered)."""

    score: int

    def to_dict(self) -> dict[str, object]:
        return {"score": self.score}


SeatHand = HandSets | TypedScore


@dataclass(frozen=True)
class FrenchResult:
    """One hand: how it ended, the dominant wind and the four players' hands."""

    kind: ResultKind
    winner: int | None
    dominant_wind: Wind
    hands: tuple[SeatHand, ...]
    discarder: int | None = None

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form that ``parse_result`` accepts back, as the
        tablet enters it: the built hands in ``hands`` and the typed scores
        in ``scores`` (``None`` in the other list)."""
        hands: list[object] = []
        for hand in self.hands:
            if isinstance(hand, TypedScore):
                hands.append(None)
                continue
            data = hand.to_dict()
            data.pop("self_drawn", None)
            hands.append(data)
        return {
            "kind": str(self.kind),
            "winner": self.winner,
            "discarder": self.discarder,
            "dominant_wind": str(self.dominant_wind),
            "hands": hands,
            "scores": [
                h.score if isinstance(h, TypedScore) else None for h in self.hands
            ],
        }


_KINDS = frozenset(str(kind) for kind in ResultKind)


def parse_result(data: Mapping[str, object], options: FrenchOptions) -> FrenchResult:
    """A checked ``FrenchResult`` from raw input, or an ``EngineError``."""
    check_fields(data, FIELDS, "")
    raw_kind = data.get("kind")
    if not isinstance(raw_kind, str) or raw_kind not in _KINDS:
        raise EngineError("unknown_kind", field="kind", kind=str(raw_kind))
    kind = ResultKind(raw_kind)
    winner = optional_int(data, "winner")
    discarder = optional_int(data, "discarder")
    check_seats(kind, winner, discarder)
    hands = tuple(
        _parse_seat_hand(raw, seat, kind, winner, options)
        for seat, raw in enumerate(seat_entries(data))
    )
    check_table(hands)
    return FrenchResult(
        kind=kind,
        winner=winner,
        dominant_wind=_wind(data.get("dominant_wind"), "dominant_wind"),
        hands=hands,
        discarder=discarder,
    )


def seat_entries(data: Mapping[str, object]) -> list[object]:
    """Each seat's hand: its ``hands`` entry, else ``{"score": scores[seat]}``.

    Both lists, when given, hold four entries in seat order (``null`` for a
    seat given in the other list). Shared with the encyclopaedia scoring.
    """
    hands = _four(data, "hands")
    scores = _four(data, "scores")
    if hands is None and scores is None:
        raise EngineError("four_hands_required", field="hands")
    entries: list[object] = []
    for seat in range(SEATS):
        hand = None if hands is None else hands[seat]
        score = None if scores is None else scores[seat]
        if hand is None and score is None:
            raise EngineError("four_hands_required", field="scores")
        entries.append(hand if hand is not None else {"score": score})
    return entries


def _four(data: Mapping[str, object], field: str) -> list[object] | None:
    value = data.get(field)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != SEATS:
        raise EngineError("four_hands_required", field=field)
    return value


def result_form() -> ResultForm:
    """The tablet's and the API's inputs: the Mah-Jong player (none for a
    washout), who discarded (optional), the dominant wind, and each player's
    score typed or each player's sets built (``hands``)."""
    wins = (str(ResultKind.DISCARD), str(ResultKind.SELF_DRAW))
    every = (*wins, str(ResultKind.DRAW))
    return ResultForm(
        kinds=every,
        fields=(
            ResultField("winner", FieldKind.SEAT, wins),
            ResultField("discarder", FieldKind.SEAT, (str(ResultKind.DISCARD),)),
            ResultField("dominant_wind", FieldKind.WIND, every),
            ResultField("scores", FieldKind.PER_SEAT, every, minimum=0),
            ResultField("hands", FieldKind.HANDS, every, hands=HANDS_INPUT),
        ),
    )


HANDS_INPUT = HandsInput(
    bonus_numbers=True,
    flags=("calling_hand",),
    winner_flags=("last_discard", "robbing_kong", "replacement_tile", "grand_jeu"),
)


def check_seats(kind: ResultKind, winner: int | None, discarder: int | None) -> None:
    """Seats consistent with the kind of result; the discarder is optional."""
    # One raise per code: codes are constants, which the words' scan reads.
    if winner is not None and not 0 <= winner < SEATS:
        raise EngineError("winner_out_of_range", field="winner", seat=winner)
    if discarder is not None and not 0 <= discarder < SEATS:
        raise EngineError("discarder_out_of_range", field="discarder", seat=discarder)
    if kind is ResultKind.DRAW:
        if winner is not None:
            raise EngineError("winner_not_allowed", field="winner", kind=str(kind))
    elif winner is None:
        raise EngineError("winner_required", field="winner")
    if discarder is None:
        return
    if kind is not ResultKind.DISCARD:
        raise EngineError("discarder_not_allowed", field="discarder", kind=str(kind))
    if discarder == winner:
        raise EngineError("discarder_is_winner", field="discarder", seat=winner)


def _parse_seat_hand(
    raw: object,
    seat: int,
    kind: ResultKind,
    winner: int | None,
    options: FrenchOptions,
) -> SeatHand:
    prefix = f"hands[{seat}]."
    if not isinstance(raw, Mapping):
        raise EngineError("invalid_hand", field=f"hands[{seat}]")
    if "score" in raw:
        check_fields(raw, frozenset({"score"}), prefix)
        score = as_int(raw["score"], prefix + "score")
        most = options.grand_jeu_value if seat == winner else LIMIT
        if not 0 <= score <= most:
            raise EngineError(
                "score_out_of_range", field=prefix + "score", score=score, maximum=most
            )
        return TypedScore(score)
    check_fields(raw, SEAT_HAND_FIELDS, prefix)
    data = {**raw, "self_drawn": seat == winner and kind is ResultKind.SELF_DRAW}
    return parse_hand(data, mahjong=seat == winner, prefix=prefix)


def check_table(hands: tuple[SeatHand, ...]) -> None:
    """No flower, season or tile is held more often than the set has it."""
    built = [(seat, h) for seat, h in enumerate(hands) if isinstance(h, HandSets)]
    for name in ("flowers", "seasons"):
        seen: set[int] = set()
        for seat, hand in built:
            numbers = set(getattr(hand, name))
            for number in sorted(numbers & seen):
                raise EngineError(
                    "bonus_tile_twice", field=f"hands[{seat}].{name}", number=number
                )
            seen |= numbers
    try:
        check_copies(tile for _, h in built for s in h.sets for tile in s.tiles)
    except EngineError as error:
        raise EngineError(error.code, field="hands", **error.params) from None


def hand_context(
    deal: DealState,
    seat: int,
    options: FrenchOptions,
    system: System,
    *,
    dominant_wind: Wind,
    mahjong: bool,
) -> HandContext:
    """The context seat ``seat``'s hand is scored in, at a table in play.

    A page building a hand before the result is stored calls this with the
    dominant wind and the Mah-Jong choice entered so far.
    """
    return HandContext(
        seat_wind=deal.seat_winds[seat],
        dominant_wind=dominant_wind,
        round_wind=deal.prevalent_wind if options.plays_round_wind else None,
        mahjong=mahjong,
        east_doubled=system is System.SIMPLE,
        own_flower_season=options.own_flower_season,
        grand_jeu_value=options.grand_jeu_value,
    )


def score_sheets(
    result: FrenchResult, deal: DealState, options: FrenchOptions, system: System
) -> tuple[HandScore | None, ...]:
    """Each seat's itemised score; ``None`` for a score typed by the table."""
    return tuple(
        score_hand(
            hand,
            hand_context(
                deal,
                seat,
                options,
                system,
                dominant_wind=result.dominant_wind,
                mahjong=seat == result.winner,
            ),
        )
        if isinstance(hand, HandSets)
        else None
        for seat, hand in enumerate(result.hands)
    )


def seat_points(
    result: FrenchResult, deal: DealState, options: FrenchOptions, system: System
) -> tuple[int, int, int, int]:
    """Each seat's hand score after the limit (typed or counted)."""
    sheets = score_sheets(result, deal, options, system)
    a, b, c, d = (
        sheet.points if sheet is not None else _typed(hand)
        for sheet, hand in zip(sheets, result.hands, strict=True)
    )
    return (a, b, c, d)


def _typed(hand: SeatHand) -> int:
    return hand.score if isinstance(hand, TypedScore) else 0
