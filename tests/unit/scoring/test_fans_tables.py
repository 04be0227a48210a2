"""The precomputed suit tables agree with the recursive split, key by key."""

from __future__ import annotations

import random

from scoring.engine.mcr.fans.decompose import split_suit, waits
from scoring.engine.mcr.fans.reading import read_context
from scoring.engine.mcr.fans.suits import HONORS, POW6, SUITED, decode, shape_of
from scoring.engine.mcr.fans.waiting import unique_wait
from tests.unit.scoring.fans_corpus import load


def test_every_suited_key_holds_the_recursive_splits() -> None:
    """29,559 suited keys: the table's splits are split_suit's, in its order."""
    assert len(SUITED) == 29_559
    for key, splits in SUITED.items():
        assert splits == split_suit(decode(key, 9), False)


def test_every_honour_key_holds_the_recursive_splits() -> None:
    """Honours form no chows: 792 keys."""
    assert len(HONORS) == 792
    for key, splits in HONORS.items():
        assert splits == split_suit(decode(key, 7), True)


def test_a_key_outside_the_tables_does_not_split() -> None:
    """Random suits of up to 14 tiles (five copies at most) not in the table."""
    rng = random.Random(17)
    outside = 0
    for _ in range(20_000):
        counts = [0] * 9
        for _ in range(rng.randint(1, 14)):
            rank = rng.randrange(9)
            if counts[rank] < 5:
                counts[rank] += 1
        key = sum(count * weight for count, weight in zip(counts, POW6, strict=True))
        if key not in SUITED:
            outside += 1
            assert split_suit(tuple(counts), False) == ()
            assert shape_of(0, key) == 0
    assert outside > 10_000


def test_unique_wait_agrees_with_every_wait_listed() -> None:
    """On the frozen corpus: one wait exactly when ``waits`` lists one tile."""
    checked = 0
    for data, _ in load():
        ctx = read_context(data)
        if ctx is None:
            continue
        melds = len(ctx.melds)
        expected = len(waits(tuple(ctx.standing), melds)) == 1
        assert unique_wait(tuple(ctx.standing), melds) == expected, data
        checked += 1
    assert checked > 19_000
