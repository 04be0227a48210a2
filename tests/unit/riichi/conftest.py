"""Shared helpers of the riichi engine tests."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.riichi import RIICHI
from scoring.engine.riichi.deal import deal_for
from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.types import DealState, Deltas

DEFAULTS = RIICHI.clean_options({})


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
