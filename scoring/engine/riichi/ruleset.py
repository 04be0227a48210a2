"""The riichi rule set ("riichi"): the contract of ``rulesets.RuleSet``.

Each method delegates to a small module: ``options`` (settings),
``results`` (a hand result), ``deal`` (dealership and end of game),
``payments`` (hand payments and penalties), ``endgame`` (final scores).

Importing this module does not register the rule set:
``scoring.engine.riichi.registered`` does, from the registry's built-in
list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.engine.facts import HandFacts
from scoring.engine.riichi import deal as _deal
from scoring.engine.riichi import endgame, payments, results, stats, tiles
from scoring.engine.riichi import options as _options
from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.riichi.results import RiichiResult
from scoring.engine.riichi.words import HAN, WORDS, YAKUMAN
from scoring.engine.rulesets import BaseRuleSet, HandValue, RuleSet
from scoring.engine.types import (
    DealState,
    Deltas,
    OptionField,
    ResultForm,
    SessionOutcome,
    TilesScore,
)


class RiichiRuleSet(BaseRuleSet[RiichiOptions, RiichiResult]):
    """Japanese riichi rules, as riichi.md describes them."""

    code = "riichi"
    words = WORDS
    penalty_kinds = payments.PENALTY_KINDS
    ema_name = "Riichi"
    stats_figures = stats.FIGURES

    def hand_value(
        self, result: Mapping[str, object], scores: Sequence[int] | None = None
    ) -> HandValue | None:
        """The (first) winner's han, or their yakuman for a limit hand;
        ``None`` for a draw or a chombo, where nobody won."""
        if (
            result.get("kind") not in (results.DISCARD, results.SELF_DRAW)
            or result.get("winner") is None
        ):
            return None
        yakuman = result.get("yakuman") or 0
        if yakuman:
            return HandValue(int(yakuman), YAKUMAN)  # type: ignore[call-overload]
        return HandValue(int(result.get("han") or 0), HAN)  # type: ignore[call-overload]

    def hand_facts(
        self, result: Mapping[str, object], breakdown: object = None
    ) -> HandFacts:
        """Every winner, the declarations, draws as washouts, the yaku."""
        return stats.hand_facts(result, breakdown)

    def default_options(self) -> dict[str, object]:
        return _options.default_options()

    def clean_options(self, raw: Mapping[str, object]) -> RiichiOptions:
        return _options.clean_options(raw)

    def option_form(self) -> tuple[OptionField, ...]:
        return _options.option_form()

    def option_presets(self) -> Mapping[str, Mapping[str, object]]:
        """``"ema"`` and ``"modern"``: see ``options.PRESETS``."""
        return _options.PRESETS

    def running_scores(self, deltas: Deltas, options: RiichiOptions) -> Deltas:
        """The points on each player's sticks: start points plus payments."""
        return _options.running_scores(deltas, options)

    def parse_result(
        self, data: Mapping[str, object], options: RiichiOptions
    ) -> RiichiResult:
        return results.parse_result(data, options)

    def first_deal(self, options: RiichiOptions) -> DealState:
        return _deal.first_deal()

    def next_deal(
        self, deal: DealState, result: RiichiResult, options: RiichiOptions
    ) -> DealState:
        return _deal.next_deal(deal, result, options)

    def hand_payments(
        self, result: RiichiResult, deal: DealState, options: RiichiOptions
    ) -> Deltas:
        return payments.hand_payments(result, deal, options)

    def penalty_deltas(
        self, kind: str, offender: int, points: int | None, options: RiichiOptions
    ) -> Deltas:
        return payments.penalty_deltas(kind, offender, points, options)

    def session_over(
        self,
        hands_played: int,
        deal: DealState | None,
        options: RiichiOptions,
        *,
        time_called: bool,
        scores: tuple[int, int, int, int] | None = None,
    ) -> bool:
        """See ``deal.session_over``: ``deal`` is the NEXT hand's deal."""
        return _deal.session_over(
            deal,
            options,
            hands_played=hands_played,
            time_called=time_called,
            scores=scores,
        )

    def session_result(
        self, scores: tuple[int, int, int, int], options: RiichiOptions
    ) -> SessionOutcome:
        return endgame.session_result(scores, options)

    def settle_session(
        self,
        results: Sequence[RiichiResult],
        hand_deltas: Sequence[Deltas],
        scores: Deltas,
        options: RiichiOptions,
        penalties: Sequence[tuple[str, Deltas]] = (),
    ) -> SessionOutcome:
        """``session_result``, a chombo by deduction (a chombo hand under the
        deduction setting, or a chombo penalty) off the final score only."""
        return endgame.settle_session(results, hand_deltas, scores, options, penalties)

    def result_form(self, options: RiichiOptions) -> ResultForm:
        return results.result_form(options)

    def example_result(self, options: RiichiOptions) -> dict[str, object]:
        """East wins on South's discard with 3 han 30 fu (the fu are left
        out in the short count)."""
        example: dict[str, object] = {"kind": "discard", "winner": 0, "discarder": 1}
        example["han"] = 3
        if options.count == "full":
            example["fu"] = 30
        return example

    def ranking(self, options: RiichiOptions) -> tuple[str, ...]:
        """Standings by the summed final scores (uma included) first."""
        return ("table_points",)

    #: The tablet asks for the dora held with the tiles (``takes_dora_count``).
    tile_dora_count = True

    def score_tiles(
        self, data: Mapping[str, object], options: RiichiOptions | None = None
    ) -> TilesScore:
        """The tile calculator under the tournament's ``options`` (open
        tanyao, red fives, limits), the default settings without them.

        The shared tile picker also writes hand-format.md's MCR fields
        (``last_of_kind``, ``flowers``); left off or false they mean nothing
        here and are dropped, anything else is refused as unknown.
        """
        data = {
            key: value
            for key, value in data.items()
            if not (key in tiles.OTHER_GAMES_FIELDS and not value)
        }
        counted = tiles.score_tiles(data, options or _DEFAULTS)
        return TilesScore(
            counted.result, counted.confirms, counted.self_drawn, counted.breakdown
        )


_DEFAULTS = RiichiOptions()


RIICHI: RuleSet[RiichiOptions, RiichiResult] = RiichiRuleSet()
