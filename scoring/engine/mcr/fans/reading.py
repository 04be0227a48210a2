"""The JSON hand straight to counts, checked once: the calculator's fast path.

``read_context`` accepts only plainly well-formed hands (a ``dict``, tile
strings without spaces, exact ``bool``/``int``/``str`` values) that pass every
check of ``hand.parse_hand`` and ``hand.check_hand``, and builds the scoring
context from tile indices without making ``Tile`` or ``WinningHand``
objects. For anything else it returns None and the caller goes through
``parse_hand``, which raises the error naming the field: the checks and
their wording live in one place, and an accepted hand is checked once.
"""

from __future__ import annotations

import re
from operator import itemgetter
from typing import Any

from scoring.engine.mcr.fans.context import MELD_CODES, HandContext, make_context
from scoring.engine.mcr.fans.decompose import CHOW, KONG
from scoring.engine.mcr.fans.hand import HAND_SIZE, MAX_FLOWERS, SOURCES
from scoring.engine.mcr.fans.suits import SUIT_OF, WEIGHT
from scoring.engine.tiles import MAX_COPIES, SUITS, TILE_KINDS

_WIND_NUMBER = {"E": 0, "S": 1, "W": 2, "N": 3}
# (suit letter, digit) -> tile index; "0m", "8z" and unknown letters absent.
_INDEX: dict[str, dict[str, int]] = {
    suit: {
        str(rank): SUITS.index(suit) * 9 + rank - 1
        for rank in range(1, 10 if suit != "z" else 8)
    }
    for suit in SUITS
}
_SOURCES = frozenset(SOURCES)
_BIT = tuple(1 << tile for tile in range(TILE_KINDS))
_GROUP = re.compile(r"[1-9]+[mps]|[1-7]+z")
# The JSON fields in one call when all are present (the usual case); the
# defaults are parse_hand's (a missing required field: None, refused below).
_DEFAULTS: tuple[tuple[str, object], ...] = (
    ("concealed", None),
    ("winning_tile", None),
    ("seat_wind", None),
    ("prevalent_wind", None),
    ("melds", []),
    ("flowers", 0),
    ("self_drawn", False),
    ("last_of_kind", False),
    ("last_tile", False),
    ("replacement", False),
    ("robbing_kong", False),
)
_FIELDS = itemgetter(*(name for name, _ in _DEFAULTS))


_MEMO: dict[str, tuple[int, ...] | None] = {}
_MEMO_LIMIT = 1 << 11
# Suit groups are many more than meld strings; an entry is small.
_GROUP_LIMIT = 1 << 13


def _tiles(text: object) -> tuple[int, ...] | None:
    """Tile indices of ``text``, sorted, or None if not plain notation.

    Meld and winning-tile strings recur from hand to hand: a bounded memo
    answers them.
    """
    if type(text) is not str:
        return None
    tiles = _MEMO.get(text, ())
    if tiles == ():
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        tiles = _MEMO[text] = _parse(text)
    return tiles


_Group = tuple[tuple[int, ...], int, int, int]  # tiles, suit, suit key, mask
_GROUPS: dict[str, _Group] = {}


def _concealed(text: object) -> tuple[list[int], list[int], int] | None:
    """Tile indices, suit keys and mask of the concealed tiles.

    Whole concealed strings rarely recur, their suit groups (``"345m"``,
    ``"11z"``) do: each group is looked up in a bounded memo.
    """
    if type(text) is not str:
        return None
    tiles: list[int] = []
    keys = [0, 0, 0, 0]
    mask = 0
    length = 0
    for group in _GROUP.findall(text):
        length += len(group)
        found = _GROUPS.get(group)
        if found is None:
            if len(_GROUPS) >= _GROUP_LIMIT:
                _GROUPS.clear()
            found = _GROUPS[group] = _group(group)
        tiles += found[0]
        keys[found[1]] += found[2]
        mask |= found[3]
    # Anything findall skipped (a space, "0m", "8z", "12x") is not plain notation.
    return (tiles, keys, mask) if length == len(text) else None


def _group(text: str) -> _Group:
    """One suit group matched by ``_GROUP``: its digits are valid ranks."""
    suit = SUITS.index(text[-1])
    # ord("1") is 49: rank r of suit s is tile 9 s + r - 1.
    tiles = tuple(sorted(suit * 9 + ord(digit) - 49 for digit in text[:-1]))
    key = sum(WEIGHT[tile] for tile in tiles)
    mask = sum(_BIT[tile] for tile in set(tiles))
    return tiles, suit, key, mask


def _parse(text: str) -> tuple[int, ...] | None:
    tiles: list[int] = []
    start = 0
    for position, char in enumerate(text):
        ranks = _INDEX.get(char)
        if ranks is None:
            continue
        if position == start:
            return None
        for digit in text[start:position]:
            tile = ranks.get(digit)
            if tile is None:
                return None
            tiles.append(tile)
        start = position + 1
    if start != len(text):
        return None
    tiles.sort()
    return tuple(tiles)


def _text(value: object) -> str:
    """``value`` if it is a string, else one no table holds (lists are unhashable)."""
    return value if type(value) is str else ""


_Meld = tuple[int, tuple[int, ...], bool]
_MELDS: dict[tuple[object, ...], _Meld | None] = {}


def _meld(item: object) -> _Meld | None:
    """(kind code, sorted tiles, concealed) of a well-formed meld, else None.

    Melds recur from hand to hand: the answer is memoised on the four
    fields (bounded). ``concealed`` must be a ``bool`` before the lookup, as
    ``1 == True`` would otherwise find the entry of a valid meld.
    """
    if type(item) is not dict:
        return None
    concealed = item.get("concealed", False)
    if type(concealed) is not bool:
        return None
    key = (item.get("kind"), item.get("tiles"), concealed, item.get("from"))
    try:
        return _MELDS[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable value: not a well-formed meld
        return None
    if len(_MELDS) >= _MEMO_LIMIT:
        _MELDS.clear()
    found = _MELDS[key] = _check_meld(*key)
    return found


def _check_meld(
    kind_text: object, text: object, concealed: bool, source: object
) -> _Meld | None:
    kind = MELD_CODES.get(_text(kind_text))
    tiles = _tiles(text)
    if kind is None or tiles is None:
        return None
    if concealed and (kind != KONG or source is not None):
        return None
    if source is not None and (type(source) is not str or source not in _SOURCES):
        return None
    first = tiles[0] if tiles else -1
    if kind == CHOW:
        shaped = (
            len(tiles) == 3
            and first < 27
            and tiles[2] == first + 2
            and tiles[1] == first + 1
            and first // 9 == tiles[2] // 9
        )
    else:
        size = 4 if kind == KONG else 3
        shaped = len(tiles) == size and tiles[-1] == first
    return (kind, tiles, concealed) if shaped else None


def clear_memos() -> None:
    _MEMO.clear()
    _GROUPS.clear()
    _MELDS.clear()


def read_context(data: Any) -> HandContext | None:
    """The scoring context of ``data``, or None to take the checking path."""
    if type(data) is not dict:
        return None
    try:
        fields = _FIELDS(data)
    except KeyError:
        fields = tuple(data.get(name, default) for name, default in _DEFAULTS)
    (
        text,
        win_text,
        seat_text,
        prevalent_text,
        melds_data,
        flowers,
        self_drawn,
        last_of_kind,
        last_tile,
        replacement,
        robbing,
    ) = fields
    read = _concealed(text)
    win_tiles = _tiles(win_text)
    if read is None or win_tiles is None or len(win_tiles) != 1:
        return None
    seat = _WIND_NUMBER.get(seat_text if type(seat_text) is str else "")
    prevalent = _WIND_NUMBER.get(prevalent_text if type(prevalent_text) is str else "")
    if seat is None or prevalent is None:
        return None
    if type(flowers) is not int or not 0 <= flowers <= MAX_FLOWERS:
        return None
    if (
        type(self_drawn) is not bool
        or type(last_of_kind) is not bool
        or type(last_tile) is not bool
        or type(replacement) is not bool
        or type(robbing) is not bool
    ):
        return None
    concealed, keys, mask = read
    if type(melds_data) is not list or len(melds_data) > 4:
        return None
    if len(concealed) + 1 + 3 * len(melds_data) != HAND_SIZE:
        return None
    standing = [0] * TILE_KINDS
    win = win_tiles[0]
    mask |= _BIT[win]
    keys[SUIT_OF[win]] += WEIGHT[win]
    for tile in concealed:
        standing[tile] += 1
    all_counts = standing.copy()
    all_counts[win] += 1
    melds = []
    has_kong = False
    for item in melds_data:
        meld = _meld(item)
        if meld is None:
            return None
        kind, tiles, hidden = meld
        for tile in tiles:
            all_counts[tile] += 1
        mask |= _BIT[tiles[0]] | _BIT[tiles[-1]] | _BIT[tiles[1]]
        has_kong = has_kong or kind == KONG
        melds.append((kind, tiles[0], hidden))
    if max(all_counts) > MAX_COPIES:
        return None
    held = standing[win]
    if replacement and not (self_drawn and has_kong):
        return None
    if robbing and (self_drawn or all_counts[win] - 1):
        return None
    if last_of_kind and held:
        return None
    return make_context(
        standing,
        win,
        tuple(melds),
        all_counts,
        (self_drawn, last_of_kind, last_tile, replacement, robbing),
        seat,
        prevalent,
        mask,
        (keys[0], keys[1], keys[2], keys[3]),
    )
