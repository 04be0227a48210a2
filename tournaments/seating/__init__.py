"""Seating engine (pure Python): tables of four, seat winds, no repeat meetings.

The Django layer calls :func:`plan_seating` with a :class:`SeatingRequest` and
stores the :class:`SeatingPlan`; :func:`plan_stats` recomputes the figures after
an organiser swaps players by hand; :func:`validate_request` runs the checks
alone (it raises the same :class:`SeatingError` as ``plan_seating``).
Nothing here imports Django, reads the global clock or uses the global random
generator.
"""

from .algorithm import plan_seating
from .errors import SeatingError
from .stats import plan_stats
from .types import Round, SeatingPlan, SeatingRequest, SeatingStats, Table
from .validation import validate_request

__all__ = [
    "Round",
    "SeatingError",
    "SeatingPlan",
    "SeatingRequest",
    "SeatingStats",
    "Table",
    "plan_seating",
    "plan_stats",
    "validate_request",
]
