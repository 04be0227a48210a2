"""A whole East-South game through the generic session code."""

from __future__ import annotations

from fractions import Fraction

from scoring.engine.riichi import RIICHI
from scoring.engine.session import HandEntry, deals_for, score_session
from scoring.engine.types import Wind

OPTIONS = RIICHI.clean_options({})

# Each hand with the deltas worked out on paper (riichi.md).
GAME = [
    # East 1, seat 0 deals: seat 1 riichi, ron 3 han 30 fu on seat 0.
    (
        {
            "kind": "discard",
            "winner": 1,
            "discarder": 0,
            "han": 3,
            "fu": 30,
            "riichi": [1],
        },
        (-3900, 3900, 0, 0),
    ),
    # East 2: draw, seats 1 (dealer) and 2 tenpai, seat 2 riichi.
    ({"kind": "draw", "tenpai": [1, 2], "riichi": [2]}, (0, 0, -1000, 0)),
    # East 2, 1 honba: dealer tsumo 2 han 30 fu, 1,000 + 100 each, the stick.
    (
        {"kind": "self_draw", "winner": 1, "han": 2, "fu": 30},
        (-1100, 4300, -1100, -1100),
    ),
    # East 2, 2 honba: seat 3 mangan ron on the dealer.
    ({"kind": "discard", "winner": 3, "discarder": 1, "han": 5}, (0, -8600, 0, 8600)),
    # East 3: seat 0 tsumo 1 han 30 fu, the dealer (seat 2) pays 500.
    ({"kind": "self_draw", "winner": 0, "han": 1, "fu": 30}, (1100, -300, -500, -300)),
    # East 4: chombo by seat 2, paid like a mangan tsumo; replayed.
    ({"kind": "chombo", "offender": 2}, (2000, 2000, -8000, 4000)),
    # East 4 again: seat 2 ron 4 han 30 fu on the dealer.
    (
        {"kind": "discard", "winner": 2, "discarder": 3, "han": 4, "fu": 30},
        (0, 0, 7700, -7700),
    ),
    # South 1: abortive draw after seat 0's riichi.
    (
        {"kind": "abortive_draw", "riichi": [0], "reason": "four_winds"},
        (-1000, 0, 0, 0),
    ),
    # South 1, 1 honba: seat 1 ron 1 han 40 fu on seat 2, takes the stick.
    (
        {"kind": "discard", "winner": 1, "discarder": 2, "han": 1, "fu": 40},
        (0, 2600, -1600, 0),
    ),
    # South 2: nobody tenpai, the deal passes.
    ({"kind": "draw", "tenpai": []}, (0, 0, 0, 0)),
    # South 3, 1 honba: seat 3 tsumo yakuman, the dealer (seat 2) pays 16,100.
    ({"kind": "self_draw", "winner": 3, "yakuman": 1}, (-8100, -8100, -16100, 32300)),
    # South 4: seat 0 ron seven pairs 2 han 25 fu on the dealer (seat 3).
    (
        {"kind": "discard", "winner": 0, "discarder": 3, "han": 2, "fu": 25},
        (1600, 0, 0, -1600),
    ),
]


def test_a_hanchan_from_the_first_deal_to_the_final_scores():
    """Deals, deltas, the end after South 4 and the final scores with uma."""
    results = [RIICHI.parse_result(data, OPTIONS) for data, _ in GAME]
    deals = deals_for(RIICHI, OPTIONS, results)
    assert [d.dealer for d in deals] == [0, 1, 1, 1, 2, 3, 3, 0, 0, 1, 2, 3]
    assert [d.counter("honba") for d in deals] == [0, 0, 1, 2, 0, 0, 0, 0, 1, 0, 1, 0]
    assert deals[7].prevalent_wind is Wind.SOUTH

    session = score_session(
        RIICHI,
        OPTIONS,
        [HandEntry(r, d) for r, d in zip(results, deals, strict=True)],
        [],
    )
    assert list(session.hand_deltas) == [deltas for _, deltas in GAME]
    scores = tuple(seat.score for seat in session.seats)
    assert scores == (-9400, -4200, -20600, 34200)
    # 15,600 / 20,800 / 4,400 / 59,200: -14, -9, -26 and the top +49, then uma.
    assert [seat.table_points for seat in session.seats] == [
        Fraction(-19),
        Fraction(-4),
        Fraction(-41),
        Fraction(64),
    ]
    assert [seat.rank for seat in session.seats] == [3, 2, 4, 1]

    running = [0, 0, 0, 0]
    for number, deltas in enumerate(session.hand_deltas[:-1], start=1):
        running = [a + b for a, b in zip(running, deltas, strict=True)]
        after = RIICHI.next_deal(deals[number - 1], results[number - 1], OPTIONS)
        assert not RIICHI.session_over(
            number, after, OPTIONS, time_called=False, scores=tuple(running)
        )
    last = RIICHI.next_deal(deals[-1], results[-1], OPTIONS)
    assert last.prevalent_wind is Wind.WEST
    assert RIICHI.session_over(12, last, OPTIONS, time_called=False, scores=scores)
