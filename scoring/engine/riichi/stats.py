"""What riichi tells the statistics of a stored hand (``hand_facts``).

Read from the stored result (``RiichiResult.to_dict``: the flat form, the
first winner under ``winner`` and the others under ``winner_2`` and
``winner_3``) and the tile calculator's yaku, worth their han.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.facts import HandFacts, breakdown_items
from scoring.engine.riichi.results import ABORTIVE_DRAW, DRAW, MORE_WINNERS
from scoring.engine.riichi.tiles import DORA_LINE

#: The statistics' figures riichi adds to the common ones (its words label
#: each in ``WORDS.stats``).
FIGURES = (
    "declaration_rate",
    "declared_win_rate",
    "dealer_retention",
    "points_won_average",
    "points_lost_average",
    "busts",
)


def _seats(value: object) -> tuple[int, ...]:
    if not isinstance(value, list | tuple):
        return ()
    return tuple(sorted(seat for seat in value if isinstance(seat, int)))


def hand_facts(result: Mapping[str, object], breakdown: object = None) -> HandFacts:
    """Every winner (a double ron has two), the riichi declarations, a
    washout for an exhaustive or abortive draw (a chombo is neither won nor
    washed out), and the yaku of a hand entered with its tiles."""
    winners = tuple(
        seat
        for key in ("winner", *(f"winner{suffix}" for suffix in MORE_WINNERS))
        if isinstance(seat := result.get(key), int)
    )
    items = breakdown_items(breakdown, "han")
    if items is not None:
        # The dora count is a line of the breakdown, not a yaku.
        items = tuple(item for item in items if item.name != DORA_LINE)
    return HandFacts(
        winners=winners,
        washout=result.get("kind") in (DRAW, ABORTIVE_DRAW),
        declared=_seats(result.get("riichi")),
        items=items,
    )
