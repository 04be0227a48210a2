"""A frozen corpus of MCR hands and the answers the calculator gave them.

The corpus pins the calculator's answers (fans, counts, totals, errors) so
that a faster core can be proved to answer identically. Its hands are the
seeded hands of ``tests/differential/generate.py`` plus the kinds that cost
the most readings or touch rare rules: Seven Shifted Pairs, Quadruple Chow,
Four Pure Shifted Chows, Thirteen Orphans, the knitted hands, kongs,
flowers, and hands that are not a win (a tile swapped).

Regenerate (only when a rule change is meant to change answers)::

    .venv/bin/python -m tests.unit.scoring.fans_corpus
"""

from __future__ import annotations

import gzip
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from tests.differential.generate import (
    SUITED,
    _finish,
    expand,
    honors_knitted_hand,
    knitted_straight_hand,
    labelled_hands,
    notation,
    orphans_hand,
    seven_pairs_hand,
)

CORPUS = Path(__file__).resolve().parents[2] / "data" / "mcr_fans_corpus.jsonl.gz"
SEED = 20261123
Hand = dict[str, Any]


def _chow(start: int, suit: str) -> list[str]:
    return [f"{start + k}{suit}" for k in range(3)]


def _chow_hand(rng: random.Random, starts: list[int], suit: str) -> Hand:
    """Four chows of one suit (some melded) and a pair: the costly readings."""
    pair = rng.choice(SUITED)
    tiles = [t for start in starts for t in _chow(start, suit)] + [pair, pair]
    if max(tiles.count(t) for t in tiles) > 4:
        pair = f"{rng.randint(1, 7)}z"
        tiles = [*tiles[:-2], pair, pair]
    melded = rng.choice([0, 0, 0, 1, 2])
    melds = [
        {"kind": "chow", "tiles": notation(_chow(start, suit)), "from": "left"}
        for start in starts[:melded]
    ]
    concealed = [t for start in starts[melded:] for t in _chow(start, suit)]
    return _finish(rng, [*concealed, pair, pair], melds)


def quadruple_chow_hand(rng: random.Random) -> Hand:
    start = rng.randint(1, 7)
    return _chow_hand(rng, [start] * 4, rng.choice("mps"))


def shifted_chows_hand(rng: random.Random) -> Hand:
    step = rng.choice([1, 1, 2])
    first = rng.randint(1, 7 - 3 * step)
    suit = rng.choice("mps")
    starts = [first + step * k for k in range(4)]
    if rng.random() < 0.5:
        starts = [first, first, first + step, first + step]
    return _chow_hand(rng, starts, suit)


def shifted_pairs_hand(rng: random.Random) -> Hand:
    suit, start = rng.choice("mps"), rng.randint(1, 3)
    pairs = [f"{start + k}{suit}" for k in range(7)]
    return _finish(rng, [t for t in pairs for _ in range(2)], [])


def kongs_hand(rng: random.Random) -> Hand:
    """Two to four kongs, concealed or melded, with the other sets concealed."""
    tiles = rng.sample([*SUITED, *(f"{r}z" for r in range(1, 8))], 5)
    pair, kong_tiles = tiles[0], tiles[1 : 1 + rng.randint(2, 4)]
    rest = tiles[1 + len(kong_tiles) :]
    melds: list[dict[str, object]] = []
    for tile in kong_tiles:
        hidden = rng.random() < 0.5
        melds.append(
            {
                "kind": "kong",
                "tiles": notation([tile] * 4),
                "concealed": hidden,
                "from": None if hidden else rng.choice(["left", "right"]),
            }
        )
    concealed = [t for tile in rest for t in [tile] * 3] + [pair, pair]
    return _finish(rng, concealed, melds)


def not_a_win(rng: random.Random, data: Hand) -> Hand:
    """The same hand with one concealed tile swapped: mostly not a win."""
    tiles = expand(data["concealed"])
    if not tiles:
        return data
    tiles[rng.randrange(len(tiles))] = rng.choice([*SUITED, "1z", "5z"])
    return {**data, "concealed": notation(tiles)}


_EXTRA = (
    (6, quadruple_chow_hand),
    (6, shifted_chows_hand),
    (5, shifted_pairs_hand),
    (3, seven_pairs_hand),
    (3, orphans_hand),
    (3, honors_knitted_hand),
    (4, knitted_straight_hand),
    (4, kongs_hand),
)


def corpus_hands(seed: int = SEED, count: int = 20_000) -> list[Hand]:
    """``count`` hands: half the differential mix, half the costly kinds."""
    hands = [data for _, data in labelled_hands(seed, count // 2)]
    rng = random.Random(seed + 1)
    makers = [maker for _, maker in _EXTRA]
    weights = [weight for weight, _ in _EXTRA]
    while len(hands) < count:
        data = rng.choices(makers, weights)[0](rng)
        data["flowers"] = rng.choice([0, 0, 1, 3, 8])
        if rng.random() < 0.08:
            data = not_a_win(rng, data)
        hands.append(data)
    return hands


def compact(answer: dict[str, Any]) -> list[Any]:
    """An answer without the fan names: ok, total, [number, count]..., error."""
    fans = [[fan["number"], fan["count"]] for fan in answer["fans"]]
    return [answer["ok"], answer["total"], fans, answer["error"]]


@cache
def load() -> tuple[tuple[Hand, list[Any]], ...]:
    """The corpus, read once a process (several tests walk it)."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as stream:
        rows = [json.loads(line) for line in stream]
    return tuple((row["hand"], row["answer"]) for row in rows)


def write() -> None:
    from scoring.engine.mcr.fans import answer

    lines = [
        json.dumps({"hand": data, "answer": compact(answer(data))}, sort_keys=True)
        for data in corpus_hands()
    ]
    with gzip.GzipFile(CORPUS, "wb", compresslevel=9, mtime=0) as stream:
        stream.write(("\n".join(lines) + "\n").encode("utf-8"))


if __name__ == "__main__":
    write()
