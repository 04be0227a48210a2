"""The MCR fan calculator: from the tiles of a winning hand to its fans.

Pure Python (mcr.md, hand-format.md). Public API::

    hand = parse_hand(json_object)      # WinningHand, or EngineError naming the field
    result = count_fans(hand)           # FanResult(total, fans), or EngineError
    answer(json_object)                 # hand-format.md's answer dict, never raises

The modules may run compiled by mypyc (``scripts/compile_fans.py``, run by
``make venv``): ``native`` decides before anything else is imported, and
``IMPLEMENTATION`` says which ran ("compiled" or "python"); same answers.
"""

from scoring.engine.mcr.fans import native

native.install()

from scoring.engine.mcr.fans import calculator  # noqa: E402
from scoring.engine.mcr.fans.calculator import FanCount, FanResult, answer, count_fans  # noqa: E402
from scoring.engine.mcr.fans.hand import Meld, WinningHand, parse_hand  # noqa: E402
from scoring.engine.mcr.fans.table import FANS, FanDef  # noqa: E402

IMPLEMENTATION = native.implementation(calculator)

__all__ = [
    "FANS",
    "IMPLEMENTATION",
    "FanCount",
    "FanDef",
    "FanResult",
    "Meld",
    "WinningHand",
    "answer",
    "count_fans",
    "parse_hand",
]
