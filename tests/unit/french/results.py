"""Result builders for the French rule-set tests."""

from __future__ import annotations

from scoring.engine.french import FRENCH_SIMPLE, FrenchResult


def result_for(
    winner: int | None,
    scores: tuple[int, int, int, int] = (0, 0, 0, 0),
    *,
    dominant: str = "E",
) -> FrenchResult:
    """A result with typed scores: ``winner`` went Mah-Jong (None: a draw)."""
    data = {
        "kind": "draw" if winner is None else "discard",
        "winner": winner,
        "dominant_wind": dominant,
        "hands": [{"score": score} for score in scores],
    }
    return FRENCH_SIMPLE.parse_result(data, FRENCH_SIMPLE.clean_options({}))
