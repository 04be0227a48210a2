"""Values that go in and out of the seating engine (frozen, no behaviour)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

#: Four player ids in seat order East, South, West, North.
Table = tuple[int, int, int, int]
#: The tables of one round, table 1 first.
Round = tuple[Table, ...]

MODES = ("no-repeat", "swiss", "random")


@dataclass(frozen=True)
class SeatingRequest:
    """What to seat.

    ``players`` are the ids seated from ``round_index`` on (withdrawn players
    left out, substitutes and late arrivals included); ``history`` holds the
    rounds already played, never changed. ``ranking`` (best first) drives the
    Swiss mode. ``clubs`` maps a player id to a club or team code to keep apart
    when possible; ``pins`` maps a player id to the 1-based table number that
    player sits at in every planned round. ``time_limit_s`` is in seconds of the
    caller's clock: a safety limit, which a large event raises to ten times
    what its step counts take (``budget.safety_limit_s``).
    """

    mode: str
    players: tuple[int, ...]
    history: tuple[Round, ...] = ()
    round_index: int = 1
    rounds_total: int = 1
    rounds_to_plan: int = 1
    ranking: tuple[int, ...] | None = None
    clubs: Mapping[int, str] = field(default_factory=dict)
    pins: Mapping[int, int] = field(default_factory=dict)
    time_limit_s: float = 5.0
    seed: int = 0


@dataclass(frozen=True)
class SeatingStats:
    """Figures of a set of rounds.

    ``repeated_pairs`` is the sum over pairs of (meetings - 1), ``max_meetings``
    the most times any pair met and ``wind_imbalance`` the largest, over
    players, of (most - least) of the player's East/South/West/North counts.
    """

    repeated_pairs: int
    max_meetings: int
    wind_imbalance: int


@dataclass(frozen=True)
class SeatingPlan:
    """The planned rounds (``rounds_to_plan`` of them) and the figures of
    history plus plan.

    ``clock_stopped`` is True when the time limit, not the search's own step
    counts, ended a search: the same seed may then give another plan on
    another (or a busier) machine.
    """

    rounds: tuple[Round, ...]
    stats: SeatingStats
    clock_stopped: bool = False
