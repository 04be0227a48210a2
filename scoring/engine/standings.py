"""Tournament standings: ranking players over their sessions (mcr.md 7).

Players are ranked by total table points, then by the tie-breaks of the
tournament's setting (default: total score, number of 1st, 2nd and 3rd
places, best single session score). Players equal on every key share the
placing: 1, 2, 2, 4.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from scoring.engine.errors import EngineError


class SessionResult(Protocol):
    """What ranking reads of one session: a SeatScore, or a stored row."""

    @property
    def score(self) -> int: ...

    @property
    def rank(self) -> int: ...

    @property
    def table_points(self) -> Fraction: ...


@dataclass(frozen=True)
class PlayerRecord:
    """One player's totals over the sessions played so far.

    ``places[k]`` counts the sessions finished at rank k + 1 (a shared rank
    counts as that rank: two players tied first both get a first place).
    ``best_session`` is the best single session score, ``None`` before any.
    """

    player_id: int
    table_points: Fraction
    score: int
    places: tuple[int, int, int, int]
    best_session: int | None
    sessions: int


@dataclass(frozen=True)
class RankedPlayer:
    """A player's placing (shared on a complete tie) and record."""

    rank: int
    record: PlayerRecord


SortKey = Fraction | int
"""Every tie-break is compared as a number, higher is better."""

_NO_SESSION = -(10**12)  # ranks a player without a session below any score

TIEBREAKS: dict[str, Callable[[PlayerRecord], SortKey]] = {
    "table_points": lambda r: r.table_points,
    "score": lambda r: r.score,
    "firsts": lambda r: r.places[0],
    "seconds": lambda r: r.places[1],
    "thirds": lambda r: r.places[2],
    "best_session": lambda r: _NO_SESSION if r.best_session is None else r.best_session,
}
"""The keys a tournament may order its tie-breaks by."""

DEFAULT_TIEBREAKS = (
    "table_points",
    "score",
    "firsts",
    "seconds",
    "thirds",
    "best_session",
)


def clean_tiebreaks(tiebreaks: Sequence[str]) -> tuple[str, ...]:
    """``tiebreaks`` checked: known names, each at most once.

    An empty order stands for ``DEFAULT_TIEBREAKS`` (a tournament that never
    chose one).
    """
    if not tiebreaks:
        return DEFAULT_TIEBREAKS
    seen: set[str] = set()
    for name in tiebreaks:
        if name not in TIEBREAKS:
            raise EngineError("unknown_tiebreak", field="tiebreaks", tiebreak=name)
        if name in seen:
            raise EngineError("duplicate_tiebreak", field="tiebreaks", tiebreak=name)
        seen.add(name)
    return tuple(tiebreaks)


def rank_players(
    records: Iterable[PlayerRecord],
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    *,
    ranking: Sequence[str] = ("table_points",),
) -> list[RankedPlayer]:
    """Players best first; equal on every key, they share the placing.

    ``ranking`` is the rule set's own order (``RuleSet.ranking``), which the
    tournament's ``tiebreaks`` only break ties of: with tie-breaks
    ``["score"]``, an MCR player with 8 table points still ranks above one
    with 0 and a higher score. Players sharing a placing are listed by
    ``player_id`` so the order is stable from one page load to the next.
    """
    names = [*clean_tiebreaks(ranking)]
    names += [name for name in clean_tiebreaks(tiebreaks) if name not in names]
    records = list(records)
    # Each key read once per player and compared as small integers (its
    # place among the distinct values, best first): sorting 3,200 players
    # on tuples of Fractions took 31 ms, most of it in Fraction's
    # comparisons.
    columns = [_dense([TIEBREAKS[name](r) for r in records]) for name in names]
    keys = list(zip(*columns, strict=True)) if columns else [() for _ in records]
    ids = [record.player_id for record in records]
    order = sorted(range(len(records)), key=lambda i: (keys[i], ids[i]))
    ranked: list[RankedPlayer] = []
    for position, index in enumerate(order):
        shares = position > 0 and keys[order[position - 1]] == keys[index]
        rank = ranked[-1].rank if shares else position + 1
        ranked.append(RankedPlayer(rank=rank, record=records[index]))
    return ranked


def _dense(values: list[SortKey]) -> list[int]:
    """Each value's position among the distinct values, the highest 0: the
    same order (reversed: best first) and the same ties, as integers."""
    distinct = sorted(set(values), reverse=True)
    position = {value: index for index, value in enumerate(distinct)}
    return [position[value] for value in values]


def accumulate(player_id: int, sessions: Iterable[SessionResult]) -> PlayerRecord:
    """A player's record from the seat scores of their sessions."""
    table_points = Fraction(0)
    score = 0
    places = [0, 0, 0, 0]
    best: int | None = None
    count = 0
    for seat in sessions:
        table_points += seat.table_points
        score += seat.score
        places[seat.rank - 1] += 1
        best = seat.score if best is None else max(best, seat.score)
        count += 1
    return PlayerRecord(
        player_id=player_id,
        table_points=table_points,
        score=score,
        places=(places[0], places[1], places[2], places[3]),
        best_session=best,
        sessions=count,
    )
