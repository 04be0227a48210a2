"""The MCR rule set ("mcr"): the contract of ``rulesets.RuleSet`` for MCR.

Each method delegates to a small module: ``options`` (settings),
``results`` (validation of a hand result), ``winds`` (seat winds),
``payments`` (hand payments, penalties, table points).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.engine.facts import NO_FACTS, HandFacts, breakdown_items
from scoring.engine.mcr import options as _options
from scoring.engine.mcr import payments, results, winds
from scoring.engine.mcr.fans import count_fans, parse_hand
from scoring.engine.mcr.options import McrOptions
from scoring.engine.mcr.words import POINTS, WORDS
from scoring.engine.rulesets import BaseRuleSet, HandValue, RuleSet, register
from scoring.engine.types import (
    DealState,
    Deltas,
    HandResult,
    OptionField,
    ResultForm,
    SessionOutcome,
    TilesScore,
)


class McrRuleSet(BaseRuleSet[McrOptions, HandResult]):
    """Chinese Official rules as played at EMA tournaments."""

    code = "mcr"
    stats_figures = ("item_total_average",)
    words = WORDS
    penalty_kinds = payments.PENALTY_KINDS
    ema_name = "MCR"
    tiles_preview_is_calculator = True

    def hand_value(
        self, result: Mapping[str, object], scores: Sequence[int] | None = None
    ) -> HandValue | None:
        """The hand's points, flowers included (each flower is a point once
        the hand reaches the minimum without them)."""
        if result.get("winner") is None:
            return None
        points = result.get("fan_total") or 0
        flowers = result.get("flowers") or 0
        return HandValue(int(points) + int(flowers), POINTS)  # type: ignore[call-overload]

    def hand_facts(
        self, result: Mapping[str, object], breakdown: object = None
    ) -> HandFacts:
        """The fans of a hand entered with its tiles (the calculator's
        lines, flowers included, worth their points)."""
        items = breakdown_items(breakdown, "points")
        # Most hands have no breakdown: the shared empty facts, not a new one.
        return NO_FACTS if items is None else HandFacts(items=items)

    def hands_per_session(self, options: McrOptions) -> int | None:
        return options.hands_per_session

    def default_options(self) -> dict[str, object]:
        return _options.default_options()

    def clean_options(self, raw: Mapping[str, object]) -> McrOptions:
        return _options.clean_options(raw)

    def option_form(self) -> tuple[OptionField, ...]:
        return _options.option_form()

    def parse_result(
        self, data: Mapping[str, object], options: McrOptions
    ) -> HandResult:
        return results.parse_result(data, options)

    def first_deal(self, options: McrOptions) -> DealState:
        return winds.first_deal()

    def next_deal(
        self, deal: DealState, result: HandResult, options: McrOptions
    ) -> DealState:
        """The deal passes after every hand, whatever ``result`` was."""
        return winds.next_deal(deal)

    def hand_payments(
        self, result: HandResult, deal: DealState, options: McrOptions
    ) -> Deltas:
        """MCR payments do not depend on the deal: there is no dealer bonus."""
        return payments.hand_payments(result)

    def penalty_deltas(
        self, kind: str, offender: int, points: int | None, options: McrOptions
    ) -> Deltas:
        return payments.penalty_deltas(kind, offender, points, options)

    def session_over(
        self,
        hands_played: int,
        deal: DealState | None,
        options: McrOptions,
        *,
        time_called: bool,
        scores: tuple[int, int, int, int] | None = None,
    ) -> bool:
        """Over after ``hands_per_session`` hands, or as soon as time is called.

        Called between hands: when time is called the hand in progress is
        finished first, and unplayed hands are simply not scored.
        """
        return time_called or hands_played >= options.hands_per_session

    def session_result(
        self, scores: tuple[int, int, int, int], options: McrOptions
    ) -> SessionOutcome:
        return payments.session_result(scores)

    def result_form(self, options: McrOptions) -> ResultForm:
        return results.result_form(options)

    def example_result(self, options: McrOptions) -> dict[str, object]:
        """East wins on South's discard, at the minimum."""
        points = options.minimum_points
        return {"kind": "discard", "winner": 0, "discarder": 1, "fan_total": points}

    def ranking(self, options: McrOptions) -> tuple[str, ...]:
        """Table points first (mcr.md 7); the score is only a tie-break."""
        return ("table_points",)

    def score_tiles(
        self, data: Mapping[str, object], options: McrOptions | None = None
    ) -> TilesScore:
        """The fan total WITHOUT flowers (the figure the 8-point minimum
        applies to), the flowers, and every fan (fan 81, flowers, included).

        Raises ``EngineError`` for malformed input, tiles that do not win, or
        a hand below the minimum without flowers (``below_minimum``).
        """
        hand = parse_hand(data)
        counted = count_fans(hand)
        return TilesScore(
            result={"fan_total": counted.total - hand.flowers},
            confirms={"flowers": hand.flowers},
            self_drawn=hand.self_drawn,
            breakdown=tuple(fan.as_dict() for fan in counted.fans),
        )


MCR: RuleSet[McrOptions, HandResult] = register(McrRuleSet())
