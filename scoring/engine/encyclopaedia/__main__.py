"""``python -m scoring.engine.encyclopaedia``: the French command's protocol.

``{"kind": "hand", "finish": 1..4 or null, "sets": [...], "flowers": n,
"announced": bool}`` (plus ``single_wait``, default true) answers
``{"points": n}``; a bad line answers ``{"error": ...}`` and the command
goes on. Every key of the protocol is required and its JSON type checked
(``french.protocol``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from scoring.engine import lines
from scoring.engine.encyclopaedia.score import HAND_FIELDS, parse_hand, score_hand
from scoring.engine.errors import EngineError
from scoring.engine.french import protocol
from scoring.engine.french.command import Answer, run
from scoring.engine.french.sets import check_fields


def answer_data(data: Mapping[str, object]) -> Answer:
    """The answer to one line."""
    lines.require(data, ("kind",))
    if data.get("kind") != "hand":
        raise EngineError("unknown_kind", field="kind", kind=str(data.get("kind")))
    check_fields(data, HAND_FIELDS | {"kind"}, "")
    lines.require(data, ("finish", "sets", "flowers", "announced"))
    protocol.check_int(data["finish"], "finish", nullable=True)
    protocol.check_sets(data["sets"])
    protocol.check_int(data["flowers"], "flowers")
    protocol.check_bools(data, ("announced", "single_wait"))
    return {"points": score_hand(parse_hand(data)).points}


if __name__ == "__main__":
    sys.exit(run(answer_data))
