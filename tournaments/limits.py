"""Bounds on what a request may carry, in one place for forms and serializers.

They keep every number inside its database column and every list or text
small enough to handle in one request: a value beyond them is a 400 naming
the field, never an overflow (500) in the database. The rule sets check the
tighter, rule-specific bounds (MCR: at most 332 points, 8 flowers).

Plain constants, no Django import, so that the parsers of
``tournaments.imports`` share them; ``tests/integration/test_inputs_limits.py``
checks them against the model columns.
"""

from __future__ import annotations

IDEMPOTENCY_KEY_MAX_LENGTH = 80
"""The ``Idempotency-Key`` header's longest value: ``Hand.idempotency_key``'s
and ``Penalty.idempotency_key``'s length."""

MAX_SMALL_INT = 32_767
"""The largest value of a ``PositiveSmallIntegerField`` on every backend."""
MAX_INT = 2**31 - 1
"""The largest value of a ``PositiveIntegerField`` (versions, numbers)."""

MAX_ID = 2**63 - 1
"""The largest primary key (``BigAutoField``): a player id beyond it is a 400,
not an overflow in the lookup."""

MAX_HAND_VALUE = MAX_SMALL_INT
"""A hand's fan total (or the rule set's value): its column's range."""
MAX_FLOWERS = 8
"""There are eight flower and season tiles."""
MAX_PENALTY_POINTS = 100_000
"""Above any real penalty (MCR: 10 to 60 points; riichi: the EMA chombo
deduction of 20,000, its setting up to 100,000), far below an overflow of
the session totals."""

FIRST_NAME_MAX_LENGTH = 80
LAST_NAME_MAX_LENGTH = 80
"""``Player.first_name`` and ``Player.last_name``'s lengths."""
MAX_PLAYERS_AT_ONCE = 1000
"""Players registered by one API request or one pasted list."""
