"""A toy rule set, written as someone outside the project would write one.

The winner takes ``points`` from the discarder, or from each other player on
a self-draw; a draw scores nothing. It is one module (this package, its
words included), one registry line (``register(TOY)``, done by the contract
tests' fixture so the toy never reaches the site) and its lines in a French
catalogue (``locale/fr/LC_MESSAGES/django.po`` next to it, on
``LOCALE_PATHS`` while registered). It follows docs/architecture.md's "How
to add a rule set" and nothing else; tests/contract/ runs it through the
same tests as the built-in rule sets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from scoring.engine.base import BaseRuleSet, HandValue
from scoring.engine.errors import EngineError
from scoring.engine.session import share_place_points
from scoring.engine.types import (
    DealState,
    Deltas,
    FieldKind,
    OptionField,
    OptionKind,
    ResultField,
    ResultForm,
    SessionOutcome,
    Wind,
)
from scoring.engine.words import N_, RuleSetWords

#: Where the toy's French is (a ``LOCALE_PATHS`` entry).
LOCALE = Path(__file__).resolve().parent / "locale"

POINTS = N_("toy points")
DISCARD, SELF_DRAW, DRAW = "discard", "self_draw", "draw"
WINS = (DISCARD, SELF_DRAW)
SEATS = 4
MAX_HANDS = 16

WORDS = RuleSetWords(
    name=N_("Toy rules: points from the discarder"),
    hand_value=N_("Points taken"),
    units=(POINTS,),
    results={
        DISCARD: N_("Toy win on a discard"),
        SELF_DRAW: N_("Toy self-drawn win"),
        DRAW: N_("Toy draw"),
        "winner": N_("Toy winner"),
        "discarder": N_("Toy discarder"),
        "points": N_("Points taken by the winner"),
    },
    options={"hands_per_session": N_("Toy hands in a session")},
    errors={"points_required": N_("Enter the toy points of the win.")},
)


@dataclass(frozen=True)
class ToyOptions:
    hands_per_session: int = 4


@dataclass(frozen=True)
class ToyResult:
    kind: str
    winner: int | None = None
    discarder: int | None = None
    points: int = 0

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "discarder": self.discarder,
            "points": self.points,
        }


def _seat(value: object) -> int | None:
    """A seat 0..3, ``None`` when not given; ``-1`` for anything else
    (the caller raises its own constant code)."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEATS:
        return -1
    return value


class ToyRuleSet(BaseRuleSet[ToyOptions, ToyResult]):
    """Points from the discarder, or from each other player on a self-draw."""

    code = "toy"
    words = WORDS

    def default_options(self) -> dict[str, object]:
        return {"hands_per_session": ToyOptions.hands_per_session}

    def option_form(self) -> tuple[OptionField, ...]:
        return (OptionField("hands_per_session", OptionKind.INTEGER, 1, MAX_HANDS),)

    def clean_options(self, raw: Mapping[str, object]) -> ToyOptions:
        for key in raw:
            if key != "hands_per_session":
                raise EngineError("unknown_option", field=key, option=key)
        hands = raw.get("hands_per_session", ToyOptions.hands_per_session)
        if not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
            raise EngineError(
                "option_out_of_range",
                field="hands_per_session",
                option="hands_per_session",
                value=hands,
                minimum=1,
                maximum=MAX_HANDS,
            )
        return ToyOptions(hands)

    def result_form(self, options: ToyOptions) -> ResultForm:
        return ResultForm(
            kinds=(*WINS, DRAW),
            fields=(
                ResultField("winner", FieldKind.SEAT, WINS),
                ResultField("discarder", FieldKind.SEAT, (DISCARD,)),
                ResultField("points", FieldKind.INTEGER, WINS, minimum=1),
            ),
        )

    def example_result(self, options: ToyOptions) -> dict[str, object]:
        return {"kind": DISCARD, "winner": 2, "discarder": 0, "points": 5}

    def parse_result(
        self, data: Mapping[str, object], options: ToyOptions
    ) -> ToyResult:
        kind = data.get("kind")
        if kind not in (*WINS, DRAW):
            raise EngineError("unknown_kind", field="kind", kind=str(kind))
        winner = _seat(data.get("winner"))
        if winner == -1:
            raise EngineError(
                "winner_out_of_range", field="winner", seat=data["winner"]
            )
        discarder = _seat(data.get("discarder"))
        if discarder == -1:
            seat = data["discarder"]
            raise EngineError("discarder_out_of_range", field="discarder", seat=seat)
        if kind == DRAW:
            if winner is not None:
                raise EngineError("winner_not_allowed", field="winner")
            return ToyResult(DRAW)
        if winner is None:
            raise EngineError("winner_required", field="winner")
        if kind == DISCARD and discarder is None:
            raise EngineError("discarder_required", field="discarder")
        if kind == SELF_DRAW and discarder is not None:
            raise EngineError("discarder_not_allowed", field="discarder")
        if discarder == winner:
            raise EngineError("discarder_is_winner", field="discarder", seat=winner)
        points = data.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or points < 1:
            raise EngineError("points_required", field="points")
        return ToyResult(str(kind), winner, discarder, points)

    def hand_value(
        self, result: Mapping[str, object], scores: Sequence[int] | None = None
    ) -> HandValue | None:
        points = result.get("points")
        if result.get("kind") == DRAW or not isinstance(points, int):
            return None
        return HandValue(points, POINTS)

    def first_deal(self, options: ToyOptions) -> DealState:
        return DealState(
            hand_number=1,
            prevalent_wind=Wind.EAST,
            seat_winds=(Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH),
        )

    def next_deal(
        self, deal: DealState, result: ToyResult, options: ToyOptions
    ) -> DealState:
        return DealState(
            hand_number=deal.hand_number + 1,
            prevalent_wind=deal.prevalent_wind,
            seat_winds=deal.seat_winds,
        )

    def hand_payments(
        self, result: ToyResult, deal: DealState, options: ToyOptions
    ) -> Deltas:
        deltas = [0] * SEATS
        if result.winner is None:
            return (0, 0, 0, 0)
        payers = [result.discarder] if result.discarder is not None else range(SEATS)
        for seat in payers:
            if seat != result.winner:
                deltas[seat] -= result.points
                deltas[result.winner] += result.points
        return (deltas[0], deltas[1], deltas[2], deltas[3])

    def penalty_deltas(
        self, kind: str, offender: int, points: int | None, options: ToyOptions
    ) -> Deltas:
        raise EngineError("unknown_penalty", field="kind", kind=kind)

    def session_over(
        self,
        hands_played: int,
        deal: DealState | None,
        options: ToyOptions,
        *,
        time_called: bool,
        scores: tuple[int, int, int, int] | None = None,
    ) -> bool:
        return time_called or hands_played >= options.hands_per_session

    def session_result(
        self, scores: tuple[int, int, int, int], options: ToyOptions
    ) -> SessionOutcome:
        ranks, points = share_place_points(scores, (4, 2, 1, 0))
        return SessionOutcome(ranks=ranks, table_points=points)

    def ranking(self, options: ToyOptions) -> tuple[str, ...]:
        return ()


TOY = ToyRuleSet()
