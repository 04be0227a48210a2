"""Seeded random winning hands of every shape, in hand-format.md's JSON form.

Used by the differential test and by ``bench/mcr_fans.py``. Every hand is a
legal arrangement of tiles (at most four copies, consistent win conditions);
its fan value may be below the minimum. Tile pools are biased so that the
rarer fans (flushes, honours, terminals, greens, shifted sets) come up.
"""

from __future__ import annotations

import random

SUITED = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
HONORS = [f"{rank}z" for rank in range(1, 8)]
ORPHANS = ["1m", "9m", "1p", "9p", "1s", "9s", *HONORS]
GREEN = ["2s", "3s", "4s", "6s", "8s", "6z"]
KNITTED_ORDERS = ["mps", "msp", "pms", "psm", "smp", "spm"]
WINDS = "ESWN"
Hand = dict[str, object]


def _pool(rng: random.Random) -> list[str]:
    """The tiles a standard hand is drawn from, biased toward rare fans."""
    suit = rng.choice("mps")
    choices = [
        (40, SUITED + HONORS),
        (10, [t for t in SUITED if t[1] == suit] + HONORS),
        (8, [t for t in SUITED if t[1] == suit]),
        (5, [t for t in SUITED + HONORS if t in ORPHANS]),
        (4, HONORS + [t for t in SUITED if t[1] == suit]),
        (4, [t for t in SUITED if t[0] in "2468"] + HONORS[:4]),
        (3, GREEN),
        (4, [t for t in SUITED if t[0] in "123" or t[0] in "789"]),
        (4, [t for t in SUITED if t[0] in "3456"] + HONORS),
        (3, [t for t in SUITED if t[0] in "45678"]),
        (3, [t for t in SUITED if t[1] in "ps"] + ["5z"]),
        (3, [t for t in SUITED if t[0] in "157"]),
        (2, [t for t in SUITED if t[0] in "345"]),
        (2, [t for t in SUITED if t[0] in "19"]),
    ]
    weights = [weight for weight, _ in choices]
    return rng.choices([pool for _, pool in choices], weights)[0]


def _sets(rng: random.Random, pool: list[str]) -> tuple[list[tuple[str, str]], str]:
    """Four sets (kind, first tile) and a pair tile from ``pool``."""
    while True:
        counts: dict[str, int] = {}
        sets = []
        for _ in range(4):
            tile = rng.choice(pool)
            roll = rng.random()
            if tile[1] != "z" and int(tile[0]) <= 7 and roll < 0.55:
                kind = "chow"
                tiles = [f"{int(tile[0]) + k}{tile[1]}" for k in range(3)]
            elif roll < 0.9:
                kind, tiles = "pung", [tile] * 3
            else:
                kind, tiles = "kong", [tile] * 4
            for t in tiles:
                counts[t] = counts.get(t, 0) + 1
            sets.append((kind, tile))
        pair = rng.choice(pool)
        counts[pair] = counts.get(pair, 0) + 2
        if max(counts.values()) <= 4:
            return sets, pair


def _set_tiles(kind: str, tile: str) -> list[str]:
    if kind == "chow":
        return [f"{int(tile[0]) + k}{tile[1]}" for k in range(3)]
    return [tile] * (4 if kind == "kong" else 3)


def expand(text: str) -> list[str]:
    """``"123m"`` -> ``["1m", "2m", "3m"]`` (well-formed notation only)."""
    tiles: list[str] = []
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            tiles.extend(digit + char for digit in digits)
            digits = ""
    return tiles


def notation(tiles: list[str]) -> str:
    """Tiles written grouped by suit: ``["1m", "2m", "5z"]`` -> ``"12m5z"``."""
    out = []
    for suit in "mpsz":
        ranks = sorted(t[0] for t in tiles if t[1] == suit)
        if ranks:
            out.append("".join(ranks) + suit)
    return "".join(out)


def standard_hand(rng: random.Random) -> Hand:
    sets, pair = _sets(rng, _pool(rng))
    melds: list[dict[str, object]] = []
    concealed: list[str] = [pair, pair]
    meld_count = rng.choice([0, 0, 1, 1, 2, 2, 3, 4])
    for number, (kind, tile) in enumerate(sets):
        if kind == "kong" or number < meld_count:
            hidden = kind == "kong" and rng.random() < 0.4
            source = None if hidden else rng.choice(["left", "opposite", "right"])
            melds.append(
                {
                    "kind": kind,
                    "tiles": notation(_set_tiles(kind, tile)),
                    "concealed": hidden,
                    "from": "left" if kind == "chow" else source,
                }
            )
        else:
            concealed.extend(_set_tiles(kind, tile))
    return _finish(rng, concealed, melds)


def _finish(
    rng: random.Random, concealed: list[str], melds: list[dict[str, object]]
) -> Hand:
    """Pick the winning tile among the concealed ones and consistent flags."""
    win = rng.choice(concealed)
    concealed = list(concealed)
    concealed.remove(win)
    self_drawn = rng.random() < 0.4
    held = concealed.count(win)
    melded = sum(expand(str(meld["tiles"])).count(win) for meld in melds)
    has_kong = any(m["kind"] == "kong" for m in melds)
    robbing = not self_drawn and held == 0 and melded == 0 and rng.random() < 0.1
    return {
        "concealed": notation(concealed),
        "melds": melds,
        "winning_tile": win,
        "self_drawn": self_drawn,
        "last_of_kind": held == 0 and not robbing and rng.random() < 0.15,
        "last_tile": rng.random() < 0.08,
        "replacement": self_drawn and has_kong and rng.random() < 0.4,
        "robbing_kong": robbing,
        "flowers": rng.choice([0, 0, 0, 1, 2, 3]),
        "seat_wind": rng.choice(WINDS),
        "prevalent_wind": rng.choice(WINDS),
    }


def seven_pairs_hand(rng: random.Random) -> Hand:
    pool = _pool(rng)
    while True:
        pairs = [rng.choice(pool) for _ in range(7)]
        if all(pairs.count(t) <= 2 for t in pairs):
            break
    if rng.random() < 0.15:
        suit, start = rng.choice("mps"), rng.randint(1, 3)
        pairs = [f"{start + k}{suit}" for k in range(7)]
    return _finish(rng, [t for t in pairs for _ in range(2)], [])


def orphans_hand(rng: random.Random) -> Hand:
    return _finish(rng, [*ORPHANS, rng.choice(ORPHANS)], [])


def _knitted(rng: random.Random) -> list[str]:
    order = rng.choice(KNITTED_ORDERS)
    return [
        f"{start + 3 * k}{suit}"
        for start, suit in zip((1, 2, 3), order, strict=True)
        for k in range(3)
    ]


def honors_knitted_hand(rng: random.Random) -> Hand:
    tiles = rng.sample(_knitted(rng) + HONORS, 14)
    return _finish(rng, tiles, [])


def knitted_straight_hand(rng: random.Random) -> Hand:
    while True:
        sets, pair = _sets(rng, SUITED + HONORS)
        kind, tile = sets[0]
        knitted = _knitted(rng)
        tiles = [*knitted, *_set_tiles(kind, tile), pair, pair]
        if kind != "kong" and all(tiles.count(t) <= 4 for t in tiles):
            break
    if rng.random() < 0.3:
        meld = {
            "kind": kind,
            "tiles": notation(_set_tiles(kind, tile)),
            "concealed": False,
            "from": "left",
        }
        return _finish(rng, [*knitted, pair, pair], [meld])
    return _finish(rng, tiles, [])


def nine_gates_hand(rng: random.Random) -> Hand:
    suit = rng.choice("mps")
    ranks = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
    extra = rng.randint(1, 9)
    hand = _finish(rng, [f"{r}{suit}" for r in ranks], [])
    hand["concealed"] = notation([f"{r}{suit}" for r in ranks])
    hand["winning_tile"] = f"{extra}{suit}"
    hand["last_of_kind"] = False
    hand["robbing_kong"] = False
    return hand


SHAPES = (
    (70, standard_hand),
    (10, seven_pairs_hand),
    (3, orphans_hand),
    (4, honors_knitted_hand),
    (8, knitted_straight_hand),
    (5, nine_gates_hand),
)


def labelled_hands(seed: int, count: int) -> list[tuple[str, Hand]]:
    """``count`` (shape name, hand) pairs from ``random.Random(seed)``.

    The same seed gives the same hands on every run and machine.
    """
    rng = random.Random(seed)
    weights = [weight for weight, _ in SHAPES]
    makers = [maker for _, maker in SHAPES]
    hands = []
    for _ in range(count):
        maker = rng.choices(makers, weights)[0]
        hands.append((maker.__name__.removesuffix("_hand"), maker(rng)))
    return hands


def random_hands(seed: int, count: int) -> list[Hand]:
    """``count`` hands from ``random.Random(seed)``: the same every run."""
    return [data for _, data in labelled_hands(seed, count)]
