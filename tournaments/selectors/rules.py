"""Read a tournament's rule set and its stored deals as the pure engine
sees them.

The scoring app knows nothing of tournaments; these reads (on the
tournaments side of the seam) turn stored rows into the engine's values:
the pages, the API and the services ask here for a tournament's rule set
and options, the deal a stored hand was played under and the next one, and
whether the session is over. What only writes need (a hand's result
checked against its tiles, a deal's stored fields, a session's scores) is
``tournaments.services.rules``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import AnyRuleSet, get_ruleset, tile_calculator
from scoring.engine.types import DealState, Wind
from tournaments.models import Hand, Tournament


def ruleset_for(tournament: Tournament) -> tuple[AnyRuleSet, Any]:
    """The tournament's rule set and its cleaned options."""
    ruleset = get_ruleset(tournament.ruleset)
    return ruleset, ruleset.clean_options(tournament.ruleset_options or {})


def first_language(code: str) -> str | None:
    """The language the pages of rule set ``code`` open in when the visitor
    chose none (French classic, encyclopaedia: French); ``None`` keeps the
    site's usual choice. An unknown code (a rule set since removed) has none.
    """
    try:
        ruleset = get_ruleset(code)
    except EngineError:
        return None
    return ruleset.first_language


def deal_of(hand: Hand) -> DealState:
    """The deal stored with a hand (winds and counters), as the engine reads it."""
    return DealState(
        hand_number=hand.number,
        prevalent_wind=Wind(hand.prevalent_wind),
        seat_winds=tuple(Wind(w) for w in hand.seat_winds),  # type: ignore[arg-type]
        counters=tuple((hand.counters or {}).items()),
    )


def deal_after(ruleset: AnyRuleSet, options: Any, last: Hand | None) -> DealState:
    """The deal of the hand after ``last`` (the first deal when None), from
    ``last``'s stored deal, which a referee may have corrected."""
    if last is None:
        return ruleset.first_deal(options)
    previous = ruleset.parse_result(last.result, options)
    return ruleset.next_deal(deal_of(last), previous, options)


def session_over(
    ruleset: AnyRuleSet,
    options: Any,
    hands: Sequence[Hand],
    *,
    time_called: bool,
    next_deal: DealState | None = None,
) -> bool:
    """Whether the table's session is over after ``hands`` (stored, in order).

    The rule set sees what its contract asks for: the deal the next hand
    would be played under (``next_deal`` when the caller has it already) and
    the seats' running scores (the hands' stored payments), which riichi's
    end of game reads and MCR ignores.
    """
    deal = next_deal or deal_after(ruleset, options, hands[-1] if hands else None)
    scores = tuple(sum(hand.deltas[seat] for hand in hands) for seat in range(4))
    return ruleset.session_over(
        len(hands),
        deal,
        options,
        time_called=time_called,
        scores=scores if all(hand.deltas for hand in hands) else None,
    )


def tiles_for_hand(
    tiles: Mapping[str, Any],
    data: Mapping[str, Any],
    deal: DealState,
    winner: int | None,
) -> dict[str, Any]:
    """The tiles with the hand's context filled from the server's own state.

    The seat wind (the winner's, ``winner`` being the engine seat index) and
    the prevalent wind come from ``deal``, whatever the client sent: a tablet
    that defaulted them to East would silently miscount wind pungs. Self-drawn
    and flowers come from the result ``data`` when the tiles leave them out;
    when both say something, ``result_from_tiles`` refuses a disagreement.
    """
    filled = dict(tiles)
    filled["prevalent_wind"] = str(deal.prevalent_wind)
    if winner is not None:
        filled["seat_wind"] = str(deal.seat_winds[winner])
    filled.setdefault("self_drawn", data.get("kind") == "self_draw")
    # hand-format.md's riichi flag: the winner declared riichi this hand
    # (the result's declarations, when the rule set has them).
    if data.get("winner") is not None and data.get("winner") in (
        data.get("riichi") or ()
    ):
        filled.setdefault("riichi", True)
    if data.get("flowers") is not None:
        filled.setdefault("flowers", data["flowers"])
    return filled


def has_tile_calculator(tournament: Tournament) -> bool:
    """Whether the tournament's rule set counts hands from their tiles."""
    return tile_calculator(get_ruleset(tournament.ruleset)) is not None
