"""Shared helpers of the riichi engine tests."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.riichi import RIICHI
from scoring.engine.riichi.deal import deal_for
from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.types import DealState, Deltas

DEFAULTS = RIICHI.clean_options({})

#: A whole hand line of ``python -m scoring.engine.riichi`` (every key the
#: protocol lists): seat 1 rons seat 2, 3 han 30 fu, seat 0 deals.
HAND_LINE = {
    "kind": "hand",
    "count": "full",
    "han": 3,
    "fu": 30,
    "yakuman": 0,
    "dealer": 0,
    "winner": 1,
    "discarder": 2,
    "honba": 0,
    "deposits": 0,
}


def options(**changes: object) -> RiichiOptions:
    return RIICHI.clean_options(changes)


def pay(
    data: Mapping[str, object],
    deal: DealState | None = None,
    opts: RiichiOptions = DEFAULTS,
) -> Deltas:
    """Deltas of a raw result under ``deal`` (seat 0 deals, nothing on the
    table, by default)."""
    result = RIICHI.parse_result(data, opts)
    return RIICHI.hand_payments(result, deal or RIICHI.first_deal(opts), opts)


def table(dealer: int = 0, honba: int = 0, deposits: int = 0, round_index: int = 0):
    """A deal with ``dealer`` East and counters on the table."""
    return deal_for(1, dealer, round_index, honba, deposits)
