"""The non-repeat principle: fans a scored fan implies are not added.

``ABSORBS`` transcribes the "Not combined with" column of mcr.md section 1
for the fans a standard reading can score together; the special shapes
apply their own column in ``special.py``. Partial absorptions (Big Three
Winds takes only the three wind pungs from Pung of Terminals or Honors) and
the wind fans are handled by code below.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import Protocol

from scoring.engine.mcr.fans import table as f

ABSORBS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (f.BIG_FOUR_WINDS, (f.ALL_PUNGS, f.PUNG_OF_TERMINALS_OR_HONORS)),
    (f.BIG_THREE_DRAGONS, (f.DRAGON_PUNG,)),
    (f.ALL_GREEN, (f.HALF_FLUSH, f.ONE_VOIDED_SUIT)),
    (f.FOUR_KONGS, (f.SINGLE_WAIT,)),
    # All Terminals absorbs Double Pung but not Triple Pung (mcr.md 6.8).
    (
        f.ALL_TERMINALS,
        (
            f.ALL_PUNGS,
            f.OUTSIDE_HAND,
            f.PUNG_OF_TERMINALS_OR_HONORS,
            f.NO_HONORS,
            f.DOUBLE_PUNG,
        ),
    ),
    # Its fourth set is a terminal or dragon pung, so every such pung goes.
    (f.LITTLE_FOUR_WINDS, (f.PUNG_OF_TERMINALS_OR_HONORS,)),
    (f.LITTLE_THREE_DRAGONS, (f.DRAGON_PUNG,)),
    (
        f.ALL_HONORS,
        (
            f.ALL_PUNGS,
            f.OUTSIDE_HAND,
            f.PUNG_OF_TERMINALS_OR_HONORS,
            f.ONE_VOIDED_SUIT,
        ),
    ),
    (f.FOUR_CONCEALED_PUNGS, (f.ALL_PUNGS, f.CONCEALED_HAND)),
    (f.PURE_TERMINAL_CHOWS, (f.FULL_FLUSH, f.ALL_CHOWS, f.NO_HONORS)),
    (f.FOUR_PURE_SHIFTED_PUNGS, (f.ALL_PUNGS,)),
    (
        f.ALL_TERMINALS_AND_HONORS,
        (f.ALL_PUNGS, f.OUTSIDE_HAND, f.PUNG_OF_TERMINALS_OR_HONORS),
    ),
    (f.ALL_EVEN_PUNGS, (f.ALL_PUNGS, f.ALL_SIMPLES, f.NO_HONORS)),
    (f.UPPER_TILES, (f.NO_HONORS,)),
    (f.MIDDLE_TILES, (f.ALL_SIMPLES, f.NO_HONORS)),
    (f.LOWER_TILES, (f.NO_HONORS,)),
    (f.THREE_SUITED_TERMINAL_CHOWS, (f.ALL_CHOWS, f.NO_HONORS)),
    (f.ALL_FIVES, (f.ALL_SIMPLES, f.NO_HONORS)),
    (f.UPPER_FOUR, (f.NO_HONORS,)),
    (f.LOWER_FOUR, (f.NO_HONORS,)),
    (f.REVERSIBLE_TILES, (f.ONE_VOIDED_SUIT,)),
    (f.LAST_TILE_DRAW, (f.SELF_DRAWN,)),
    (f.OUT_WITH_REPLACEMENT_TILE, (f.SELF_DRAWN,)),
    (f.MELDED_HAND, (f.SINGLE_WAIT,)),
    (f.TWO_DRAGON_PUNGS, (f.DRAGON_PUNG,)),
    (f.FULLY_CONCEALED_HAND, (f.SELF_DRAWN,)),
    (f.ALL_CHOWS, (f.NO_HONORS,)),
    (f.ALL_SIMPLES, (f.NO_HONORS,)),
)


# Which absorbing fans a table holds, read in one call. Reading them all
# before absorbing anything gives the same table as checking each in turn:
# a fan absorbed by an earlier one absorbs only fans the earlier one absorbs
# (tests/unit/scoring/test_fans_principles.py checks this of ABSORBS).
_ABSORBERS = itemgetter(*(fan for fan, _ in ABSORBS))
_ABSORBED = tuple(absorbed for _, absorbed in ABSORBS)


class _Winds(Protocol):
    seat: int
    prevalent: int


def apply_exclusions(table: list[int]) -> None:
    """Remove the fans absorbed by the fans present in ``table``."""
    if table[f.FOUR_CONCEALED_PUNGS] and table[f.FULLY_CONCEALED_HAND]:
        # mcr.md fan 12: if self-drawn only Self-Drawn is added.
        table[f.FULLY_CONCEALED_HAND] = 0
        table[f.SELF_DRAWN] = 1
    present = _ABSORBERS(table)
    if any(present):
        for absorbed in compress(_ABSORBED, present):
            for other in absorbed:
                table[other] = 0
    if table[f.BIG_THREE_WINDS] and not (
        table[f.ALL_HONORS] or table[f.ALL_TERMINALS_AND_HONORS]
    ):
        table[f.PUNG_OF_TERMINALS_OR_HONORS] -= 3


def apply_winds(ctx: _Winds, pungs: tuple[int, ...], table: list[int]) -> None:
    """Prevalent Wind and Seat Wind, each taking its pung from fan 73.

    Big Four Winds absorbs both. When Big Three Winds, Little Four Winds,
    All Honors or All Terminals and Honors already took the wind pungs from
    Pung of Terminals or Honors, nothing more is taken.
    """
    if table[f.BIG_FOUR_WINDS]:
        return
    taken = (
        table[f.BIG_THREE_WINDS]
        or table[f.LITTLE_FOUR_WINDS]
        or table[f.ALL_HONORS]
        or table[f.ALL_TERMINALS_AND_HONORS]
    )
    for tile in pungs:
        if tile == ctx.prevalent:
            table[f.PREVALENT_WIND] = 1
            if not taken:
                table[f.PUNG_OF_TERMINALS_OR_HONORS] -= 1
        if tile == ctx.seat:
            table[f.SEAT_WIND] = 1
            if not taken and ctx.seat != ctx.prevalent:
                table[f.PUNG_OF_TERMINALS_OR_HONORS] -= 1
