"""An encyclopaedia hand result: the four hands and the finishing order.

Input, seats 0..3::

    {"kind": "discard" | "self_draw" | "draw",
     "hands": [{"finish": 1, "sets": [...], "flowers": 2, "announced": true},
               {"finish": null, "score": 15}, ...]}

Each hand is built (``score.parse_hand``) or a score the table counted
(``{"finish": 2, "score": 240}``). The places taken are 1, 2, ... with no
gap and no repeat; ``kind`` is how the FIRST player went Mah-Jong, and
``"draw"`` exactly when nobody did. ``winner`` is the first to finish;
there is no discarder in this scoring.

The tablet's typed path gives ``"finish": [1, null, 2, null]`` and
``"scores": [n, n, n, n]`` in seat order instead; a built hand without its
own ``finish`` takes the place given there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.engine.encyclopaedia.score import (
    FINISH_POINTS,
    HAND_FIELDS,
    FamilyHand,
    parse_hand,
    score_hand,
)
from scoring.engine.errors import EngineError
from scoring.engine.french.results import seat_entries
from scoring.engine.french.sets import check_fields
from scoring.engine.tiles import check_copies
from scoring.engine.types import (
    SEATS,
    Deltas,
    FieldKind,
    HandsInput,
    ResultField,
    ResultForm,
    ResultKind,
    as_int,
)

FIELDS = frozenset({"kind", "hands", "scores", "finish"})
TYPED_FIELDS = frozenset({"finish", "score"})
MAX_TYPED_SCORE = 100_000
"""A typed score above this is a typing mistake (honours only, four kongs,
eight flowers and first place make 2,300)."""


@dataclass(frozen=True)
class TypedFamilyScore:
    """A score the table counted itself, with the player's finishing place."""

    score: int
    finish: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"finish": self.finish, "score": self.score}


FamilySeat = FamilyHand | TypedFamilyScore


@dataclass(frozen=True)
class FamilyResult:
    kind: ResultKind
    hands: tuple[FamilySeat, ...]

    @property
    def winner(self) -> int | None:
        """The first player to go Mah-Jong, if any."""
        return self.seat_finishing(1)

    @property
    def discarder(self) -> int | None:
        return None

    def seat_finishing(self, place: int) -> int | None:
        for seat, hand in enumerate(self.hands):
            if hand.finish == place:
                return seat
        return None

    @property
    def order(self) -> tuple[int, ...]:
        """The seats that went Mah-Jong, first to last."""
        places = sorted((h.finish, s) for s, h in enumerate(self.hands) if h.finish)
        return tuple(seat for _, seat in places)

    def to_dict(self) -> dict[str, object]:
        """As the tablet enters it: built hands in ``hands``, typed scores in
        ``scores`` and every finishing place in ``finish``."""
        return {
            "kind": str(self.kind),
            "hands": [
                h.to_dict() if isinstance(h, FamilyHand) else None for h in self.hands
            ],
            "scores": [
                h.score if isinstance(h, TypedFamilyScore) else None for h in self.hands
            ],
            "finish": [h.finish for h in self.hands],
        }


_KINDS = frozenset(str(kind) for kind in ResultKind)


def parse_result(data: Mapping[str, object]) -> FamilyResult:
    """A checked result from raw input, or an ``EngineError`` naming the field."""
    check_fields(data, FIELDS, "")
    raw_kind = data.get("kind")
    if not isinstance(raw_kind, str) or raw_kind not in _KINDS:
        raise EngineError("unknown_kind", field="kind", kind=str(raw_kind))
    places = _places(data)
    hands = tuple(
        _parse_seat(_with_place(raw, places[seat]), seat)
        for seat, raw in enumerate(seat_entries(data))
    )
    result = FamilyResult(kind=ResultKind(raw_kind), hands=hands)
    _check_order(result)
    try:
        check_copies(
            tile
            for h in hands
            if isinstance(h, FamilyHand)
            for s in h.sets
            for tile in s.tiles
        )
    except EngineError as error:
        raise EngineError(error.code, field="hands", **error.params) from None
    return result


def _places(data: Mapping[str, object]) -> list[object]:
    value = data.get("finish")
    if value is None:
        return [None] * SEATS
    if not isinstance(value, list) or len(value) != SEATS:
        raise EngineError("four_hands_required", field="finish")
    return value


def _with_place(raw: object, place: object) -> object:
    """A seat's entry with the finishing place of the ``finish`` list, when
    the entry does not give its own."""
    if place is None or not isinstance(raw, Mapping) or "finish" in raw:
        return raw
    return {**raw, "finish": place}


def result_form() -> ResultForm:
    """Each player's finishing place (none for a washout), and each
    player's score typed or sets built (``hands``)."""
    finished = (str(ResultKind.DISCARD), str(ResultKind.SELF_DRAW))
    every = (*finished, str(ResultKind.DRAW))
    return ResultForm(
        kinds=every,
        fields=(
            ResultField(
                "finish",
                FieldKind.PER_SEAT,
                finished,
                minimum=1,
                maximum=len(FINISH_POINTS),
            ),
            ResultField("scores", FieldKind.PER_SEAT, every, minimum=0),
            ResultField(
                "hands",
                FieldKind.HANDS,
                every,
                hands=HandsInput(
                    bonus_numbers=False,
                    winner_flags=("single_wait", "announced"),
                    checked=("single_wait",),
                ),
            ),
        ),
    )


def _parse_seat(raw: object, seat: int) -> FamilySeat:
    prefix = f"hands[{seat}]."
    if not isinstance(raw, Mapping):
        raise EngineError("invalid_hand", field=f"hands[{seat}]")
    if "score" not in raw:
        check_fields(raw, HAND_FIELDS, prefix)
        return parse_hand(raw, prefix)
    check_fields(raw, TYPED_FIELDS, prefix)
    score = as_int(raw["score"], prefix + "score")
    if not 0 <= score <= MAX_TYPED_SCORE:
        raise EngineError(
            "score_out_of_range",
            field=prefix + "score",
            score=score,
            maximum=MAX_TYPED_SCORE,
        )
    finish = raw.get("finish")
    place = None if finish is None else as_int(finish, prefix + "finish")
    if place is not None and not 1 <= place <= len(FINISH_POINTS):
        raise EngineError("finish_out_of_range", field=prefix + "finish", finish=place)
    return TypedFamilyScore(score=score, finish=place)


def _check_order(result: FamilyResult) -> None:
    """Places 1..k, each once; a draw exactly when nobody finished."""
    places = sorted(h.finish for h in result.hands if h.finish is not None)
    if places != list(range(1, len(places) + 1)):
        raise EngineError(
            "finishing_order_broken",
            field="hands",
            places=",".join(str(p) for p in places),
        )
    if (result.kind is ResultKind.DRAW) != (not places):
        raise EngineError(
            "kind_does_not_match_finish", field="kind", kind=str(result.kind)
        )


def seat_points(result: FamilyResult) -> Deltas:
    """Each player's own score: nobody pays anybody."""
    a, b, c, d = (
        score_hand(h).points if isinstance(h, FamilyHand) else h.score
        for h in result.hands
    )
    return (a, b, c, d)
