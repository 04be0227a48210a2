"""Tournament settings of the riichi rule set (riichi.md).

Defaults follow riichi.md where it states a rule and the EMA riichi rules
where it leaves a choice (uma +15/+5/-5/-15, deposits left at the end go to
the top player). Points are in game points (25,000), uma in final-score units
(thousands of points), as score sheets write them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from scoring.engine.errors import EngineError
from scoring.engine.types import OptionField, OptionKind, as_int, option_in_range

COUNTS = ("full", "short")
FU_COUNTS = ("modern", "classic")
LIMITS = ("classic", "modern")
KAZOE = ("yakuman", "sanbaiman")
MULTIPLE_RON = ("double", "triple", "head_bump")
LEFTOVER_DEPOSITS = ("top", "lost")
CHOMBO = ("mangan", "deduction")
DRAW_DEALERSHIP = ("tenpai", "french")

EMA_UMA = (15, 5, -5, -15)


@dataclass(frozen=True)
class RiichiOptions:
    """Riichi settings.

    ``count``: ``"full"`` (han and fu) or ``"short"`` (the han-only table).
    ``fu_count``: how the tile calculator counts fu, ``"modern"`` (EMA and
    Japanese leagues) or ``"classic"`` (seed 004's "méthode classique": base
    30 closed, 20 with a call, a self-draw always 2, see ``classic_fu``).
    ``limits``: ``"classic"`` (baiman 8-9 han, sanbaiman 10-12) or
    ``"modern"`` (baiman 8-10, sanbaiman 11-12).
    ``kazoe``: what 13+ counted han are worth, ``"yakuman"`` or
    ``"sanbaiman"``. ``multiple_yakuman``: several yakuman add up (else one).
    ``multiple_ron``: ``"double"`` (two callers both win; three callers is an
    abortive draw, as riichi.md says), ``"triple"`` (every caller wins, as in
    the EMA 2016 rules) or ``"head_bump"`` (only the first in turn after the
    discarder wins).
    ``tenpai_payment``: points the non-tenpai players pay the tenpai ones on
    an exhaustive draw (0: off, 3,000 in modern rules); a multiple of 600 so
    every split is in hundreds.
    ``leftover_deposits``: riichi sticks still on the table at the end go to
    the ``"top"`` player or are ``"lost"``.
    ``chombo``: ``"mangan"`` (paid like a mangan tsumo) or ``"deduction"``
    (``chombo_points`` taken from the offender, paid to nobody, as EMA does).
    ``draw_dealership``: ``"tenpai"`` (the dealer stays when tenpai) or
    ``"french"`` (the French homologated rule: in the East round the deal
    passes when the dealer is not tenpai; in later rounds it never passes on
    a draw).
    ``west_extension``: play a West then a North round while nobody reached
    the return line. ``dobon``: a player below zero ends the game, losing
    ``dobon_points`` more at the end.
    ``uma``: four numbers by final place, or ``None``.
    ``open_tanyao`` (all simples counts in an open hand) and ``red_fives``
    (one red five of each suit, a dora each) only matter to the tile
    calculator.
    """

    count: str = "full"
    fu_count: str = "modern"
    start_points: int = 25_000
    return_points: int = 30_000
    uma: tuple[int, int, int, int] | None = EMA_UMA
    limits: str = "classic"
    kazoe: str = "yakuman"
    multiple_yakuman: bool = True
    multiple_ron: str = "double"
    tenpai_payment: int = 0
    leftover_deposits: str = "top"
    chombo: str = "mangan"
    chombo_points: int = 20_000
    draw_dealership: str = "tenpai"
    west_extension: bool = True
    dobon: bool = False
    dobon_points: int = 10_000
    open_tanyao: bool = True
    red_fives: bool = False


_CHOICES: dict[str, tuple[str, ...]] = {
    "count": COUNTS,
    "fu_count": FU_COUNTS,
    "limits": LIMITS,
    "kazoe": KAZOE,
    "multiple_ron": MULTIPLE_RON,
    "leftover_deposits": LEFTOVER_DEPOSITS,
    "chombo": CHOMBO,
    "draw_dealership": DRAW_DEALERSHIP,
}
_FLAGS = ("multiple_yakuman", "west_extension", "dobon", "open_tanyao", "red_fives")
# Inclusive bounds and the step a value must be a multiple of.
_NUMBERS: dict[str, tuple[int, int, int]] = {
    "start_points": (1_000, 1_000_000, 100),
    "return_points": (1_000, 1_000_000, 1_000),
    "tenpai_payment": (0, 12_000, 600),
    "chombo_points": (0, 100_000, 1_000),
    "dobon_points": (0, 100_000, 1_000),
}
UMA_LIMIT = 1_000
_NAMES = frozenset(field.name for field in fields(RiichiOptions))


def default_options() -> dict[str, object]:
    """The settings with their default values, JSON-ready (uma as a list)."""
    values = asdict(RiichiOptions())
    values["uma"] = list(EMA_UMA)
    return values


def clean_options(raw: Mapping[str, object]) -> RiichiOptions:
    """Validated settings; keys missing from ``raw`` keep their defaults."""
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in _NAMES:
            raise EngineError("unknown_option", field=str(key), option=str(key))
        values[key] = _clean(key, value)
    options = RiichiOptions(**values)
    if options.return_points < options.start_points:
        raise EngineError(
            "return_below_start",
            field="return_points",
            start=options.start_points,
            value=options.return_points,
        )
    return options


def _clean(key: str, value: object) -> object:
    if key in _CHOICES:
        if not isinstance(value, str) or value not in _CHOICES[key]:
            raise EngineError(
                "invalid_choice",
                field=key,
                option=key,
                value=str(value),
                choices=", ".join(_CHOICES[key]),
            )
        return value
    if key in _FLAGS:
        if not isinstance(value, bool):
            raise EngineError("not_a_boolean", field=key, option=key, value=str(value))
        return value
    if key == "uma":
        return clean_uma(value)
    return _clean_number(key, value)


def _clean_number(key: str, value: object) -> int:
    low, high, step = _NUMBERS[key]
    return bounded(as_int(value, key), key, (low, high), step)


def bounded(number: int, field: str, limits: tuple[int, int], step: int = 1) -> int:
    """``number`` if it lies within ``limits`` (inclusive) and is a multiple
    of ``step``; else ``option_out_of_range`` or ``option_not_multiple``."""
    option_in_range(number, field, *limits)
    if number % step:
        raise EngineError(
            "option_not_multiple", field=field, option=field, value=number, step=step
        )
    return number


def clean_uma(value: object, field: str = "uma") -> tuple[int, int, int, int] | None:
    """Four integers by place (first place first), or ``None`` for no uma.

    ``None`` and an empty list both mean no uma. The figures must not go up
    from one place to the next: a better place never earns less.
    """
    if value is None or (isinstance(value, list | tuple) and not value):
        return None
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise EngineError("invalid_uma", field=field, value=str(value))
    a, b, c, d = (as_int(item, field) for item in value)
    if not a >= b >= c >= d or max(abs(a), abs(d)) > UMA_LIMIT:
        raise EngineError("invalid_uma", field=field, value=str(list(value)))
    return (a, b, c, d)


def option_form() -> tuple[OptionField, ...]:
    """Every setting for the rules page, in the order of ``RiichiOptions``."""
    form = []
    for field in fields(RiichiOptions):
        name = field.name
        if name in _CHOICES:
            form.append(OptionField(name, OptionKind.CHOICE, choices=_CHOICES[name]))
        elif name in _FLAGS:
            form.append(OptionField(name, OptionKind.FLAG))
        elif name == "uma":
            form.append(OptionField(name, OptionKind.PLACES, -UMA_LIMIT, UMA_LIMIT))
        else:
            low, high, step = _NUMBERS[name]
            form.append(OptionField(name, OptionKind.INTEGER, low, high, step))
    return tuple(form)


PRESETS: dict[str, dict[str, object]] = {
    # The EMA Riichi Competition Rules (2016): 30,000 to start and as the
    # return line (no oka), uma +15/+5/-5/-15, 3,000 tenpai payment, double
    # and triple ron, 13 counted han are a sanbaiman, chombo a 20,000
    # deduction from the final score, the game ends after South, open
    # tanyao, no red fives.
    "ema": {
        "count": "full",
        "fu_count": "modern",
        "start_points": 30_000,
        "return_points": 30_000,
        "uma": list(EMA_UMA),
        "limits": "classic",
        "kazoe": "sanbaiman",
        "multiple_yakuman": True,
        "multiple_ron": "triple",
        "tenpai_payment": 3_000,
        "leftover_deposits": "top",
        "chombo": "deduction",
        "chombo_points": 20_000,
        "draw_dealership": "tenpai",
        "west_extension": False,
        "dobon": False,
        "open_tanyao": True,
        "red_fives": False,
    },
    # Modern league rules (Mahjong Pantheon's tournaments, the WRC family):
    # 25,000 to start, 30,000 return line (the top player's oka), uma
    # +15/+5/-5/-15, the modern limits of riichi.md (baiman 8-10 han), 13
    # counted han a yakuman, 3,000 tenpai payment, double ron (three callers
    # abort the hand), chombo paid like a mangan tsumo, the West extension,
    # dobon (-10,000), open tanyao and red fives.
    "modern": {
        "count": "full",
        "fu_count": "modern",
        "start_points": 25_000,
        "return_points": 30_000,
        "uma": list(EMA_UMA),
        "limits": "modern",
        "kazoe": "yakuman",
        "multiple_yakuman": True,
        "multiple_ron": "double",
        "tenpai_payment": 3_000,
        "leftover_deposits": "top",
        "chombo": "mangan",
        "draw_dealership": "tenpai",
        "west_extension": True,
        "dobon": True,
        "dobon_points": 10_000,
        "open_tanyao": True,
        "red_fives": True,
    },
}
"""Named settings an organiser starts from (``RuleSet.option_presets``)."""


def running_scores(
    deltas: tuple[int, int, int, int], options: RiichiOptions
) -> tuple[int, int, int, int]:
    """The points each seat holds: the start points plus its summed payments
    (sticks a player put on the table are already taken out)."""
    a, b, c, d = (options.start_points + delta for delta in deltas)
    return (a, b, c, d)
