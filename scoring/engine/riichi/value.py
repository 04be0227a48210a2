"""The value of a winning riichi hand: han and fu to payments (riichi.md).

Full count: basic points = fu x 2^(han + 2), capped at mangan (2,000); from 5
han the limits take over. Short count: a fixed table for 1 to 4 han, then
the same limits. Yakuman are 8,000 basic points each and add up (unless the
``multiple_yakuman`` setting is off). Every payment is rounded up to the next
100. Honba and deposits are not part of the value: see ``payments``.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.errors import EngineError
from scoring.engine.riichi.options import RiichiOptions

MANGAN = 2_000
HANEMAN = 3_000
BAIMAN = 4_000
SANBAIMAN = 6_000
YAKUMAN = 8_000

MIN_FU = 20
SEVEN_PAIRS_FU = 25
MAX_FU = 140
"""Three concealed honour kongs, an open terminal kong, a double-wind pair,
a single wait and a self-draw: 138 fu, rounded to 140."""
MAX_HAN = 100
MAX_YAKUMAN = 6
"""Six yakuman at once is the most a hand can combine (the library's cap)."""

# Short count below the limits: (ron, dealer's share, each child's share)
# for a child, (ron, each child's share) for the dealer.
_SHORT_CHILD = {1: (1_000, 500, 300), 2: (2_000, 1_000, 500)}
_SHORT_CHILD |= {3: (3_900, 2_000, 1_000), 4: (6_000, 3_000, 1_500)}
_SHORT_DEALER = {1: (1_500, 500), 2: (3_000, 1_000), 3: (5_800, 2_000)}
_SHORT_DEALER |= {4: (9_000, 3_000)}


@dataclass(frozen=True)
class HandValue:
    """What the referee enters for one winner: han, fu and yakuman.

    ``fu`` is ``None`` when it does not matter (limit hands, short count,
    yakuman). ``yakuman`` counts the yakuman of the hand (0 for none); when it
    is positive, han and fu are not used.
    """

    han: int
    fu: int | None = None
    yakuman: int = 0


@dataclass(frozen=True)
class Price:
    """What the losers pay, honba excluded.

    ``ron``: the discarder's payment. ``from_dealer``: the dealer's share of a
    child's self-draw (0 when the winner is the dealer). ``from_child``: each
    child's share of a self-draw.
    """

    ron: int
    from_dealer: int
    from_child: int


def round_up(points: int) -> int:
    """``points`` rounded up to the next 100."""
    return -(-points // 100) * 100


def check_value(value: HandValue, options: RiichiOptions, *, self_draw: bool) -> None:
    """Refuse han, fu and yakuman no hand can have; fields are named."""
    if not 0 <= value.yakuman <= MAX_YAKUMAN:
        raise EngineError(
            "yakuman_out_of_range",
            field="yakuman",
            value=value.yakuman,
            maximum=MAX_YAKUMAN,
        )
    if value.yakuman:
        return
    if not 1 <= value.han <= MAX_HAN:
        raise EngineError(
            "han_out_of_range", field="han", value=value.han, maximum=MAX_HAN
        )
    if value.fu is None:
        if options.count == "full" and value.han < 5:
            raise EngineError("fu_required", field="fu", han=value.han)
        return
    _check_fu(value.han, value.fu)


def _check_fu(han: int, fu: int) -> None:
    """Fu are even (base 20 plus 2s) before rounding, or 25 for seven pairs.

    Seven pairs is itself a 2-han yaku, so 25 fu with 1 han is impossible.
    """
    if fu == SEVEN_PAIRS_FU:
        if han < 2:
            raise EngineError("seven_pairs_fu", field="fu", fu=fu, han=han)
        return
    if not MIN_FU <= fu <= MAX_FU or fu % 2:
        raise EngineError(
            "fu_out_of_range", field="fu", fu=fu, minimum=MIN_FU, maximum=MAX_FU
        )


def rounded_fu(fu: int) -> int:
    """Fu rounded up to the next 10, except the 25 of seven pairs."""
    return fu if fu == SEVEN_PAIRS_FU else -(-fu // 10) * 10


def limit_points(han: int, options: RiichiOptions) -> int:
    """Basic points of a hand of 5 han or more."""
    if han >= 13:
        return YAKUMAN if options.kazoe == "yakuman" else SANBAIMAN
    baiman_top = 10 if options.limits == "modern" else 9
    if han > baiman_top:
        return SANBAIMAN
    if han >= 8:
        return BAIMAN
    return HANEMAN if han >= 6 else MANGAN


def basic_points(value: HandValue, options: RiichiOptions) -> int:
    """Basic points of a checked value, limits applied (full count)."""
    if value.yakuman:
        return YAKUMAN * (value.yakuman if options.multiple_yakuman else 1)
    if value.han >= 5:
        return limit_points(value.han, options)
    if value.fu is None:
        raise EngineError("fu_required", field="fu", han=value.han)
    return min(rounded_fu(value.fu) << (value.han + 2), MANGAN)


def price(value: HandValue, options: RiichiOptions, *, dealer: bool) -> Price:
    """What a checked value costs the losers, for a dealer or child winner."""
    if options.count == "short" and not value.yakuman and value.han < 5:
        if dealer:
            ron, each = _SHORT_DEALER[value.han]
            return Price(ron=ron, from_dealer=0, from_child=each)
        ron, from_dealer, from_child = _SHORT_CHILD[value.han]
        return Price(ron=ron, from_dealer=from_dealer, from_child=from_child)
    basic = basic_points(value, options)
    if dealer:
        return Price(
            ron=round_up(6 * basic), from_dealer=0, from_child=round_up(2 * basic)
        )
    return Price(
        ron=round_up(4 * basic),
        from_dealer=round_up(2 * basic),
        from_child=round_up(basic),
    )
