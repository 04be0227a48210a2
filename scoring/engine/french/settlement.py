"""The advanced system's payments (french-classic.md, step 2b).

Every pair of players settles once, and any settlement with East counts
double (factor ``f`` = 2 when East is one of the pair, else 1):

* the Mah-Jong player W receives ``f * M`` from each loser (M: W's score);
* a loser whose score s is above M also receives ``2 * f * (s - M)`` from
  W (2x, or 4x when that loser is East; when East went Mah-Jong, 4x from
  East to every loser above M);
* two losers settle the difference of their scores, the lower paying the
  higher, times ``f``.

That is the rule of both cases of the document (East winning or not), and
it gives the document's worked example: South wins with 60, East 80, West
20, North 0 -> South +160, East +240, West -160, North -240.

Scores are the hand scores after the limit, East's NOT doubled (the advanced
system doubles East's payments instead). Every settlement is paid by one
player to another, so the four results sum to zero; ``settle`` checks it
anyway (``settlement_not_zero_sum``) because the app promises it.
"""

from __future__ import annotations

from itertools import combinations

from scoring.engine.errors import EngineError
from scoring.engine.types import SEATS, Deltas

EAST_FACTOR = 2
ABOVE_WINNER_FACTOR = 2


def settle(scores: Deltas, winner: int | None, east: int) -> Deltas:
    """Deltas of seats 0..3 from their hand ``scores``.

    ``winner`` is the Mah-Jong seat, or ``None`` for a hand nobody won that
    still settles (the ``draw_scores`` option): then all four settle as
    losers do. ``east`` is the seat holding East this hand.
    """
    for seat in (winner, east):
        if seat is not None and not 0 <= seat < SEATS:
            raise EngineError("seat_out_of_range", field="mahjong", seat=seat)
    values = [0] * SEATS
    for a, b in combinations(range(SEATS), 2):
        factor = EAST_FACTOR if east in (a, b) else 1
        paid_to_a = _owed(scores, a, b, winner) * factor
        values[a] += paid_to_a
        values[b] -= paid_to_a
    deltas = (values[0], values[1], values[2], values[3])
    check_zero_sum(deltas)
    return deltas


def _owed(scores: Deltas, a: int, b: int, winner: int | None) -> int:
    """What ``b`` pays ``a`` (negative: ``a`` pays ``b``) before East's factor."""
    if winner in (a, b):
        loser = b if winner == a else a
        won = scores[winner]
        net = won - ABOVE_WINNER_FACTOR * max(scores[loser] - won, 0)
        return net if winner == a else -net
    return scores[a] - scores[b]


def check_zero_sum(deltas: Deltas) -> None:
    """Refuse a settlement whose four results do not sum to zero."""
    if sum(deltas) != 0:
        raise EngineError("settlement_not_zero_sum", total=sum(deltas))
