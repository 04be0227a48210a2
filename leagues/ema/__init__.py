"""The EMA's MERS ranking, pure: ``ranking`` computes it, ``protocol`` reads
and writes the JSON of ``python -m leagues.ema`` (see docs/ema-ranking.md)."""

from leagues.ema.ranking import (
    AgeBracket,
    EmaParams,
    EmaRanked,
    EmaResult,
    age_factor,
    base_rank,
    ema_ranking,
    round_half_up,
)

__all__ = [
    "AgeBracket",
    "EmaParams",
    "EmaRanked",
    "EmaResult",
    "age_factor",
    "base_rank",
    "ema_ranking",
    "round_half_up",
]
