"""The bridge between tournament rows and the pure scoring engine.

The scoring app knows nothing of tournaments; this module (on the tournaments
side of the seam) turns stored rows into the engine's values and back.

Django code never branches on a rule set's name: it asks this module for the
tournament's rule set and options, and converts stored rows into the
engine's dataclasses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import (
    AnyRuleSet,
    get_ruleset,
    result_form_of,
    tile_calculator,
)
from scoring.engine.session import HandEntry, PenaltyEntry, SessionScore, score_session
from scoring.engine.types import DealState, ResultForm, Wind
from tournaments.models import Hand, Penalty, Tournament
from tournaments.services.errors import ServiceError


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


def hand_entry_of(tournament: Tournament) -> ResultForm:
    """The inputs of a hand result in the tournament's rule set (the tablet's
    form, the API's serializer); ``no_result_form`` for a rule set whose
    hands are entered otherwise."""
    ruleset, options = ruleset_for(tournament)
    entry = result_form_of(ruleset, options)
    if entry is None:
        raise ServiceError("no_result_form", ruleset=ruleset.code)
    return entry


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


def deal_fields(deal: DealState) -> dict[str, Any]:
    """The Hand fields that store a deal."""
    return {
        "prevalent_wind": str(deal.prevalent_wind),
        "seat_winds": "".join(str(w) for w in deal.seat_winds),
        "counters": dict(deal.counters),
    }


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


def score_table(
    ruleset: AnyRuleSet,
    options: Any,
    hands: Sequence[Hand],
    penalties: Iterable[Penalty],
    seat_index: dict[int, int],
) -> SessionScore:
    """Score a table's session from its stored hands and penalties.

    ``seat_index`` maps a Seat pk to its engine index (0 = starting East).
    """
    entries = [
        HandEntry(result=ruleset.parse_result(hand.result, options), deal=deal_of(hand))
        for hand in hands
    ]
    penalty_entries = [
        PenaltyEntry(kind=p.kind, offender=seat_index[p.seat_id], points=p.points)
        for p in penalties
    ]
    return score_session(ruleset, options, entries, penalty_entries)


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


def result_from_tiles(
    ruleset: AnyRuleSet,
    data: Mapping[str, Any],
    tiles: Mapping[str, Any],
    options: Any = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The result with the fields the tiles decide, and the breakdown,
    counted under the tournament's ``options`` (riichi's open tanyao and
    red fives).

    What the referee typed for the fields the tiles count (MCR's points) is
    replaced. Raises ``EngineError`` for tiles that are not a legal win, and
    ``ServiceError`` when the rule set has no calculator, when the tiles say
    self-drawn and the result does not (or the reverse), or when the referee
    gave a field the tiles confirm (MCR's flowers) another value.
    """
    calculator = tile_calculator(ruleset)
    if calculator is None:
        raise ServiceError("no_tile_calculator", field="tiles", ruleset=ruleset.code)
    score = calculator.score_tiles(tiles, options)
    if (data.get("kind") == "self_draw") != score.self_drawn:
        raise ServiceError("tiles_disagree_with_result", field="kind")
    for field, counted in score.confirms.items():
        entered = data.get(field)
        # Blank or 0 means "not typed": the tiles fill it in.
        if entered not in (None, "", 0) and entered != counted:
            raise ServiceError(
                "tiles_value_disagree", field=field, entered=entered, tiles=counted
            )
    counted = {**data, **score.confirms, **score.result}
    return counted, [dict(item) for item in score.breakdown]
