"""Score a winning hand: every reading of the tiles, the best one wins.

mcr.md section 2.5: every decomposition is scored and the highest total
kept; between equal totals the reading with the higher single fan is kept
(mcr.md 6.9). The 8-point minimum is judged without flowers (section 3).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import compress
from operator import mul

from scoring.engine.error_words import ENGINE_ERRORS, english
from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import table as f
from scoring.engine.mcr.fans.context import HandContext, build_context
from scoring.engine.mcr.fans.context import clear_memo as clear_tile_fans
from scoring.engine.mcr.fans.counting import count_standard
from scoring.engine.mcr.fans.decompose import (
    is_nine_gates,
    standard_splits,
    suit_shape,
    suit_splits,
    waits,
)
from scoring.engine.mcr.fans.hand import WinningHand, check_hand, parse_hand
from scoring.engine.mcr.fans.reading import clear_memos as clear_reading
from scoring.engine.mcr.fans.reading import read_context
from scoring.engine.mcr.fans.sets import clear_memos as clear_set_memos
from scoring.engine.mcr.fans.special import (
    count_knitted_straight,
    count_nine_gates,
    count_orphans_and_knitted,
    count_seven_pairs,
)
from scoring.engine.mcr.fans.suits import clear as clear_tables
from scoring.engine.mcr.fans.suits import hand_splits
from scoring.engine.mcr.fans.table import POINTS
from scoring.engine.mcr.words import ERRORS

MINIMUM = 8


@dataclass(frozen=True, slots=True)
class FanCount:
    """One fan of the breakdown: ``points`` per count, ``count`` >= 1."""

    number: int
    name: str
    name_fr: str
    points: int
    count: int

    def as_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "name": self.name,
            "name_fr": self.name_fr,
            "points": self.points,
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class FanResult:
    """The breakdown of the best reading; ``total`` includes the flowers."""

    total: int
    fans: tuple[FanCount, ...]


def message(error: EngineError) -> str:
    """The English sentence for ``error`` (MCR's words, then the shared
    ones); its code when none is known."""
    return english(error, ERRORS)


def count_fans(hand: WinningHand) -> FanResult:
    """Score ``hand``.

    Raises ``EngineError``: the codes of ``check_hand``,
    ``"not_a_winning_hand"``, or ``"below_minimum"`` with ``points`` (without
    flowers), ``minimum`` and ``fans`` (the breakdown found, no flowers).
    """
    check_hand(hand)
    best = best_table(build_context(hand))
    if best is None:
        raise EngineError("not_a_winning_hand")
    fans = breakdown(best)
    points = sum(fan.points * fan.count for fan in fans)
    if points < MINIMUM:
        raise EngineError("below_minimum", points=points, minimum=MINIMUM, fans=fans)
    if hand.flowers:
        flower = f.FAN_BY_NUMBER[f.FLOWER_TILES]
        fans = (*fans, FanCount(81, flower.name, flower.name_fr, 1, hand.flowers))
    return FanResult(total=points + hand.flowers, fans=fans)


def best_table(ctx: HandContext) -> list[int] | None:
    """The fan table of the best reading of the tiles, or None if none.

    Readings are tried in a fixed order and a later one replaces the best
    only when strictly better (total, then highest single fan: mcr.md 6.9).
    """
    tables = _readings(ctx)
    if len(tables) < 2:
        # One reading (most hands): nothing to compare.
        return tables[0] if tables else None
    best: list[int] | None = None
    best_key = (-1, -1)
    for table in tables:
        key = (sum(map(mul, POINTS, table)), next(compress(POINTS, table), 0))
        if key > best_key:
            best, best_key = table, key
    return best


def _readings(ctx: HandContext) -> list[list[int]]:
    """One fan table per reading of the 14 tiles, in a fixed order.

    The special shapes are only tried when the tiles can hold them: seven
    pairs and the thirteen-tile shapes need a concealed hand (and 13 or 14
    different kinds for the orphans and knitted hands), a knitted straight
    needs its nine tiles.
    """
    special: list[list[int] | None] = []
    mask = ctx.mask
    if not ctx.melds:
        kinds = mask.bit_count()
        if kinds <= 7:
            special.append(count_seven_pairs(ctx))
        elif kinds >= 13:
            special.append(count_orphans_and_knitted(ctx))
        if is_nine_gates(ctx.standing, ctx.win):
            special.append(count_nine_gates(ctx))
    if (
        len(ctx.melds) <= 1
        and _KNITTED_RANKS[mask & 511]
        and _KNITTED_RANKS[(mask >> 9) & 511]
        and _KNITTED_RANKS[(mask >> 18) & 511]
    ):
        special.append(count_knitted_straight(ctx))
    tables = [table for table in special if table is not None]
    for sets, pair in hand_splits(ctx.keys):
        tables.append(count_standard(ctx, sets, pair))
    return tables


def breakdown(table: list[int]) -> tuple[FanCount, ...]:
    """The fans of ``table`` in fan-number order."""
    fans = []
    for number in compress(_NUMBERS, table):
        count = table[number]
        if count > 0:
            fan = f.FAN_BY_NUMBER[number]
            fans.append(FanCount(number, fan.name, fan.name_fr, fan.points, count))
    return tuple(fans)


def answer(data: Mapping[str, object]) -> dict[str, object]:
    """hand-format.md's answer for one JSON hand: never raises EngineError.

    A hand below the minimum answers ``ok: false`` with the fans found and
    their total without flowers; other errors answer no fans and total 0.
    A plainly well-formed hand is read and checked once (``reading``);
    anything else takes ``parse_hand``, whose errors name the field.
    """
    ctx = read_context(data)
    if ctx is None:
        return _checked_answer(data)
    best = best_table(ctx)
    if best is None:
        return {"ok": False, "total": 0, "fans": [], "error": _NOT_A_WIN}
    fans = []
    points = 0
    for number in compress(_NUMBERS, best):
        count = best[number]
        if count > 0:
            name, name_fr, value = _FAN_TEXT[number]
            points += value * count
            fans.append(
                {
                    "number": number,
                    "name": name,
                    "name_fr": name_fr,
                    "points": value,
                    "count": count,
                }
            )
    if points < MINIMUM:
        error = ERRORS["below_minimum"] % {"points": points, "minimum": MINIMUM}
        return {"ok": False, "total": points, "fans": fans, "error": error}
    flowers = data.get("flowers", 0)
    assert isinstance(flowers, int)  # read_context checked it
    if flowers:
        name, name_fr, value = _FAN_TEXT[f.FLOWER_TILES]
        fans.append(
            {
                "number": f.FLOWER_TILES,
                "name": name,
                "name_fr": name_fr,
                "points": value,
                "count": flowers,
            }
        )
    return {"ok": True, "total": points + flowers, "fans": fans, "error": None}


def answer_text(data: Mapping[str, object]) -> str:
    """``answer(data)`` as the command writes it: ``json.dumps(answer(data),
    ensure_ascii=False)``, the same text, built from pieces written once.

    The command's whole-process time is what is compared with pymahjonggb
    (issue 17): this skips the answer's dicts and most of the JSON encoding.
    ``tests/unit/scoring/test_fans_native.py`` checks the text is the same
    for every hand of the frozen corpus.
    """
    ctx = read_context(data)
    if ctx is None:
        return _DUMPS(_checked_answer(data))
    best = best_table(ctx)
    if best is None:
        return _NOT_A_WIN_TEXT
    pieces = []
    points = 0
    for number in compress(_NUMBERS, best):
        count = best[number]
        if count > 0:
            points += POINTS[number] * count
            pieces.append(_fan_text(number, count))
    if points < MINIMUM:
        return _BELOW_TEXT % (points, ", ".join(pieces), _below_text(points))
    flowers = data.get("flowers", 0)
    assert isinstance(flowers, int)  # read_context checked it
    if flowers:
        pieces.append(_fan_text(f.FLOWER_TILES, flowers))
    return _WIN_TEXT % (points + flowers, ", ".join(pieces))


def _fan_text(number: int, count: int) -> str:
    """One fan of the answer as JSON (memoised: about 80 fans x few counts)."""
    key = number * 64 + count
    text = _FAN_JSON.get(key)
    if text is None:
        name, name_fr, value = _FAN_TEXT[number]
        text = _FAN_JSON[key] = _DUMPS(
            {
                "number": number,
                "name": name,
                "name_fr": name_fr,
                "points": value,
                "count": count,
            }
        )
    return text


def _below_text(points: int) -> str:
    """The below-minimum error sentence as JSON, memoised by points (< 8)."""
    text = _BELOW_JSON.get(points)
    if text is None:
        error = ERRORS["below_minimum"] % {"points": points, "minimum": MINIMUM}
        text = _BELOW_JSON[points] = _DUMPS(error)
    return text


def _checked_answer(data: Mapping[str, object]) -> dict[str, object]:
    """``answer`` through ``parse_hand`` and ``count_fans``: errors named."""
    try:
        result = count_fans(parse_hand(data))
    except EngineError as error:
        fans = error.params.get("fans", ()) if error.code == "below_minimum" else ()
        return {
            "ok": False,
            "total": error.params.get("points", 0),
            "fans": [fan.as_dict() for fan in fans],
            "error": message(error),
        }
    return {
        "ok": True,
        "total": result.total,
        "fans": [fan.as_dict() for fan in result.fans],
        "error": None,
    }


def clear_memos() -> None:
    """Empty every table and memo of the calculator (benchmarks start cold)."""
    clear_tables()
    clear_reading()
    clear_set_memos()
    clear_tile_fans()
    for cache in (suit_splits, suit_shape, standard_splits, waits):
        cache.cache_clear()


_NUMBERS = tuple(range(f.FAN_COUNT + 1))
_FAN_TEXT = {fan.number: (fan.name, fan.name_fr, fan.points) for fan in f.FANS}
_NOT_A_WIN = ENGINE_ERRORS["not_a_winning_hand"]
_DUMPS = json.JSONEncoder(ensure_ascii=False).encode
_NOT_A_WIN_TEXT = _DUMPS({"ok": False, "total": 0, "fans": [], "error": _NOT_A_WIN})
_BELOW_TEXT = '{"ok": false, "total": %d, "fans": [%s], "error": %s}'
_WIN_TEXT = '{"ok": true, "total": %d, "fans": [%s], "error": null}'
_FAN_JSON: dict[int, str] = {}
_BELOW_JSON: dict[int, str] = {}
# For the nine rank bits of a suit: whether it holds 147, 258 or 369, which
# each suit of a knitted straight must.
_KNITTED_RANKS = tuple(
    any(ranks & group == group for group in (0o111, 0o222, 0o444))
    for ranks in range(512)
)
