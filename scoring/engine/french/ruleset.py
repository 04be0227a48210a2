"""The French classic rule sets ("french_simple", "french_advanced").

One class serves both systems: they share the hands, the options and the
deal rotation, and differ in two places only. The simple system doubles
East's hand score and pays each player their own score (not zero-sum); the
advanced system does not double East's hand but doubles East's payments,
and settles between players (zero-sum, checked).
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.french import options as _options
from scoring.engine.french import preview, results, winds
from scoring.engine.french.options import FrenchOptions
from scoring.engine.french.preview import Sheet
from scoring.engine.french.results import FrenchResult, System
from scoring.engine.french.session import SessionRules
from scoring.engine.french.settlement import settle
from scoring.engine.french.words import ADVANCED, SIMPLE
from scoring.engine.rulesets import RuleSet
from scoring.engine.types import NO_DELTAS, DealState, Deltas, ResultForm


class FrenchRuleSet(SessionRules):
    """French classic rules in the simple or the advanced system."""

    def __init__(self, system: System) -> None:
        self.system = system
        self.code = f"french_{system}"
        self.words = SIMPLE if system == System.SIMPLE else ADVANCED

    def heading_wind(self, options: FrenchOptions) -> str:
        """The round wind of a 16-hand game, where it is played."""
        return "round" if options.plays_round_wind else "none"

    def default_options(self) -> dict[str, object]:
        return _options.default_options()

    def clean_options(self, raw: Mapping[str, object]) -> FrenchOptions:
        return _options.clean_options(raw)

    def parse_result(
        self, data: Mapping[str, object], options: FrenchOptions
    ) -> FrenchResult:
        return results.parse_result(data, options)

    def result_form(self, options: FrenchOptions) -> ResultForm:
        return results.result_form()

    def example_result(self, options: FrenchOptions) -> dict[str, object]:
        """East goes Mah-Jong on South's discard; every score typed."""
        return {
            "kind": "discard",
            "winner": 0,
            "discarder": 1,
            "dominant_wind": "E",
            "scores": [40, 10, 20, 30],
        }

    def first_deal(self, options: FrenchOptions) -> DealState:
        return winds.first_deal()

    def next_deal(
        self, deal: DealState, result: FrenchResult, options: FrenchOptions
    ) -> DealState:
        """East stays on an East win, and on a draw when draws do not rotate."""
        if result.winner is None:
            stays = not options.draw_rotates
        else:
            stays = result.winner == deal.dealer
        return winds.next_deal(deal, east_stays=stays)

    def hand_sheets(
        self, result: FrenchResult, deal: DealState, options: FrenchOptions
    ) -> dict[str, object]:
        """Each seat's hand score after the limit (East's double included in
        the simple system) and its itemised sheet."""
        sheets = results.score_sheets(result, deal, options, self.system)
        points = results.seat_points(result, deal, options, self.system)
        return {
            "scores": list(points),
            "sheets": [None if s is None else s.to_dict() for s in sheets],
        }

    def preview_sheets(
        self, data: Mapping[str, object], deal: DealState, options: FrenchOptions
    ) -> list[Sheet]:
        """Each seat's running sheet while the hand is built (``preview``)."""
        return preview.preview_sheets(data, deal, options, self.system)

    def hand_payments(
        self, result: FrenchResult, deal: DealState, options: FrenchOptions
    ) -> Deltas:
        """Simple: each seat's own score. Advanced: the settlement.

        A hand nobody won scores nothing unless ``draw_scores`` is set.
        """
        if result.winner is None and not options.draw_scores:
            return NO_DELTAS
        points = results.seat_points(result, deal, options, self.system)
        if self.system is System.SIMPLE:
            return points
        return settle(points, result.winner, deal.dealer)


FrenchRuleSetT = RuleSet[FrenchOptions, FrenchResult]
