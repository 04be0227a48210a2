"""Tournament settings of the MCR rule set."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from scoring.engine.errors import EngineError
from scoring.engine.types import OptionField, OptionKind, as_int, option_in_range

# Inclusive bounds of each setting. They only stop typing mistakes: the
# minimum may be lowered for beginners' events, sessions shortened or
# lengthened, and a False Hu penalty of 0 switches the penalty off.
_BOUNDS: dict[str, tuple[int, int]] = {
    "minimum_points": (0, 88),
    "hands_per_session": (1, 64),
    "false_hu_penalty": (0, 300),
}


@dataclass(frozen=True)
class McrOptions:
    """MCR settings; the defaults are those of EMA tournaments.

    ``minimum_points``: points without flowers a win needs (mcr.md 3).
    ``hands_per_session``: hands in a session when time is not called (16).
    ``false_hu_penalty``: points the offender of a False Hu loses, paid in
    equal thirds to the three others, so it must be divisible by 3.

    The standings tie-break order is a tournament field of its own, checked
    by ``standings.clean_tiebreaks``.
    """

    minimum_points: int = 8
    hands_per_session: int = 16
    false_hu_penalty: int = 30


def default_options() -> dict[str, object]:
    """The settings with their default values."""
    return dict(asdict(McrOptions()))


def option_form() -> tuple[OptionField, ...]:
    """Every setting for the rules page: whole numbers within their bounds
    (the False Hu penalty a multiple of 3)."""
    return tuple(
        OptionField(
            key, OptionKind.INTEGER, low, high, 3 if key == "false_hu_penalty" else 1
        )
        for key, (low, high) in _BOUNDS.items()
    )


def _clean_int(key: str, value: object) -> int:
    low, high = _BOUNDS[key]
    return option_in_range(as_int(value, key), key, low, high)


def clean_options(raw: Mapping[str, object]) -> McrOptions:
    """Validated settings; keys missing from ``raw`` keep their defaults."""
    numbers: dict[str, int] = {}
    default = McrOptions()
    for key, value in raw.items():
        if key not in _BOUNDS:
            raise EngineError("unknown_option", field=key, option=key)
        numbers[key] = _clean_int(key, value)
    options = McrOptions(
        minimum_points=numbers.get("minimum_points", default.minimum_points),
        hands_per_session=numbers.get("hands_per_session", default.hands_per_session),
        false_hu_penalty=numbers.get("false_hu_penalty", default.false_hu_penalty),
    )
    if options.false_hu_penalty % 3:
        raise EngineError(
            "penalty_not_divisible",
            field="false_hu_penalty",
            points=options.false_hu_penalty,
        )
    return options
