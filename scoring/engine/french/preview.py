"""The running sheets of a hand being built, before it is complete.

The tablet shows each player's added points, doubles and total after every
set the players enter; the hand need not be a whole hand yet (``read_hand``
checks shape only). A seat whose entry cannot be read gets its error
instead of a sheet, so that the other three still show.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.errors import EngineError
from scoring.engine.french.hand import read_hand
from scoring.engine.french.options import FrenchOptions
from scoring.engine.french.results import System, hand_context
from scoring.engine.french.score import score_hand
from scoring.engine.types import SEATS, DealState, ResultKind, _wind, optional_int

Sheet = Mapping[str, object] | EngineError | None
"""A seat's sheet, its error, or ``None`` when it has no built hand."""


def built_entries(data: Mapping[str, object]) -> list[Mapping[str, object] | None]:
    """The four seats' built hands in ``data["hands"]`` (``None`` for a seat
    without sets, or whose score is typed)."""
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != SEATS:
        return [None] * SEATS
    return [
        hand if isinstance(hand, Mapping) and "score" not in hand else None
        for hand in hands
    ]


def preview_sheets(
    data: Mapping[str, object],
    deal: DealState,
    options: FrenchOptions,
    system: System,
) -> list[Sheet]:
    """Each seat's sheet so far (``HandScore.to_dict``), in ``deal``.

    Raises ``EngineError`` naming ``dominant_wind`` while it is not chosen:
    every wind pung's value depends on it.
    """
    dominant = _wind(data.get("dominant_wind"), "dominant_wind")
    try:
        winner = optional_int(data, "winner")
    except EngineError:
        winner = None
    self_drawn = data.get("kind") == str(ResultKind.SELF_DRAW)
    sheets: list[Sheet] = []
    for seat, entry in enumerate(built_entries(data)):
        if entry is None:
            sheets.append(None)
            continue
        mahjong = seat == winner
        try:
            hand = read_hand(
                {**entry, "self_drawn": mahjong and self_drawn}, f"hands[{seat}]."
            )
        except EngineError as error:
            sheets.append(error)
            continue
        context = hand_context(
            deal, seat, options, system, dominant_wind=dominant, mahjong=mahjong
        )
        sheets.append(score_hand(hand, context).to_dict())
    return sheets
