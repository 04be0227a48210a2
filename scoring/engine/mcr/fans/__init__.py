"""The MCR fan calculator: from the tiles of a winning hand to its fans.

Pure Python (mcr.md, hand-format.md). Public API::

    hand = parse_hand(json_object)      # WinningHand, or EngineError naming the field
    result = count_fans(hand)           # FanResult(total, fans), or EngineError
    answer(json_object)                 # hand-format.md's answer dict, never raises
"""

from scoring.engine.mcr.fans.calculator import FanCount, FanResult, answer, count_fans
from scoring.engine.mcr.fans.hand import Meld, WinningHand, parse_hand
from scoring.engine.mcr.fans.table import FANS, FanDef

__all__ = [
    "FANS",
    "FanCount",
    "FanDef",
    "FanResult",
    "Meld",
    "WinningHand",
    "answer",
    "count_fans",
    "parse_hand",
]
