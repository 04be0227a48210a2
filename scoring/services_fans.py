"""The fan calculator for the web: one answer for the API, the page and hands.

``calculate`` gives hand-format.md's answer (the same ``ok``, ``total`` and
``fans`` as ``python -m scoring.engine.mcr``) plus the error ``code`` and
``field``, an error sentence in the active language, and the payments of
the hand. ``score_tiles`` is what the hand service calls when a referee
entered the tiles: the fan total to store, or an ``EngineError``.

Nothing here writes to the database: the calculator is a pure computation.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any, NamedTuple

from django.utils.translation import gettext_lazy as _

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import FanResult, WinningHand, count_fans, parse_hand
from scoring.engine.rulesets import get_ruleset
from tournaments.messages import error_message

logger = logging.getLogger(__name__)

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
}
MELD_FIELD = re.compile(r"^melds\[(\d+)\]")
MELD_LABEL = _("meld %(number)s")
KIND_LABELS: dict[str, Any] = {
    "chow": _("chow"),
    "pung": _("pung"),
    "kong": _("kong"),
}


class TilesScore(NamedTuple):
    """What a hand keeps from its tiles.

    ``fan_total`` excludes flowers (the figure the referee enters and the
    8-point minimum applies to); ``fans`` is the JSON-ready breakdown, fan 81
    (flowers) included when there are any.
    """

    fan_total: int
    flowers: int
    self_drawn: bool
    fans: list[dict[str, object]]


def score_tiles(data: Mapping[str, object]) -> TilesScore:
    """Score the hand-format.md JSON object ``data``.

    Raises ``EngineError`` for malformed input, tiles that do not win, or a
    hand below the 8-point minimum without flowers (``below_minimum``).
    """
    hand = parse_hand(data)
    result = count_fans(hand)
    return TilesScore(
        fan_total=result.total - hand.flowers,
        flowers=hand.flowers,
        self_drawn=hand.self_drawn,
        fans=[fan.as_dict() for fan in result.fans],
    )


def calculate(data: object) -> dict[str, object]:
    """The calculator's answer for ``data``; never raises ``EngineError``.

    ``ok``, ``total``, ``fans`` are those of hand-format.md (a hand below the
    minimum answers its fans and its points without flowers). ``error`` is a
    sentence in the active language, ``code`` and ``field`` say what failed,
    ``payments`` is ``payments_for`` when ``ok``, else ``None``.
    """
    if not isinstance(data, Mapping):
        return failure(EngineError("malformed_json", detail=_("expected an object")))
    try:
        hand = parse_hand(data)
        result = count_fans(hand)
    except EngineError as error:
        return failure(error)
    except Exception:  # the command answers internal_error too: same answers
        logger.exception("The fan calculator failed on %r", data)
        return failure(EngineError("internal_error"))
    return {
        "ok": True,
        "total": result.total,
        "fans": [fan.as_dict() for fan in result.fans],
        "error": None,
        "code": None,
        "field": None,
        "payments": payments_for(hand, result),
    }


def failure(error: EngineError) -> dict[str, object]:
    """The answer for ``error``, shaped as the command's."""
    fans = error.params.get("fans", ()) if error.code == "below_minimum" else ()
    return {
        "ok": False,
        "total": error.params.get("points", 0),
        "fans": [fan.as_dict() for fan in fans],
        "error": describe(error),
        "code": error.code,
        "field": error.field,
        "payments": None,
    }


def describe(error: EngineError) -> str:
    """``error`` in the active language, with fields named in words.

    ``error_message`` only sees ``params``, while the calculator's sentences
    also use ``field``: both go in, as words rather than JSON keys.
    """
    params = {key: _label(value) for key, value in error.params.items()}
    params["field"] = _label(error.field)
    if "kind" in params:
        params["kind"] = KIND_LABELS.get(str(error.params["kind"]), params["kind"])
    return error_message(SimpleNamespace(code=error.code, params=params))


def _label(value: object) -> object:
    if not isinstance(value, str):
        return value
    meld = MELD_FIELD.match(value)
    if meld:
        return MELD_LABEL % {"number": int(meld.group(1)) + 1}
    return FIELD_LABELS.get(value, value)


def payments_for(hand: WinningHand, result: FanResult) -> dict[str, object] | None:
    """Who pays what, T being ``result.total`` (flowers included).

    ``deltas`` lists four seats: 0 is the winner, 1 the discarder (on a
    discard), 2 and 3 the others. ``each_other`` is what each loser who did
    not discard pays: 8 on a discard, T + 8 on a self-draw. ``None`` only if
    the rule set refuses the total (beyond any real hand).
    """
    ruleset = get_ruleset("mcr")
    options = ruleset.clean_options({})
    entry = {
        "kind": "self_draw" if hand.self_drawn else "discard",
        "winner": 0,
        "discarder": None if hand.self_drawn else 1,
        "fan_total": result.total - hand.flowers,
        "flowers": hand.flowers,
    }
    try:
        outcome = ruleset.parse_result(entry, options)
    except EngineError:
        return None
    deltas = ruleset.hand_payments(outcome, ruleset.first_deal(options), options)
    return {
        "kind": entry["kind"],
        "hand_value": result.total,
        "winner": deltas[0],
        "discarder": None if hand.self_drawn else deltas[1],
        "each_other": deltas[3],
        "deltas": list(deltas),
    }
