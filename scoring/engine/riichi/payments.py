"""Riichi hand payments: wins, honba, deposits, draws, chombo, penalties.

Deltas are what each seat gains or loses in one hand, riichi sticks
included: a declarer loses 1,000 in the hand that declares, and the next
winner gains every stick on the table. So a hand's deltas sum to the sticks
taken from the table minus those left on it; with the table's sticks counted,
every hand sums to zero (chombo by deduction and referee penalties excepted:
those points go to nobody).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.engine.errors import EngineError
from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.riichi.results import (
    ABORTIVE_DRAW,
    CHOMBO,
    DRAW,
    SELF_DRAW,
    RiichiResult,
    Win,
)
from scoring.engine.riichi.value import MANGAN, price
from scoring.engine.types import SEATS, DealState, Deltas

DEPOSIT = 1_000
HONBA_RON = 300
HONBA_TSUMO = 100

CHOMBO_PENALTY = "chombo"
REFEREE = "referee"
PENALTY_KINDS = (CHOMBO_PENALTY, REFEREE)


def as_deltas(values: Sequence[int]) -> Deltas:
    return (values[0], values[1], values[2], values[3])


def win_deltas(
    wins: Sequence[Win],
    *,
    discarder: int | None,
    dealer: int,
    honba: int,
    pot: int,
    options: RiichiOptions,
) -> Deltas:
    """Deltas of a win: the hand's price, honba to the first winner, the pot.

    ``wins`` are in turn order from the discarder (one on a self-draw).
    ``pot`` is every riichi stick the first winner takes, in points. On a
    discard the discarder pays each winner's ron price and the first winner's
    300 per honba; on a self-draw each other seat pays its share plus 100 per
    honba.
    """
    values = [0] * SEATS
    for number, win in enumerate(wins):
        cost = price(win.value, options, dealer=win.seat == dealer)
        bonus = honba if number == 0 else 0
        if discarder is not None:
            pays = {discarder: cost.ron + HONBA_RON * bonus}
        else:
            pays = {
                payer: (cost.from_dealer if payer == dealer else cost.from_child)
                + HONBA_TSUMO * bonus
                for payer in range(SEATS)
                if payer != win.seat
            }
        for payer, amount in pays.items():
            values[payer] -= amount
            values[win.seat] += amount
    if wins:
        values[wins[0].seat] += pot
    return as_deltas(values)


def tenpai_deltas(tenpai: Sequence[int], payment: int) -> Deltas:
    """The exhaustive draw's payment: the non-tenpai seats pay ``payment``
    in total, shared equally by the tenpai seats (nothing with 0 or 4).
    """
    if not 0 < len(tenpai) < SEATS:
        return (0, 0, 0, 0)
    gain = payment // len(tenpai)
    loss = payment // (SEATS - len(tenpai))
    return as_deltas([gain if s in tenpai else -loss for s in range(SEATS)])


def chombo_deltas(offender: int, dealer: int, options: RiichiOptions) -> Deltas:
    """Mangan-tsumo spread (8,000 from a child, 12,000 from the dealer), or
    the ``chombo_points`` deduction that nobody receives.
    """
    values = [0] * SEATS
    if options.chombo == "deduction":
        values[offender] = -options.chombo_points
        return as_deltas(values)
    for seat in range(SEATS):
        if seat != offender:
            share = 2 * MANGAN if dealer in (seat, offender) else MANGAN
            values[seat] += share
            values[offender] -= share
    return as_deltas(values)


def hand_payments(
    result: RiichiResult, deal: DealState, options: RiichiOptions
) -> Deltas:
    """Deltas by seat for one hand played under ``deal``.

    ``deal.counters`` gives ``honba`` and ``deposits`` (sticks on the table
    before the hand). Abortive draws move only this hand's riichi sticks;
    a chombo annuls the hand, so its riichi sticks go back.
    """
    dealer = deal.dealer
    if result.kind == CHOMBO:
        assert result.offender is not None
        return chombo_deltas(result.offender, dealer, options)
    values = [-DEPOSIT if seat in result.riichi else 0 for seat in range(SEATS)]
    if result.kind == DRAW:
        extra = tenpai_deltas(result.tenpai, options.tenpai_payment)
    elif result.kind == ABORTIVE_DRAW:
        extra = (0, 0, 0, 0)
    else:
        pot = DEPOSIT * (deal.counter("deposits") + len(result.riichi))
        extra = win_deltas(
            result.wins,
            discarder=None if result.kind == SELF_DRAW else result.discarder,
            dealer=dealer,
            honba=deal.counter("honba"),
            pot=pot,
            options=options,
        )
    return as_deltas([v + e for v, e in zip(values, extra, strict=True)])


def penalty_deltas(
    kind: str, offender: int, points: int | None, options: RiichiOptions
) -> Deltas:
    """Points taken from ``offender`` for a penalty, paid to nobody.

    ``"chombo"``: ``points`` or the ``chombo_points`` setting (the EMA
    deduction; a chombo spread like a mangan tsumo is entered as a hand
    result instead, since it depends on the dealer). ``"referee"``: any
    other penalty, ``points`` required.
    """
    if kind not in PENALTY_KINDS:
        raise EngineError("unknown_penalty", field="kind", kind=kind)
    if not 0 <= offender < SEATS:
        raise EngineError("offender_out_of_range", field="offender", seat=offender)
    if points is None and kind == CHOMBO_PENALTY:
        points = options.chombo_points
    if points is None:
        raise EngineError("penalty_points_required", field="points", kind=kind)
    if points <= 0:
        raise EngineError("penalty_not_positive", field="points", points=points)
    if points % 100:
        # Riichi counts in hundreds: the sticks are 100 points at least.
        raise EngineError("option_not_multiple", field="points", value=points, step=100)
    if kind == CHOMBO_PENALTY and points % 1000:
        # Taken off the final score, which counts in thousands.
        raise EngineError(
            "option_not_multiple", field="points", value=points, step=1000
        )
    values = [0] * SEATS
    values[offender] = -points
    return as_deltas(values)
