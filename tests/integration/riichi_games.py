"""Riichi games worked out by hand from riichi.md, for the tests that play
them through the API (one table, a whole tournament)."""

from __future__ import annotations

from typing import Any

Game = list[tuple[dict[str, Any], tuple[int, int, int, int]]]


def hanchan(east: int, south: int, west: int, north: int) -> Game:
    """A whole East-South game at the default settings (25,000 to start,
    30,000 return line, uma +15/+5/-5/-15, no tenpai payment), with each
    hand's payment worked out by hand from riichi.md (players A, B, C, D =
    seats 0..3; "basic" = fu x 2^(han+2), payments rounded up to 100)."""
    A, B, C, D = east, south, west, north
    return [
        # E1, A deals. B rons C, 3 han 30 fu: 960 x 4 = 3,840 -> 3,900.
        ({"kind": "discard", "winner": B, "discarder": C, "han": 3, "fu": 30},
         (0, 3_900, -3_900, 0)),
        # E2, B deals. A tsumo, 4 han 30 fu (basic 1,920): the dealer pays
        # 3,840 -> 3,900, each child 1,920 -> 2,000.
        ({"kind": "self_draw", "winner": A, "han": 4, "fu": 30},
         (7_900, -3_900, -2_000, -2_000)),
        # E3, C deals. Draw; B (riichi) and C tenpai: C stays, honba 1, B's
        # stick stays on the table.
        ({"kind": "draw", "riichi": [B], "tenpai": [B, C]}, (0, -1_000, 0, 0)),
        # E3-1. D rons A with a mangan: 8,000 + 300 honba, and the stick.
        ({"kind": "discard", "winner": D, "discarder": A, "han": 5},
         (-8_300, 0, 0, 9_300)),
        # E4, D deals. D tsumo, 2 han 40 fu (basic 640): 1,280 -> 1,300 each.
        ({"kind": "self_draw", "winner": D, "han": 2, "fu": 40},
         (-1_300, -1_300, -1_300, 3_900)),
        # E4-1. Abortive draw: nobody pays, honba 2.
        ({"kind": "abortive_draw"}, (0, 0, 0, 0)),
        # E4-2. B rons D, 1 han 30 fu: 960 -> 1,000 + 600 honba.
        ({"kind": "discard", "winner": B, "discarder": D, "han": 1, "fu": 30},
         (0, 1_600, 0, -1_600)),
        # S1, A deals. C's chombo, spread like a child's mangan tsumo: 4,000
        # to the dealer, 2,000 to each child; the hand is replayed.
        ({"kind": "chombo", "offender": C}, (4_000, 2_000, -8_000, 2_000)),
        # S1 again. A (dealer) rons B, 3 han 40 fu: 1,280 x 6 = 7,680 -> 7,700.
        ({"kind": "discard", "winner": A, "discarder": B, "han": 3, "fu": 40},
         (7_700, -7_700, 0, 0)),
        # S1-1. Draw, nobody tenpai: the deal passes, honba 2.
        ({"kind": "draw", "tenpai": []}, (0, 0, 0, 0)),
        # S2-2, B deals. B tsumo 1 han 30 fu: 480 -> 500 + 200 honba each.
        ({"kind": "self_draw", "winner": B, "han": 1, "fu": 30},
         (-700, 2_100, -700, -700)),
        # S2-3. C rons B, 2 han 30 fu: 1,920 -> 2,000 + 900 honba.
        ({"kind": "discard", "winner": C, "discarder": B, "han": 2, "fu": 30},
         (0, -2_900, 2_900, 0)),
        # S3, C deals. D tsumo 3 han 30 fu (basic 960): the dealer 1,920 ->
        # 2,000, the children 1,000.
        ({"kind": "self_draw", "winner": D, "han": 3, "fu": 30},
         (-1_000, -1_000, -2_000, 4_000)),
        # S4, D deals. A rons D, 2 han 30 fu: 2,000. A and D hold 30,000 or
        # more: no West round, the game is over.
        ({"kind": "discard", "winner": A, "discarder": D, "han": 2, "fu": 30},
         (2_000, 0, 0, -2_000)),
    ]  # fmt: skip


#: What a table that played ``hanchan`` ends with, by seat (starting East
#: first): the balance of points (A 35,300, B 16,800, C 10,000, D 37,900
#: held at the end, from 25,000), the final scores (rounded thousands 35,
#: 17, 10, 38 minus 30: +5, -13, -20, the top player D +28; uma +15/+5/-5/-15
#: by place D, A, B, C) and the places.
HANCHAN_BALANCE = (10_300, -8_200, -15_000, 12_900)
HANCHAN_FINAL = (10, -18, -35, 43)
HANCHAN_RANKS = (2, 3, 4, 1)


def short_game(east: int, south: int, west: int, north: int) -> Game:
    """One hand, then time is called: B rons C, 3 han 30 fu (3,900)."""
    return [
        ({"kind": "discard", "winner": south, "discarder": west, "han": 3, "fu": 30},
         (0, 3_900, -3_900, 0)),
    ]  # fmt: skip


#: Points held 25,000, 28,900, 21,100, 25,000 round to 25, 29, 21, 25; minus
#: 30: -5, (top) B, -9, -5; B takes +19. A and D tie on points: A sat first,
#: so A is second. Uma: B 34, A 0, D -10, C -24.
SHORT_BALANCE = (0, 3_900, -3_900, 0)
SHORT_FINAL = (0, 34, -24, -10)
SHORT_RANKS = (2, 1, 4, 3)
