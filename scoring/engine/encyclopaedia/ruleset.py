"""The encyclopaedia rule set ("encyclopaedia"): family scoring.

Each player adds their own score (not zero-sum), the deal rotates after
every hand, a session is ``hands_per_session`` hands (or time called), and
table points are a tournament choice as in the French rule sets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from scoring.engine.encyclopaedia import results
from scoring.engine.encyclopaedia.results import FamilyResult
from scoring.engine.encyclopaedia.score import FamilyHand, read_hand, score_hand
from scoring.engine.errors import EngineError
from scoring.engine.french import winds
from scoring.engine.french.options import FRENCH_BOUNDS, clean_settings
from scoring.engine.french.preview import Sheet, built_entries
from scoring.engine.french.session import SessionRules
from scoring.engine.french.words import FAMILY
from scoring.engine.rulesets import RuleSet
from scoring.engine.types import DealState, Deltas, ResultForm


@dataclass(frozen=True)
class FamilyOptions:
    """``hands_per_session``: 16; ``table_points``: 4/2/1/0 by rank, or none."""

    hands_per_session: int = 16
    table_points: bool = True


class FamilyRuleSet(SessionRules):
    """The short family scoring of general encyclopaedias."""

    code = "encyclopaedia"
    words = FAMILY
    #: Mah-Jong goes out without a discarder: no deal-in rate.
    stats_unknown = frozenset({"deal_in_rate"})

    def heading_wind(self, options: FamilyOptions) -> str:
        """No wind is played for the hand as a whole."""
        return "none"

    def winning_seat(self, result: Mapping[str, object]) -> int | None:
        """The first to finish (``finish``: each seat's place, 1st to 4th)."""
        places = result.get("finish")
        if isinstance(places, list) and 1 in places:
            return places.index(1)
        return None

    def default_options(self) -> dict[str, object]:
        return dict(asdict(FamilyOptions()))

    def clean_options(self, raw: Mapping[str, object]) -> FamilyOptions:
        return clean_settings(raw, FamilyOptions(), FRENCH_BOUNDS)

    def parse_result(
        self, data: Mapping[str, object], options: FamilyOptions
    ) -> FamilyResult:
        return results.parse_result(data)

    def result_form(self, options: FamilyOptions) -> ResultForm:
        return results.result_form()

    def example_result(self, options: FamilyOptions) -> dict[str, object]:
        """East finishes first on South's discard, West second; every
        score typed."""
        return {
            "kind": "discard",
            "finish": [1, None, 2, None],
            "scores": [40, 10, 20, 30],
        }

    def first_deal(self, options: FamilyOptions) -> DealState:
        return winds.first_deal()

    def next_deal(
        self, deal: DealState, result: FamilyResult, options: FamilyOptions
    ) -> DealState:
        """The deal rotates after every hand, whoever finished."""
        return winds.next_deal(deal, east_stays=False)

    def hand_sheets(
        self, result: FamilyResult, deal: DealState, options: FamilyOptions
    ) -> dict[str, object]:
        """Each seat's points and its itemised sheet (None when typed)."""
        return {
            "scores": list(results.seat_points(result)),
            "sheets": [
                score_hand(h).to_dict() if isinstance(h, FamilyHand) else None
                for h in result.hands
            ],
        }

    def preview_sheets(
        self, data: Mapping[str, object], deal: DealState, options: FamilyOptions
    ) -> list[Sheet]:
        """Each seat's running sheet while the hand is built: its sets so far,
        with the finishing place given in ``finish`` or in the hand."""
        places = data.get("finish")
        sheets: list[Sheet] = []
        for seat, entry in enumerate(built_entries(data)):
            if entry is None:
                sheets.append(None)
                continue
            place = places[seat] if isinstance(places, list) else None
            if place is not None and "finish" not in entry:
                entry = {**entry, "finish": place}
            try:
                sheets.append(score_hand(read_hand(entry, f"hands[{seat}].")).to_dict())
            except EngineError as error:
                sheets.append(error)
        return sheets

    def hand_payments(
        self, result: FamilyResult, deal: DealState, options: FamilyOptions
    ) -> Deltas:
        return results.seat_points(result)


FamilyRuleSetT = RuleSet[FamilyOptions, FamilyResult]
