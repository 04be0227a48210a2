"""Bounds of an archive the reader accepts, and the choices of its fields.

The choices repeat the models' (the pure core imports no Django); a test
checks that they agree. The bounds are far above any real event (the
largest EMA events have about 200 players) and keep a hostile file from
costing more than its size.
"""

from __future__ import annotations

MAX_REGISTRATIONS = 5000
MAX_ROUNDS = 40
MAX_TABLES = 1250
MAX_HANDS = 200
"""Hands of one table's session (MCR: 16; a riichi hanchan with many
repeats stays far below)."""
MAX_PENALTIES = 100
"""Penalties at one table."""
MAX_AUDIT_EVENTS = 200_000
MAX_COUNTERS = 16

TOURNAMENT_STATUSES = ("draft", "running", "finished")
SEATING_MODES = ("random", "no-repeat", "swiss")
REGISTRATION_STATUSES = ("active", "withdrawn", "substitute")
ROUND_STATUSES = ("planned", "seated", "playing", "finished")
WINDS = "ESWN"

# Field lengths, as the models store them.
SLUG_LENGTH = 60
NAME_LENGTH = 160
CITY_LENGTH = 80
COUNTRY_LENGTH = 3
RULESET_LENGTH = 40
PERSON_NAME_LENGTH = 80
CLUB_LENGTH = 120
KIND_LENGTH = 20
KEY_LENGTH = 80
REASON_LENGTH = 200
ACTION_LENGTH = 40
ACTOR_LENGTH = 120
SMALL_INT = 32767
"""PositiveSmallIntegerField's bound on every database."""
BIG_INT = 2_147_483_647
