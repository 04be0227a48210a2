"""Table settings of the French classic rule sets (simple and advanced).

The system (simple or advanced) is the rule set itself, not a setting.
``clean_settings`` is generic over a frozen dataclass of ints and bools, so
the encyclopaedia scoring reads its own settings with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING, TypeVar

from scoring.engine.errors import EngineError
from scoring.engine.french.score import LIMIT
from scoring.engine.french.sets import as_bool
from scoring.engine.french.winds import HANDS_PER_GAME
from scoring.engine.types import as_int, option_in_range

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

SettingsT = TypeVar("SettingsT", bound="DataclassInstance")


@dataclass(frozen=True)
class FrenchOptions:
    """French classic settings; the defaults are a club's usual ones.

    ``hands_per_session``: 16, the game that plays a round wind.
    ``round_wind``: the round wind doubles its pungs and kongs (hands 1-4
    East, 5-8 South...) when the session is a game of 16 hands (or 32...):
    see ``plays_round_wind``. ``grand_jeu_value``: what a Grand Jeu scores (the
    rules leave it to the table; at least the 1,000 limit).
    ``own_flower_season``: the double for holding one's own flower and own
    season. ``draw_rotates``: after a hand nobody won the winds rotate;
    false keeps East (and the East double) in place. ``draw_scores``: a hand
    nobody won still scores every hand (simple) or settles between the four
    players as between losers (advanced); the documents give no settlement
    without a Mah-Jong player, so by default such a hand scores nothing.
    ``table_points``: 4/2/1/0 by rank at the end of a session, or none.
    """

    hands_per_session: int = 16
    round_wind: bool = True
    grand_jeu_value: int = 2 * LIMIT
    own_flower_season: bool = True
    draw_rotates: bool = True
    draw_scores: bool = False
    table_points: bool = True

    @property
    def plays_round_wind(self) -> bool:
        """The round wind counts "when a game of 16 hands is played"
        (french-classic.md): a shorter or odd session has none."""
        return self.round_wind and self.hands_per_session % HANDS_PER_GAME == 0


# Inclusive bounds of the integer settings: they only stop typing mistakes.
FRENCH_BOUNDS: dict[str, tuple[int, int]] = {
    "hands_per_session": (1, 64),
    "grand_jeu_value": (LIMIT, 100 * LIMIT),
}


def clean_settings(
    raw: Mapping[str, object],
    default: SettingsT,
    bounds: Mapping[str, tuple[int, int]],
) -> SettingsT:
    """``default`` with the values of ``raw``, each checked by its type.

    Raises ``EngineError`` naming the ``field``: ``unknown_option``,
    ``not_an_integer``, ``not_a_boolean`` or ``option_out_of_range``.
    """
    kinds = {f.name: type(getattr(default, f.name)) for f in fields(default)}
    values: dict[str, object] = {}
    for key, value in raw.items():
        kind = kinds.get(key)
        if kind is None:
            raise EngineError("unknown_option", field=key, option=key)
        if kind is bool:
            values[key] = as_bool(value, key)
            continue
        low, high = bounds[key]
        values[key] = option_in_range(as_int(value, key), key, low, high)
    return replace(default, **values)


def default_options() -> dict[str, object]:
    return dict(asdict(FrenchOptions()))


def clean_options(raw: Mapping[str, object]) -> FrenchOptions:
    """Validated settings; keys missing from ``raw`` keep their defaults."""
    return clean_settings(raw, FrenchOptions(), FRENCH_BOUNDS)
