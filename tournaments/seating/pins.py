"""Pinned players (accessibility): player -> the same table number every round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping


def place_pins(tables: list[list[int]], pins: Mapping[int, int]) -> list[list[int]]:
    """Order the tables of one round and move pinned players to their table.

    ``pins`` maps a player to a 0-based table index and was validated (at most
    four players per table). Tables are first ordered so that most pinned
    players are already in place; each remaining pinned player is swapped with
    a member of its table that is not rightly placed, which always exists, so
    every swap settles one more player for good.
    """
    wanted: list[Counter[int]] = [
        Counter(pins[p] for p in table if p in pins) for table in tables
    ]
    order: list[int | None] = [None] * len(tables)
    by_votes = sorted(
        range(len(tables)), key=lambda t: -max(wanted[t].values(), default=0)
    )
    for t in by_votes:
        for number, _ in wanted[t].most_common():
            if order[number] is None:
                order[number] = t
                break
    unused = iter(t for t in range(len(tables)) if t not in order)
    result = [
        list(tables[t]) if t is not None else list(tables[next(unused)]) for t in order
    ]
    _swap_into_place(result, pins)
    return result


def _swap_into_place(tables: list[list[int]], pins: Mapping[int, int]) -> None:
    for number, table in enumerate(tables):
        for seat, player in enumerate(table):
            target = pins.get(player)
            if target is None or target == number:
                continue
            other_table = tables[target]
            k = next(i for i, q in enumerate(other_table) if pins.get(q) != target)
            table[seat], other_table[k] = other_table[k], player
    # A player swapped in may itself be pinned elsewhere: settle until stable.
    if any(pins.get(p, n) != n for n, table in enumerate(tables) for p in table):
        _swap_into_place(tables, pins)
