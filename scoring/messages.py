"""The scoring layer's catalogue: words for the pure core's error codes.

The core (rule sets and the fan calculator) raises
``EngineError(code, field, **params)`` and never translates; this module is
the one place that turns those codes, and the field names they point at,
into words. Placeholders are ``%(name)s`` so translators can move them. The
English of the fan calculator's codes matches
``scoring.engine.mcr.fans.messages`` (used by the command, which has no
Django). The tournaments layer has its own catalogue
(``tournaments.messages``) and no code is in both.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset
from scoring.engine.words import RuleSetWords

# Values are lazy translations; they become ``str`` in the active language.
MESSAGES: dict[str, str] = {
    # Input shape
    "not_an_integer": _("“%(value)s” is not a whole number."),
    "unknown_field": _("Unknown field “%(name)s”."),
    "kind_required": _("Say how the hand ended: discard, self-draw or draw."),
    "unknown_kind": _("“%(kind)s” is not a way a hand can end."),
    # Hand results
    "winner_required": _("A win must name the winner."),
    "winner_out_of_range": _("The winner %(seat)s does not sit at this table."),
    "winner_not_allowed": _("A drawn hand has no winner."),
    "discarder_required": _("A win on a discard must name the discarder."),
    "discarder_out_of_range": _("The discarder %(seat)s does not sit at this table."),
    "discarder_is_winner": _("The winner cannot win on their own discard."),
    "discarder_not_allowed": _("Only a win on a discard has a discarder."),
    "fan_total_required": _("Enter the points of the winning hand."),
    "fan_total_not_allowed": _("A drawn hand scores no points."),
    "flowers_not_allowed": _("Flowers only count for the winner of a hand."),
    "below_minimum": _(
        "%(points)s points without flowers: below the %(minimum)s-point minimum."
    ),
    "fan_total_too_high": _(
        "%(points)s points is more than any hand can score (at most "
        "%(maximum)s without flowers)."
    ),
    "flowers_out_of_range": _(
        "%(flowers)s flowers: a hand holds between 0 and %(maximum)s."
    ),
    # Penalties
    "unknown_penalty": _("“%(kind)s” is not a penalty of these rules."),
    "offender_out_of_range": _("The penalised player %(seat)s is not at this table."),
    "penalty_points_required": _("Enter how many points the penalty costs."),
    "penalty_not_positive": _("A penalty must cost at least one point."),
    "penalty_not_divisible": _(
        "A False Hu penalty of %(points)s points cannot be shared equally "
        "between three players."
    ),
    # Deals
    "invalid_hand_number": _("Hand numbers start at 1, not %(number)s."),
    "invalid_seat_winds": _(
        "“%(winds)s”: the four players must hold East, South, West and North."
    ),
    "invalid_wind": _("“%(wind)s” is not a wind."),
    "invalid_counters": _("The hand counters are not readable."),
    # Tournament settings
    "unknown_ruleset": _("“%(ruleset)s” is not a rule set this site knows."),
    "duplicate_ruleset": _("Two rule sets use the code “%(ruleset)s”."),
    "not_a_ruleset": _("%(ruleset)s is not a rule set: it must extend BaseRuleSet."),
    "no_hand_sheets": _("The %(ruleset)s rules do not score every player's hand."),
    "unknown_option": _("“%(option)s” is not a setting of these rules."),
    "option_out_of_range": _(
        "%(value)s is not allowed for “%(option)s”: choose between %(minimum)s "
        "and %(maximum)s."
    ),
    "unknown_tiebreak": _("“%(tiebreak)s” is not a known tie-break."),
    "duplicate_tiebreak": _("The tie-break “%(tiebreak)s” is listed twice."),
    "wrong_place_count": _("%(places)s place values were given for %(seats)s players."),
    # The fan calculator
    "not_a_winning_hand": _("Not a winning hand."),
    "too_many_copies": _("%(count)s copies of %(tile)s in the hand (at most four)."),
    "malformed_tiles": _("Malformed tiles: %(part)s"),
    "wrong_tile_count": _(
        "The hand has %(count)s tiles; it needs %(expected)s (a kong counts as 3)."
    ),
    "missing_field": _("Missing field: %(field)s."),
    "invalid_value": _("Invalid value for %(field)s."),
    "invalid_meld": _("The tiles of %(field)s do not form a %(kind)s."),
    "impossible_condition": _(
        "The win condition %(condition)s is impossible with these tiles."
    ),
    "malformed_json": _("Not a JSON object: %(detail)s"),
    "internal_error": _("Internal error: the hand could not be scored."),
    # Riichi
    "han_required": _("Enter the han of the winning hand (or its yakuman)."),
    "han_out_of_range": _("%(value)s han: a win has 1 to %(maximum)s han."),
    "fu_required": _(
        "Enter the fu: a hand of %(han)s han needs them in the full count."
    ),
    "fu_out_of_range": _(
        "%(fu)s fu: fu are even, from %(minimum)s to %(maximum)s, or 25 for seven "
        "pairs."
    ),
    "seven_pairs_fu": _("25 fu is seven pairs only, which has at least 2 han."),
    "yakuman_out_of_range": _("%(value)s yakuman: from 0 to %(maximum)s."),
    "triple_ron": _(
        "Three winners on one discard: under these rules the hand is an abortive draw."
    ),
    "riichi_not_tenpai": _("Seat %(seat)s declared riichi but is not tenpai."),
    "red_fives_off": _("Red fives are not played in this tournament."),
    "no_yaku": _("The hand has no yaku: it cannot win."),
    "invalid_choice": _("“%(value)s” is not one of %(choices)s."),
    "option_not_multiple": _("%(value)s is not a multiple of %(step)s."),
    "invalid_uma": _(
        "The uma is four whole numbers by place, best first (or none), not %(value)s."
    ),
    "return_below_start": _(
        "The return line (%(value)s) is below the starting points (%(start)s)."
    ),
    # Hands scored set by set (French classic, encyclopaedia)
    "unknown_system": _("“%(system)s” is not a scoring system: simple or advanced."),
    "settle_advanced_only": _(
        "Only the advanced system settles (not “%(system)s”): in the simple "
        "system nobody pays anybody."
    ),
    "not_a_boolean": _("“%(value)s” is neither yes nor no (%(field)s)."),
    "not_an_object": _("%(field)s must be a JSON object."),
    "unknown_set_kind": _("“%(kind)s” is not a set: a pair, a chow, a pung or a kong."),
    "invalid_set": _("The tiles of %(field)s do not form a %(kind)s."),
    "invalid_sets": _("The sets of %(field)s must be a list."),
    "not_a_mahjong_hand": _(
        "A Mah-Jong hand is four sets and a pair; this one has %(sets)s sets and "
        "%(pairs)s pairs."
    ),
    "too_many_tiles": _(
        "%(count)s tiles in %(field)s: a hand holds at most 13 (a kong counts as 3)."
    ),
    "invalid_bonus_tiles": _(
        "Flowers and seasons are given as a list of numbers from 1 to 4."
    ),
    "bonus_number_out_of_range": _(
        "Flowers and seasons are numbered 1 to 4, not %(number)s."
    ),
    "bonus_number_repeated": _("A flower or season number is given twice."),
    "bonus_tile_twice": _("Flower or season %(number)s is held by two players."),
    "mahjong_only": _("Only the Mah-Jong player's hand can be %(condition)s."),
    "conflicting_conditions": _("A hand cannot be both %(first)s and %(second)s."),
    "condition_needs": _("A hand %(condition)s must also be %(needed)s."),
    "four_hands_required": _("Give the hands of all four players."),
    "invalid_hand": _("The hand of %(field)s is not readable."),
    "scores_required": _("Give the scores of East, South, West and North."),
    "score_out_of_range": _("The score %(score)s is out of range."),
    "seat_out_of_range": _("Seat %(seat)s does not sit at this table."),
    "settlement_not_zero_sum": _(
        "The payments do not add up to zero (%(total)s): the hand is not stored."
    ),
    "finish_out_of_range": _(
        "Players finish 1st to 4th (or not at all), not %(finish)s."
    ),
    "finishing_order_broken": _(
        "The finishing places %(places)s skip a place: they run 1, 2, 3, 4 in order."
    ),
    "kind_does_not_match_finish": _("A hand is a draw exactly when nobody finished."),
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


def field_label(value: object) -> object:
    """A field name (``flowers``, ``melds[1]``, ``hands[2].sets``) in words;
    anything else as is. Players are numbered in seat order from 1, the
    order the tablet lists them in."""
    if not isinstance(value, str):
        return value
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


def render(template: Any, code: str, field: str | None, params: dict[str, Any]) -> str:
    """``template`` filled with ``params`` and the ``field`` in words.

    ``template % params`` (not ``str(template) % ...``): a plural text picks
    its form from the params. A template that does not fit its params comes
    back unfilled rather than failing the page that shows it.
    """
    if template is None:
        return code
    try:
        return str(template % {"field": field_label(field), **params})
    except (KeyError, TypeError, ValueError):
        return str(template)


def describe(error: EngineError) -> str:
    """``error`` in the active language, field names and meld kinds in words."""
    params = {key: field_label(value) for key, value in error.params.items()}
    if "kind" in params:
        params["kind"] = KIND_LABELS.get(str(error.params["kind"]), params["kind"])
    return render(MESSAGES.get(error.code), error.code, error.field, params)


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
    registered (an old event's rule set since removed)."""
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
