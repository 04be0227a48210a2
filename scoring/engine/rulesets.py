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
from typing import Any, TypeVar

from scoring.engine.base import AnyRuleSet, BaseRuleSet, HandValue
from scoring.engine.contract import missing_words
from scoring.engine.errors import EngineError
from scoring.engine.types import OptionField, ResultForm

__all__ = [
    "AnyRuleSet",
    "BaseRuleSet",
    "HandValue",
    "RuleSet",
    "get_ruleset",
    "list_rulesets",
    "register",
    "ruleset_problems",
]

BUILTIN_MODULES: tuple[str, ...] = (
    "scoring.engine.mcr",
    "scoring.engine.french",
    "scoring.engine.encyclopaedia",
    "scoring.engine.riichi.registered",
)
"""Modules imported on the first lookup; each registers its rule set."""

RuleSet = BaseRuleSet
"""The contract (``base.BaseRuleSet``), under the name its users import."""


# The optional parts, read through the contract's defaults (no rule set
# needs to say it lacks one). Kept as functions for their callers' words.


def hand_preview_of(ruleset: AnyRuleSet) -> AnyRuleSet | None:
    """``ruleset`` itself when the tablet builds its hands, else ``None``."""
    return ruleset if ruleset.builds_hands else None


def hand_sheets_of(ruleset: AnyRuleSet) -> AnyRuleSet | None:
    """``ruleset`` itself when it itemises every player's hand, else ``None``."""
    return ruleset if ruleset.itemises_hands else None


def option_form_of(ruleset: AnyRuleSet) -> tuple[OptionField, ...]:
    """The rule set's settings (``BaseRuleSet.option_form``)."""
    return tuple(ruleset.option_form())


def option_presets_of(ruleset: AnyRuleSet) -> Mapping[str, Mapping[str, object]]:
    """The rule set's named settings, empty when it has none."""
    return ruleset.option_presets()


def penalty_kinds_of(ruleset: AnyRuleSet) -> tuple[str, ...] | None:
    """The penalty kinds ``penalty_deltas`` accepts, ``None`` when the rule
    set does not say."""
    kinds = ruleset.penalty_kinds
    return tuple(kinds) if kinds is not None else None


def running_scores_of(
    ruleset: AnyRuleSet, deltas: tuple[int, int, int, int], options: Any
) -> tuple[int, int, int, int] | None:
    """What the players hold after hands whose summed payments are
    ``deltas`` (``BaseRuleSet.running_scores``)."""
    return ruleset.running_scores(deltas, options)


def result_form_of(ruleset: AnyRuleSet, options: Any) -> ResultForm | None:
    """The rule set's result inputs, or ``None`` when it has no flat form."""
    return ruleset.result_form(options)


def takes_dora_count(ruleset: AnyRuleSet) -> bool:
    """Whether the rule set's tile calculator reads a dora count with the
    tiles (hand-format.md's ``dora``: riichi's ``tile_dora_count``)."""
    return ruleset.tile_dora_count


def tile_calculator(ruleset: AnyRuleSet) -> AnyRuleSet | None:
    """``ruleset`` itself when it can count tiles, else ``None``."""
    return ruleset if ruleset.counts_tiles else None


def ruleset_problems(ruleset: object) -> list[str]:
    """What ``ruleset`` lacks against the contract, in words (empty when
    complete): the start-up check and the contract test read this.

    Python already refuses to build a ``BaseRuleSet`` that leaves out a
    required method; this names the attributes and words a subclass must
    still give.
    """
    if not isinstance(ruleset, BaseRuleSet):
        return [f"{type(ruleset).__name__} is not a BaseRuleSet subclass"]
    problems = []
    try:
        code = ruleset.code
    except AttributeError:
        code = None
    if not isinstance(code, str) or not code:
        problems.append("no code (a non-empty string)")
    try:
        ruleset.words  # noqa: B018 - an attribute the contract requires
    except AttributeError:
        return [*problems, "no words (a RuleSetWords)"]
    return problems + missing_words(ruleset)


RuleSetT = TypeVar("RuleSetT", bound=AnyRuleSet)

_registry: dict[str, AnyRuleSet] = {}
_builtins_loaded = False


def register(ruleset: RuleSetT) -> RuleSetT:
    """Make ``ruleset`` findable by its code and return it.

    Registering the same object twice is harmless; another object under a
    code already taken raises ``duplicate_ruleset``, and an object that is
    not a ``BaseRuleSet`` raises ``not_a_ruleset``.
    """
    if not isinstance(ruleset, BaseRuleSet):
        raise EngineError("not_a_ruleset", ruleset=type(ruleset).__name__)
    existing = _registry.get(ruleset.code)
    if existing is not None and existing is not ruleset:
        raise EngineError("duplicate_ruleset", taken=ruleset.code)
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
