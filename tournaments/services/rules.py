"""The bridge between tournament rows and the pure scoring engine, for
writes: a hand's inputs and its result checked against its tiles, a deal's
stored fields, a session's scores.

Django code never branches on a rule set's name: it asks
``tournaments.selectors.rules`` for the tournament's rule set and options
and the stored deals (reads the pages share), and this module for what a
write turns into rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.engine.rulesets import AnyRuleSet, result_form_of, tile_calculator
from scoring.engine.session import HandEntry, PenaltyEntry, SessionScore, score_session
from scoring.engine.types import DealState, ResultForm
from tournaments.models import Hand, Penalty, Tournament
from tournaments.selectors.rules import deal_of, ruleset_for
from tournaments.services.errors import ServiceError


def hand_entry_of(tournament: Tournament) -> ResultForm:
    """The inputs of a hand result in the tournament's rule set (the tablet's
    form, the API's serializer); ``no_result_form`` for a rule set whose
    hands are entered otherwise."""
    ruleset, options = ruleset_for(tournament)
    entry = result_form_of(ruleset, options)
    if entry is None:
        raise ServiceError("no_result_form", ruleset=ruleset.code)
    return entry


def deal_fields(deal: DealState) -> dict[str, Any]:
    """The Hand fields that store a deal."""
    return {
        "prevalent_wind": str(deal.prevalent_wind),
        "seat_winds": "".join(str(w) for w in deal.seat_winds),
        "counters": dict(deal.counters),
    }


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
