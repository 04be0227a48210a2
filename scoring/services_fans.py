"""The fan calculator for the web: one answer for the API, the page and hands.

``calculate`` gives hand-format.md's answer (the same ``ok``, ``total`` and
``fans`` as ``python -m scoring.engine.mcr``) plus the error ``code`` and
``field``, an error sentence in the active language, and the payments of
the hand. (A hand entered from its tiles is counted by the rule set's own
``score_tiles``.)

Nothing here writes to the database: the calculator is a pure computation.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import FanResult, WinningHand, count_fans, parse_hand
from scoring.engine.rulesets import get_ruleset
from scoring.messages import describe

logger = logging.getLogger(__name__)


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
        # The fan calculator is MCR's: its words (below_minimum...).
        "error": describe(error, "mcr"),
        "code": error.code,
        "field": error.field,
        "payments": None,
    }


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
