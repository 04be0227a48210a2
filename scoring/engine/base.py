"""``BaseRuleSet``: the rule-set contract, with a default for every optional part.

A rule set subclasses ``BaseRuleSet`` (as a password hasher subclasses
Django's ``BasePasswordHasher``): the abstract methods are what every rule
set must say (Python refuses to build one that leaves any out, naming
them), and every other attribute or method below has a documented default
that a rule set overrides only when it differs. Generic code therefore reads
``ruleset.first_language`` or calls ``ruleset.running_scores(...)`` without
asking whether the rule set has them.

A rule set is a stateless object. Tournament-level settings come in as an
``options`` value built by ``clean_options`` (the rule set's own frozen
dataclass); a hand result is the rule set's own frozen result class, which
satisfies ``HandResultLike``. Seats are 0..3 (see ``types``).
"""

from __future__ import annotations

import functools
import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from scoring.engine.errors import EngineError
from scoring.engine.facts import NO_FACTS, HandFacts
from scoring.engine.types import (
    DealState,
    Deltas,
    HandResultLike,
    OptionField,
    OptionKind,
    ResultForm,
    SessionOutcome,
    TilesScore,
)
from scoring.engine.words import RuleSetWords

OptionsT = TypeVar("OptionsT")
ResultT = TypeVar("ResultT", bound=HandResultLike)


@dataclass(frozen=True)
class HandValue:
    """What a won hand was worth, as the workbook's and the admin's hand
    value column shows it: ``value`` in ``unit`` (English marked for
    translation, one of the rule set's words: MCR ``"points"``, riichi
    ``"han"`` or ``"yakuman"``)."""

    value: int
    unit: str


def _naming_errors(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method``, setting ``raised_by`` on an ``EngineError`` leaving it."""

    @functools.wraps(method)
    def named(self: BaseRuleSet[Any, Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except EngineError as error:
            if error.raised_by is None:
                error.raised_by = self.code
            raise

    return named


class BaseRuleSet(ABC, Generic[OptionsT, ResultT]):
    """What every rule set implements, and the defaults of its optional parts.

    An ``EngineError`` leaving any public method of a rule set says which
    rule set raised it (``raised_by``): the web layer words it in that rule
    set's own words, and no caller has to pass the rule set along.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, member in list(vars(cls).items()):
            if not name.startswith("_") and inspect.isfunction(member):
                setattr(cls, name, _naming_errors(member))

    #: The code a tournament stores (``"mcr"``); unique in the registry.
    code: str

    #: The rule set's own words (labels of its inputs, settings, result
    #: kinds and error codes), English marked for translation. The web
    #: layer only translates them; the start-up check names any missing.
    words: RuleSetWords

    #: The language its pages open in for a visitor who chose none (French
    #: classic: ``"fr"``); ``None`` keeps the site's usual choice.
    first_language: str | None = None

    #: Whether the tile calculator reads a dora count given with the tiles
    #: (hand-format.md's ``dora``: riichi).
    tile_dora_count: bool = False

    #: The penalty kinds ``penalty_deltas`` accepts (MCR's False Hu,
    #: riichi's chombo deduction...); ``None`` when the rule set does not
    #: list them (the tablet then offers none).
    penalty_kinds: tuple[str, ...] | None = None

    #: The rule set's name in the EMA results sheet (``"MCR"``,
    #: ``"Riichi"``); ``None`` for rules the EMA does not rank (the sheet
    #: then shows the code).
    ema_name: str | None = None

    #: Whether the tablet's tile preview is the fan calculator page's own
    #: answer (MCR's fan breakdown); otherwise it shows what ``score_tiles``
    #: counts and the hand's payments.
    tiles_preview_is_calculator: bool = False

    #: The statistics' figures of this rule set beyond the common ones
    #: (``scoring.engine.stats.RULESET_FIGURES``: riichi's declaration rate,
    #: the French hand points...), in the order its pages show them; each
    #: needs its label in ``words.stats``. Default: none.
    stats_figures: tuple[str, ...] = ()

    #: Common figures of the statistics this rule set cannot know (the
    #: encyclopaedia stores no discarder: no deal-in rate); they are left
    #: out, never shown as zero. Default: none.
    stats_unknown: frozenset[str] = frozenset()

    # -- Required -----------------------------------------------------------

    @abstractmethod
    def default_options(self) -> dict[str, object]:
        """The tournament settings and their default values, JSON-ready."""

    @abstractmethod
    def clean_options(self, raw: Mapping[str, object]) -> OptionsT:
        """Validated options; missing keys take their defaults.

        Raises ``EngineError`` naming the ``field`` for an unknown key or a
        bad value.
        """

    @abstractmethod
    def parse_result(self, data: Mapping[str, object], options: OptionsT) -> ResultT:
        """A hand result from raw input, checked for shape AND rules."""

    @abstractmethod
    def first_deal(self, options: OptionsT) -> DealState:
        """The deal of the session's first hand."""

    @abstractmethod
    def next_deal(
        self, deal: DealState, result: ResultT, options: OptionsT
    ) -> DealState:
        """The deal of the hand after ``deal`` ended with ``result``."""

    @abstractmethod
    def hand_payments(
        self, result: ResultT, deal: DealState, options: OptionsT
    ) -> Deltas:
        """Points won or lost by each seat in this hand."""

    @abstractmethod
    def penalty_deltas(
        self, kind: str, offender: int, points: int | None, options: OptionsT
    ) -> Deltas:
        """Points won or lost by each seat for one penalty (not zero-sum)."""

    @abstractmethod
    def session_over(
        self,
        hands_played: int,
        deal: DealState | None,
        options: OptionsT,
        *,
        time_called: bool,
        scores: tuple[int, int, int, int] | None = None,
    ) -> bool:
        """Whether no further hand starts.

        ``deal``: the deal the next hand would be played under (``next_deal``
        of the last hand), ``None`` before the first hand. ``scores``: the
        seats' summed deltas so far, for the rules that end a game on the
        running scores (riichi's dobon and West extension).
        """

    @abstractmethod
    def session_result(
        self, scores: tuple[int, int, int, int], options: OptionsT
    ) -> SessionOutcome:
        """Ranks and table points from the seats' final session scores."""

    @abstractmethod
    def ranking(self, options: OptionsT) -> tuple[str, ...]:
        """The standings keys (``standings.TIEBREAKS`` names) that always come
        first, before the tournament's own tie-breaks: MCR ranks by table
        points whatever the tie-breaks say."""

    @abstractmethod
    def hand_value(
        self, result: Mapping[str, object], scores: Sequence[int] | None = None
    ) -> HandValue | None:
        """What a hand was worth, from its stored result (``to_dict``) and,
        for a rule set that itemises every hand, each seat's hand score
        (``hand_sheets``' ``"scores"``); ``None`` for a hand nobody won."""

    # -- Optional, with defaults ---------------------------------------------

    def option_form(self) -> tuple[OptionField, ...]:
        """Every setting, in the order the rules page asks for them.

        Default: a flag per yes/no default option and one unbounded whole
        number per other one (``clean_options`` still checks them).
        """
        return tuple(
            OptionField(
                name,
                OptionKind.FLAG if isinstance(value, bool) else OptionKind.INTEGER,
            )
            for name, value in self.default_options().items()
        )

    def option_presets(self) -> Mapping[str, Mapping[str, object]]:
        """Named settings (riichi: ``"ema"``, ``"modern"``), each accepted by
        ``clean_options``; keys it leaves out keep their defaults. Default:
        none."""
        return {}

    def result_form(self, options: OptionsT) -> ResultForm | None:
        """The inputs of a hand result (its kinds and fields), from which the
        web layer builds the tablet's form and the API's serializer.

        Default ``None``: the rule set's hands have their own entry page.
        """
        return None

    def example_result(self, options: OptionsT) -> Mapping[str, object] | None:
        """A won hand as the tablet and the API enter it (``result_form``'s
        inputs, seats 0..3, per-player inputs as lists in seat order), which
        ``parse_result`` accepts under ``options``: the contract test
        (tests/contract/test_ruleset_end_to_end.py) enters it through the
        tablet and the API. Default ``None``: the rule set gives none, and
        that test says so."""
        return None

    def hands_per_session(self, options: OptionsT) -> int | None:
        """The session's fixed number of hands (MCR: 16), for the score
        sheets printed per table; default ``None``: the session has no fixed
        length (riichi's East-South game)."""
        return None

    def heading_wind(self, options: OptionsT) -> str:
        """What the new hand's heading says of the wind: ``"prevalent"``
        (default: MCR's and riichi's prevalent wind), ``"round"`` (the French
        "vent du tour" of a 16-hand game) or ``"none"``."""
        return "prevalent"

    def running_scores(self, deltas: Deltas, options: OptionsT) -> Deltas | None:
        """What the players hold after hands whose summed payments are
        ``deltas`` (riichi: start points plus deltas). Default ``None``: the
        summed payments are shown as they are (MCR)."""
        return None

    def settle_session(
        self,
        results: Sequence[ResultT],
        hand_deltas: Sequence[Deltas],
        scores: Deltas,
        options: OptionsT,
        penalties: Sequence[tuple[str, Deltas]] = (),
    ) -> SessionOutcome:
        """The session's outcome when settling needs the hands themselves
        (riichi: a chombo deducted from the final score only), with each
        penalty's kind and deltas. Default: ``session_result`` of the summed
        scores."""
        return self.session_result(scores, options)

    def score_tiles(
        self, data: Mapping[str, object], options: Any = None
    ) -> TilesScore:
        """The result fields and breakdown of hand-format.md's JSON ``data``,
        under the tournament's ``options`` (the defaults when ``None``).

        Raises ``EngineError`` for malformed input or tiles that do not win.
        Default: the rule set has no tile calculator (``counts_tiles``).
        """
        raise EngineError("no_tile_calculator", field="tiles", ruleset=self.code)

    def hand_sheets(
        self, result: ResultT, deal: DealState, options: OptionsT
    ) -> dict[str, object]:
        """Where every player's hand scores (French classic, encyclopaedia):
        JSON-ready ``{"scores": [4 ints], "sheets": [4 sheets or None]}``.
        Default: the rule set does not itemise hands (``itemises_hands``)."""
        raise EngineError("no_hand_sheets", ruleset=self.code)

    def preview_sheets(
        self, data: Mapping[str, object], deal: DealState, options: OptionsT
    ) -> list[Any]:
        """Where the tablet builds hands player by player: each seat's sheet
        so far, an ``EngineError`` for a seat whose entry cannot be read, or
        ``None`` for a seat without a built hand. Default: the rule set does
        not build hands on the tablet (``builds_hands``)."""
        raise EngineError("no_hand_sheets", ruleset=self.code)

    def hand_facts(
        self, result: Mapping[str, object], breakdown: object = None
    ) -> HandFacts:
        """What the statistics need of a stored hand beyond its generic
        columns, from its stored result (``to_dict``) and its stored
        breakdown (``Hand.fans``: the calculator's lines, or ``hand_sheets``'
        scores): see ``HandFacts``. Default: nothing more (``NO_FACTS``)."""
        return NO_FACTS

    # -- What the optional methods tell ----------------------------------------
    # A rule set has a part exactly when it overrides the method: one place
    # says it, so a flag cannot disagree with the method.

    @property
    def counts_tiles(self) -> bool:
        """Whether the rule set has a tile calculator (``score_tiles``)."""
        return type(self).score_tiles is not BaseRuleSet.score_tiles

    @property
    def itemises_hands(self) -> bool:
        """Whether every player's hand scores, itemised (``hand_sheets``)."""
        return type(self).hand_sheets is not BaseRuleSet.hand_sheets

    @property
    def builds_hands(self) -> bool:
        """Whether the tablet builds hands player by player (``preview_sheets``)."""
        return type(self).preview_sheets is not BaseRuleSet.preview_sheets


AnyRuleSet = BaseRuleSet[Any, Any]
