"""The rule-set contract and the registry that finds a rule set by its code.

Django code never branches on a rule set's name: it calls
``get_ruleset(tournament.ruleset).<method>(...)``. The registry works like
``get_hasher`` in ``django/contrib/auth/hashers.py``: the built-in modules are
imported the first time a code is looked up, and each module registers its
rule set on import.

A rule set is a stateless object. Tournament-level settings come in as an
``options`` value built by ``clean_options`` (a frozen dataclass of the rule
set's own type); a hand result is the rule set's own frozen result class,
which satisfies ``HandResultLike``.

How the other rule sets map onto this contract (a rule set is registered
once it is complete; a half-done rule set must never be selectable):

* **riichi** (``riichi``): the result class carries han/fu (or han only for
  the short count), the riichi declarations and, for draws, who was tenpai;
  it adds kinds such as ``"abortive_draw"``. ``DealState.counters`` carries
  ``honba`` and ``deposits`` (riichi sticks on the table); ``next_deal``
  keeps the dealer on a dealer win or a tenpai draw (renchan), rotates
  otherwise, and moves the prevalent wind after four dealerships.
  ``hand_payments`` includes honba and deposits. ``session_over`` follows
  East/South plus the West/North extension when nobody reached the return
  line, and ``session_result`` turns the summed deltas plus the starting
  points (a setting) into table points: rounded thousands minus the return
  line, the top player's figure set to
  minus the others' sum, plus uma. Riichi sums to zero, not to 7. Chombo
  spread like a mangan tsumo depends on the dealer, so it is a result kind
  (``"chombo"``, the hand is replayed); the EMA fixed deduction is also a
  ``penalty_deltas`` kind. The end-of-game rules that depend on the running
  scores (dobon, the West extension) get them through ``session_over``'s
  optional keyword-only ``scores`` argument, which MCR ignores.
* **french_simple / french_advanced**: every player's hand is scored, so the
  result class holds four hand scores, the Mah-Jong player and the hand's
  dominant wind (set by the dice, so it is part of the result, while
  ``DealState.prevalent_wind`` holds the round wind of a 16-hand game).
  ``next_deal`` keeps East on an East win (a counter may record how many
  times), rotates otherwise, and applies the table option for draws. The
  simple system's ``hand_payments`` returns each player's own score and is
  NOT zero-sum; the advanced system settles between players and is.
  ``session_result`` ranks by score; table points are a tournament choice.
* **encyclopaedia**: up to four players finish in order; the result class
  lists the finishing order and each player's set points, ``winner`` is the
  first to finish and ``discarder`` is ``None``. Payments are each player's
  own score (not zero-sum); the deal rotates every hand.

Zero-sum hand payments are therefore a property of some rule sets (MCR,
riichi, French advanced), which their own tests check; generic code must not
assume it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from scoring.engine.errors import EngineError
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

OptionsT = TypeVar("OptionsT")
ResultT = TypeVar("ResultT", bound=HandResultLike)

BUILTIN_MODULES: tuple[str, ...] = (
    "scoring.engine.mcr",
    "scoring.engine.french",
    "scoring.engine.encyclopaedia",
    "scoring.engine.riichi.registered",
)
"""Modules imported on the first lookup; each registers its rule set."""


class RuleSet(Protocol[OptionsT, ResultT]):
    """What every rule set implements. Seats are 0..3 (see ``types``)."""

    code: str

    def default_options(self) -> dict[str, object]:
        """The tournament settings and their default values, JSON-ready."""
        ...

    def clean_options(self, raw: Mapping[str, object]) -> OptionsT:
        """Validated options; missing keys take their defaults.

        Raises ``EngineError`` naming the ``field`` for an unknown key or a
        bad value.
        """
        ...

    def parse_result(self, data: Mapping[str, object], options: OptionsT) -> ResultT:
        """A hand result from raw input, checked for shape AND rules."""
        ...

    def first_deal(self, options: OptionsT) -> DealState:
        """The deal of the session's first hand."""
        ...

    def next_deal(
        self, deal: DealState, result: ResultT, options: OptionsT
    ) -> DealState:
        """The deal of the hand after ``deal`` ended with ``result``."""
        ...

    def hand_payments(
        self, result: ResultT, deal: DealState, options: OptionsT
    ) -> Deltas:
        """Points won or lost by each seat in this hand."""
        ...

    def penalty_deltas(
        self, kind: str, offender: int, points: int | None, options: OptionsT
    ) -> Deltas:
        """Points won or lost by each seat for one penalty (not zero-sum)."""
        ...

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

        ``deal``: MCR ignores it; riichi needs the deal the next hand would
        be played under (``next_deal`` of the last hand), ``None`` before
        the first hand. ``scores``: the seats' summed deltas so far, for
        the rules that end a game on the running scores (riichi's dobon and
        West extension); rule sets that do not need them ignore them.
        """
        ...

    def session_result(
        self, scores: tuple[int, int, int, int], options: OptionsT
    ) -> SessionOutcome:
        """Ranks and table points from the seats' final session scores."""
        ...

    def ranking(self, options: OptionsT) -> tuple[str, ...]:
        """The standings keys (``standings.TIEBREAKS`` names) that always come
        first, before the tournament's own tie-breaks: MCR ranks by table
        points whatever the tie-breaks say."""
        ...


class TileCalculator(Protocol):
    """The optional part of a rule set that counts a hand from its tiles."""

    def score_tiles(
        self, data: Mapping[str, object], options: Any = None
    ) -> TilesScore:
        """The result fields and breakdown of hand-format.md's JSON ``data``,
        under the tournament's ``options`` (the defaults when ``None``).

        Raises ``EngineError`` for malformed input or tiles that do not win.
        """
        ...


class ResultEntry(Protocol):
    """The optional part of a rule set whose hand results are a flat set of
    inputs (MCR: kind, winner, discarder, points, flowers): the Django layer
    builds the tablet's form and the API's serializer from it. A rule set
    whose results need their own entry (French: every player's sets) has no
    such part, and its own entry page instead."""

    def result_form(self, options: Any) -> ResultForm:
        """The inputs of a hand result: its kinds and fields."""
        ...


class HandSheets(Protocol):
    """The optional part of a rule set where every player's hand scores
    (French classic, encyclopaedia): each seat's hand score, itemised."""

    def hand_sheets(
        self, result: Any, deal: DealState, options: Any
    ) -> dict[str, object]:
        """JSON-ready ``{"scores": [4 ints], "sheets": [4 sheets or None]}``:
        each seat's hand score (before any settlement) and its itemised
        sheet (``None`` for a score the table typed)."""
        ...


class HandPreview(Protocol):
    """The optional part of a rule set whose hands are built player by
    player on the tablet: the running sheets of a hand not yet complete."""

    def preview_sheets(
        self, data: Mapping[str, object], deal: DealState, options: Any
    ) -> list[Any]:
        """Each seat's sheet so far (a JSON-ready mapping), an
        ``EngineError`` for a seat whose entry cannot be read, or ``None``
        for a seat without a built hand. Raises ``EngineError`` for what
        every sheet needs and the input lacks."""
        ...


def hand_preview_of(ruleset: object) -> HandPreview | None:
    """``ruleset`` itself when the tablet builds its hands, else ``None``."""
    if callable(getattr(ruleset, "preview_sheets", None)):
        return ruleset  # type: ignore[return-value]
    return None


def hand_sheets_of(ruleset: object) -> HandSheets | None:
    """``ruleset`` itself when it itemises every player's hand, else ``None``."""
    if callable(getattr(ruleset, "hand_sheets", None)):
        return ruleset  # type: ignore[return-value]
    return None


class OptionEntry(Protocol):
    """The optional part of a rule set that describes its settings for the
    rules page, and names sets of settings an organiser starts from."""

    def option_form(self) -> tuple[OptionField, ...]:
        """Every setting, in the order the rules page asks for them."""
        ...

    def option_presets(self) -> Mapping[str, Mapping[str, object]]:
        """Named settings (riichi: ``"ema"``, ``"modern"``), each accepted by
        ``clean_options``; keys it leaves out keep their defaults."""
        ...


def option_form_of(ruleset: object) -> tuple[OptionField, ...]:
    """The rule set's settings; a rule set that does not describe them gets
    a flag per yes/no default and one unbounded whole number per other
    default option (``clean_options`` still checks them)."""
    method = getattr(ruleset, "option_form", None)
    if callable(method):
        return tuple(method())
    defaults = ruleset.default_options()  # type: ignore[attr-defined]
    return tuple(
        OptionField(
            name, OptionKind.FLAG if isinstance(value, bool) else OptionKind.INTEGER
        )
        for name, value in defaults.items()
    )


def option_presets_of(ruleset: object) -> Mapping[str, Mapping[str, object]]:
    """The rule set's named settings, empty when it has none."""
    method = getattr(ruleset, "option_presets", None)
    return method() if callable(method) else {}


def penalty_kinds_of(ruleset: object) -> tuple[str, ...] | None:
    """The penalty kinds ``penalty_deltas`` accepts (an optional
    ``penalty_kinds`` attribute: MCR's False Hu, riichi's chombo
    deduction...), ``None`` when the rule set does not say."""
    kinds = getattr(ruleset, "penalty_kinds", None)
    return tuple(kinds) if kinds is not None else None


def running_scores_of(
    ruleset: object, deltas: tuple[int, int, int, int], options: Any
) -> tuple[int, int, int, int] | None:
    """What the players hold after hands whose summed payments are
    ``deltas``: riichi's points on the table (start points plus deltas,
    its ``running_scores``); ``None`` for a rule set that shows the
    summed payments as they are (MCR)."""
    method = getattr(ruleset, "running_scores", None)
    return method(deltas, options) if callable(method) else None


def result_form_of(ruleset: object, options: Any) -> ResultForm | None:
    """The rule set's result inputs, or ``None`` when it has no flat form."""
    method = getattr(ruleset, "result_form", None)
    return method(options) if callable(method) else None


def takes_dora_count(ruleset: object) -> bool:
    """Whether the rule set's tile calculator reads a dora count with the
    tiles (hand-format.md's ``dora``: riichi's ``tile_dora_count``)."""
    return bool(getattr(ruleset, "tile_dora_count", False))


def tile_calculator(ruleset: object) -> TileCalculator | None:
    """``ruleset`` itself when it can count tiles, else ``None``."""
    if callable(getattr(ruleset, "score_tiles", None)):
        return ruleset  # type: ignore[return-value]
    return None


AnyRuleSet = RuleSet[Any, Any]
RuleSetT = TypeVar("RuleSetT", bound=AnyRuleSet)

_registry: dict[str, AnyRuleSet] = {}
_builtins_loaded = False


def register(ruleset: RuleSetT) -> RuleSetT:
    """Make ``ruleset`` findable by its code and return it.

    Registering the same object twice is harmless; another object under a
    code already taken raises ``duplicate_ruleset``.
    """
    existing = _registry.get(ruleset.code)
    if existing is not None and existing is not ruleset:
        raise EngineError("duplicate_ruleset", ruleset=ruleset.code)
    _registry[ruleset.code] = ruleset
    return ruleset


def _load_builtins() -> None:
    global _builtins_loaded
    if not _builtins_loaded:
        for module in BUILTIN_MODULES:
            importlib.import_module(module)
        _builtins_loaded = True


def get_ruleset(code: str) -> AnyRuleSet:
    """The rule set registered as ``code``.

    Raises ``EngineError("unknown_ruleset", ruleset=code)`` when there is none
    (the parameter cannot be called ``code``: that is the error's own code).
    """
    _load_builtins()
    try:
        return _registry[code]
    except KeyError:
        raise EngineError("unknown_ruleset", field="ruleset", ruleset=code) from None


def list_rulesets() -> list[str]:
    """The codes of every registered rule set, sorted."""
    _load_builtins()
    return sorted(_registry)
