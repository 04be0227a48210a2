"""The scoring layer's words for the pure core's errors: it only translates.

The core (rule sets and the fan calculator) raises
``EngineError(code, field, **params)`` and never translates. The words are
the engine's own, English marked with ``N_``: a rule set's codes in its
``RuleSetWords.errors``, the codes every rule set shares in
``scoring.engine.error_words.ENGINE_ERRORS``. ``describe`` looks a code up by
the rule set that raised it (``EngineError.raised_by``), then in the shared
table, and translates; it also puts the field names an error points at into
words. The tournaments layer has its own catalogue (``tournaments.messages``)
and no code is in both.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine.error_words import ENGINE_ERRORS, error_text
from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset, list_rulesets
from scoring.engine.words import RuleSetWords

#: The shared codes, translated lazily: ``tournaments.messages`` reads them
#: for a ``ServiceError`` that carries an engine code (``no_tile_calculator``).
ENGINE_MESSAGES: dict[str, Any] = {
    code: gettext_lazy(text) for code, text in ENGINE_ERRORS.items()
}


# Hand-format.md field names are code; a referee reads these words instead.
FIELD_LABELS: dict[str, Any] = {
    "hand": _("the hand"),
    "concealed": _("the concealed tiles"),
    "winning_tile": _("the winning tile"),
    "melds": _("the melds"),
    "flowers": _("the flowers"),
    "seat_wind": _("the seat wind"),
    "prevalent_wind": _("the prevalent wind"),
    "self_drawn": _("self-drawn"),
    "last_of_kind": _("last of its kind"),
    "last_tile": _("last tile of the wall"),
    "replacement": _("out on a replacement tile"),
    "robbing_kong": _("robbing the kong"),
    "last_discard": _("won on the last discard"),
    "replacement_tile": _("won on a replacement tile"),
    "calling_hand": _("a calling hand"),
    "fan_total": _("the points"),
}
MELD_FIELD = re.compile(r"^melds\[(\d+)\]")
MELD_LABEL = _("meld %(number)s")
KIND_LABELS: dict[str, Any] = {
    "chow": _("chow"),
    "pung": _("pung"),
    "kong": _("kong"),
}


#: A player's hand where every player's hand scores: ``hands[2].sets``.
SEAT_HAND_FIELD = re.compile(r"^hands\[(\d+)\](?:\.(\w+))?")
SEAT_HAND_LABEL = _("the hand of player %(number)s (%(part)s)")
SEAT_HAND_WHOLE = _("the hand of player %(number)s")
SEAT_HAND_PARTS: dict[str, Any] = {
    "sets": _("sets"),
    "flowers": _("flowers"),
    "seasons": _("seasons"),
    "score": _("score"),
    "finish": _("finishing place"),
}


def field_label(value: object, words: RuleSetWords | None = None) -> object:
    """A field name (``flowers``, ``melds[1]``, ``hands[2].sets``) in words,
    an input of the rule set (riichi's ``han``) in its ``words``; anything
    else as is. Players are numbered in seat order from 1, the order the
    tablet lists them in."""
    if not isinstance(value, str):
        return value
    if value not in FIELD_LABELS and words is not None and value in words.results:
        return gettext(words.results[value])
    meld = MELD_FIELD.match(value)
    if meld:
        return MELD_LABEL % {"number": int(meld.group(1)) + 1}
    seat = SEAT_HAND_FIELD.match(value)
    if seat:
        part = seat.group(2) or ""
        if not part:
            return SEAT_HAND_WHOLE % {"number": int(seat.group(1)) + 1}
        return SEAT_HAND_LABEL % {
            "number": int(seat.group(1)) + 1,
            "part": SEAT_HAND_PARTS.get(part.split(".")[0], part),
        }
    return FIELD_LABELS.get(value, value)


def render(
    template: Any,
    code: str,
    field: str | None,
    params: dict[str, Any],
    words: RuleSetWords | None = None,
) -> str:
    """``template`` filled with ``params`` and the ``field`` in words (the
    rule set's ``words`` for its own inputs).

    ``template % params`` (not ``str(template) % ...``): a plural text picks
    its form from the params. A template that does not fit its params comes
    back unfilled rather than failing the page that shows it.
    """
    if template is None:
        return code
    try:
        return str(template % {"field": field_label(field, words), **params})
    except (KeyError, TypeError, ValueError):
        return str(template)


def _any_rule_sets_words(code: str) -> str | None:
    """The words of a rule set's own ``code`` for an error no rule set
    claims (built by a caller rather than raised by a rule set): better a
    rule set's sentence than the raw code."""
    for name in list_rulesets():
        text = get_ruleset(name).words.errors.get(code)
        if text is not None:
            return text
    return None


def describe(error: EngineError, ruleset: str | None = None) -> str:
    """``error`` in the active language, in the words of the rule set that
    raised it (``ruleset``, else ``error.raised_by``) or the shared ones;
    field names and meld kinds in words."""
    words = ruleset_words(ruleset or error.raised_by or "")
    own = words.errors if words is not None else None
    params = {key: field_label(value, words) for key, value in error.params.items()}
    if "ruleset" in params:  # a rule set is named by its name, not its code
        params["ruleset"] = ruleset_label(str(error.params["ruleset"]))
    if "kind" in params:
        params["kind"] = KIND_LABELS.get(str(error.params["kind"]), params["kind"])
    template = error_text(error.code, own)
    if template is None and words is None:
        template = _any_rule_sets_words(error.code)
    return render(
        gettext(template) if template is not None else None,
        error.code,
        error.field,
        params,
        words,
    )


# The lines of a hand's sheet where every player's hand scores (French
# classic, encyclopaedia): what brings added points, what doubles, and the
# kinds of set, in the words of the rule documents.
SHEET_LABELS: dict[str, Any] = {
    "pair": pgettext_lazy("French classic set", "Pair"),
    "chow": pgettext_lazy("French classic set", "Chow"),
    "pung": pgettext_lazy("French classic set", "Pung"),
    "kong": pgettext_lazy("French classic set", "Kong"),
    "flower": _("Flower"),
    "season": _("Season"),
    "mahjong": _("Going Mah-Jong"),
    "four_chows": _("Four chows and a pair"),
    "self_drawn": _("Self-drawn"),
    "seat_wind": _("Pung of the seat wind"),
    "dominant_wind": _("Pung of the dominant wind"),
    "round_wind": _("Pung of the round wind"),
    "dragon": _("Pung of dragons"),
    "all_flowers": _("All four flowers"),
    "all_seasons": _("All four seasons"),
    "own_flower_season": _("Own flower and own season"),
    "east": _("East's hand"),
    "no_chow": _("No chow"),
    "calling_hand": _("Calling hand"),
    "pure_hand": _("Pure hand"),
    "robbing_kong": _("Robbing a kong"),
    "replacement_tile": _("Replacement tile from the dead wall"),
    "concealed": _("Entirely concealed"),
    "last_discard": _("The last discard"),
    "honours_hand": _("Honours hand"),
    "grand_jeu": _("Grand Jeu"),
    "honours_only": _("Honours only"),
    "pungs_only": _("Only pungs and kongs"),
    "one_suit": _("One suit only"),
    "announced": _("Single wait announced"),
    "single_wait": _("Waited on a single tile"),
}


# A set on a sheet in the words of french-classic.md: made with a discard
# (exposed) a chow, a pung, a kong; concealed a suite, a brelan, a carré.
SET_LABELS: dict[str, Any] = {
    "pair": pgettext_lazy("French classic exposed set", "Pair"),
    "chow": pgettext_lazy("French classic exposed set", "Chow"),
    "pung": pgettext_lazy("French classic exposed set", "Pung"),
    "kong": pgettext_lazy("French classic exposed set", "Kong"),
    "pair.concealed": pgettext_lazy("French classic set", "Concealed pair"),
    "chow.concealed": pgettext_lazy("French classic set", "Concealed chow"),
    "pung.concealed": pgettext_lazy("French classic set", "Concealed pung"),
    "kong.concealed": pgettext_lazy("French classic set", "Concealed kong"),
}


def set_label(kind: str, concealed: bool) -> Any:
    """A set's kind in words, exposed or concealed; an unknown kind as is."""
    return SET_LABELS.get(f"{kind}.concealed" if concealed else kind, kind)


def sheet_label(code: str) -> Any:
    """A line of a hand's sheet in words; an unknown one as its code."""
    return SHEET_LABELS.get(code, code)


# A rule set's own words (``RuleSetWords``, English marked with ``N_``),
# looked up by the rule set and translated here: the web layer has no table
# of its own keyed by bare field names.


def ruleset_words(code: str) -> RuleSetWords | None:
    """The words of rule set ``code``; ``None`` for a code no longer
    registered (an old event's rule set since removed) or none given."""
    if not code:
        return None
    try:
        return get_ruleset(code).words
    except EngineError:
        return None


def _translated(code: str, own: Mapping[str, str]) -> str:
    label = own.get(code)
    return gettext(label) if label else code


def ruleset_label(ruleset: str) -> str:
    """The rule set's name in words; a code no longer registered as is."""
    words = ruleset_words(ruleset)
    return gettext(words.name) if words is not None else ruleset


def result_label(code: str, ruleset: str) -> str:
    """A result kind or input of ``ruleset`` in its words; one without
    words (the start-up check names it) as its code."""
    words = ruleset_words(ruleset)
    return _translated(code, words.results if words is not None else {})


def option_label(code: str, ruleset: str) -> str:
    """A setting (or ``setting.choice``) of ``ruleset`` in its words."""
    words = ruleset_words(ruleset)
    return _translated(code, words.options if words is not None else {})


def preset_label(code: str, ruleset: str) -> str:
    """A named set of settings of ``ruleset`` in its words."""
    words = ruleset_words(ruleset)
    return _translated(code, words.presets if words is not None else {})


def counter_labels(ruleset: str) -> dict[str, str]:
    """The deal counters players follow at the table (riichi: honba and the
    sticks on the table), by name; bookkeeping counters have no words."""
    words = ruleset_words(ruleset)
    if words is None:
        return {}
    return {name: gettext(label) for name, label in words.counters.items()}


def unit_label(unit: str) -> str:
    """A hand value's unit (``HandValue.unit``) in the active language."""
    return gettext(unit)


# The standings' two figures, unless the rule set has its own words (riichi:
# its final score and the balance of points won and lost at the tables).
_SCORE_WORDS: dict[str, Any] = {
    "table_points": _("Table points"),
    "score": _("Score"),
}


def score_words(ruleset: str) -> dict[str, Any]:
    """What the standings call their figures under ``ruleset``."""
    words = ruleset_words(ruleset)
    own = words.scores if words is not None else {}
    return {
        key: gettext(own[key]) if key in own else default
        for key, default in _SCORE_WORDS.items()
    }
