"""What the statistics read: plain records of stored sessions and hands.

The Django layer (``tournaments.selectors.stats``) fills these from the
database; anything else (a test, a benchmark, an archive) may build them by
hand. Seats are 0..3 in starting-wind order, as ``Hand.deltas`` and the rule
sets number them. Nothing here is computed: see ``figures`` and ``event``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from scoring.engine.base import HandValue
from scoring.engine.facts import HandFacts


@dataclass(frozen=True)
class HandRecord:
    """One stored hand of a table.

    ``kind``: the stored result kind (``"self_draw"`` is a self-drawn win
    in every rule set); ``winner``, ``discarder`` and ``dealer``: seats or
    ``None``; ``deltas``: each seat's payment; ``result``: the rule set's
    stored result (``to_dict``); ``fans``: the stored breakdown
    (``Hand.fans``), ``tiles`` the stored tiles; ``created_at``: when the
    hand was entered (the pace of a table), ``None`` when unknown.
    """

    number: int
    kind: str
    winner: int | None
    discarder: int | None
    deltas: tuple[int, ...]
    result: Mapping[str, object] = field(default_factory=dict)
    dealer: int | None = None
    fans: object = None
    tiles: object = None
    created_at: datetime | None = None


@dataclass(frozen=True, eq=False)
class TableRecord:
    """One closed table: its rule set, its hands in order, who sat where.

    ``key``: any value naming the table (its id); ``event``: the event it
    belongs to (a tournament's id), ``round_number`` and ``table_number``
    for its label; ``options``: the rule set's cleaned options
    (``clean_options``), which ``running_scores`` reads; ``players``: the
    player key of each seat. Compared by identity: the four seats' sessions
    share one record, and the statistics read each table's hands once.
    """

    key: Hashable
    ruleset: str
    options: object
    hands: tuple[HandRecord, ...]
    players: tuple[Hashable, ...] = ()
    event: Hashable = None
    round_number: int = 0
    table_number: int = 0


@dataclass(frozen=True)
class SessionRecord:
    """One player's session at a closed table, as the standings count it.

    ``player``: any value naming the player (a Player id); ``seat``: their
    seat at ``table``; ``score``, ``rank`` (1 = best, shared on ties) and
    ``table_points`` as the session's result stores them; ``penalties``:
    the points each of the player's penalties in the session cost them.
    """

    player: Hashable
    seat: int
    table: TableRecord
    score: int
    rank: int
    table_points: Fraction
    penalties: tuple[int, ...] = ()


@dataclass(slots=True, eq=False)
class ReadHand:
    """A hand with what its rule set tells of it: every winner, whether it
    is a washout, and the rule set's ``HandFacts``. ``value``: what its
    stored winner's hand was worth, kept by ``HandReader.value`` the first
    time it is asked (``UNREAD`` before)."""

    hand: HandRecord
    facts: HandFacts
    winners: tuple[int, ...]
    washout: bool
    value: HandValue | object | None = None


UNREAD = object()
"""A ``ReadHand.value`` not asked for yet."""
