"""A published-style EMA ranking: players, tournaments and results.

Tournament sizes are 21, 41, 81 and 101 players so that every base rank is a
whole number, as on the EMA's result pages. The ranking date is 2026-11-23.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from leagues.ema import EmaResult

ON = date(2026, 11, 23)

#: code: (last day, players, MERS weight); ages on ON in the comments.
TOURNAMENTS = {
    "paris": (date(2026, 10, 11), 101, Fraction(7, 2)),  # 43 days: x1
    "hamburg": (date(2026, 6, 14), 41, Fraction(5, 2)),  # 162 days: x1
    "utrecht": (date(2026, 4, 12), 21, Fraction(1)),  # 225 days: x1
    "vienna": (date(2026, 2, 22), 81, Fraction(2)),  # 274 days: x1
    "ljubljana": (date(2025, 11, 23), 41, Fraction(3, 2)),  # 365 days: x1
    "prague": (date(2025, 9, 28), 41, Fraction(2)),  # 421 days: x1/2
    "leipzig": (date(2025, 5, 18), 21, Fraction(1)),  # 554 days: x1/2
    "brno": (date(2024, 11, 23), 41, Fraction(2)),  # 730 days: x1/2
    "lyon": (date(2024, 10, 20), 41, Fraction(2)),  # 764 days: not counted
}

#: EMA number: [(tournament, place)].
PLACES = {
    "04010012": [  # Aurélie Martin
        ("paris", 3),
        ("hamburg", 1),
        ("vienna", 5),
        ("prague", 9),
        ("leipzig", 2),
        ("utrecht", 3),
        ("lyon", 1),
    ],
    "05020044": [  # Jonas Schmidt
        ("hamburg", 11),
        ("vienna", 21),
        ("ljubljana", 6),
        ("prague", 21),
    ],
    "07030101": [("paris", 51), ("utrecht", 1)],  # Marta Rossi
    "08040007": [("paris", 101), ("lyon", 2)],  # Pieter de Vries
    "04010155": [  # Léa Dubois
        ("brno", 2),
        ("leipzig", 1),
        ("vienna", 1),
        ("hamburg", 41),
        ("utrecht", 11),
        ("paris", 10),
    ],
}


def results() -> list[EmaResult]:
    out = []
    for player, places in PLACES.items():
        for code, place in places:
            day, players, weight = TOURNAMENTS[code]
            out.append(EmaResult(player, code, day, place, players, weight))
    return out


def request_results() -> list[dict[str, object]]:
    """The same results as the command's JSON (weights as decimal numbers)."""
    return [
        {
            "player": r.player,
            "tournament": r.tournament,
            "date": r.date.isoformat(),
            "place": r.place,
            "players": r.players,
            "weight": float(r.weight),
        }
        for r in results()
    ]


#: Hand-checked (base rank x weight, best first; "d" a dummy 0 x 1):
#: 04010012: A = (1000x2.5 + 980x3.5 + 950x2 + 950x0.5 + 900x1 + 800x1) / 10.5
#:   = 952.857...; B = the first four: 8305 / 8.5 = 977.058...; 964.96.
#: 04010155: A = (1000x2 + 1000x0.5 + 975x1 + 910x3.5 + 500x1 + 0x2.5) / 10.5
#:   = 681.904...; B = 6660 / 7 = 951.428...; 816.67.
#: 05020044: A = (875x1.5 + 750x2.5 + 750x2 + 500x1 + d) / 8 = 648.4375;
#:   B = 5187.5 / 7 = 741.071...; 694.75.
#: 07030101: A = (1000x1 + 500x3.5 + 3 d) / 7.5 = 366.666...;
#:   B = (1000x1 + 500x3.5 + 2 d) / 6.5 = 423.076...; 394.87.
#: 08040007: one counted result (Lyon is too old): not listed.
EXPECTED = [
    ("04010012", "964.96", 6),
    ("04010155", "816.67", 6),
    ("05020044", "694.75", 4),
    ("07030101", "394.87", 2),
]
