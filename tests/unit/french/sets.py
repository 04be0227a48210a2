"""Small builders for the sets, hands and results of the French tests."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.engine.french import HandContext, HandSets, parse_hand
from scoring.engine.types import Wind


def st(kind: str, tiles: str, concealed: bool = False) -> dict[str, object]:
    """One set as the JSON input spells it."""
    return {"kind": kind, "tiles": tiles, "concealed": concealed}


def pair(tiles: str, concealed: bool = False) -> dict[str, object]:
    return st("pair", tiles, concealed)


def chow(tiles: str, concealed: bool = False) -> dict[str, object]:
    return st("chow", tiles, concealed)


def pung(tiles: str, concealed: bool = False) -> dict[str, object]:
    return st("pung", tiles, concealed)


def kong(tiles: str, concealed: bool = False) -> dict[str, object]:
    return st("kong", tiles, concealed)


# The worked example of french-classic.md: North's Mah-Jong, dominant South.
EXAMPLE_SETS: Sequence[dict[str, object]] = (
    pair("11z"),
    pung("222z"),
    pung("444m", concealed=True),
    chow("123p"),
    chow("789s"),
)


def hand(
    sets: Sequence[dict[str, object]], *, mahjong: bool = False, **extra: object
) -> HandSets:
    return parse_hand({"sets": list(sets), **extra}, mahjong=mahjong)


def context(
    seat: str = "N",
    dominant: str = "S",
    *,
    mahjong: bool = False,
    round_wind: str | None = None,
    **extra: object,
) -> HandContext:
    return HandContext(
        seat_wind=Wind(seat),
        dominant_wind=Wind(dominant),
        round_wind=None if round_wind is None else Wind(round_wind),
        mahjong=mahjong,
        **extra,  # type: ignore[arg-type]
    )
