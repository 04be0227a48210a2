"""The bridge between tournament rows and the pure scoring engine.

Django code never branches on a rule set's name: it asks this module for the
tournament's rule set and options, and converts stored rows into the
engine's dataclasses.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from scoring.engine.rulesets import RuleSet, get_ruleset
from scoring.engine.session import HandEntry, PenaltyEntry, SessionScore, score_session
from scoring.engine.types import DealState, Wind
from tournaments.models import Hand, Penalty, Tournament


def ruleset_for(tournament: Tournament) -> tuple[RuleSet, Any]:
    """The tournament's rule set and its cleaned options."""
    ruleset = get_ruleset(tournament.ruleset)
    return ruleset, ruleset.clean_options(tournament.ruleset_options or {})


def deal_of(hand: Hand) -> DealState:
    """The seat winds stored with a hand, as the engine reads them."""
    return DealState(
        hand_number=hand.number,
        prevalent_wind=Wind(hand.prevalent_wind),
        seat_winds=tuple(Wind(w) for w in hand.seat_winds),  # type: ignore[arg-type]
    )


def deal_fields(deal: DealState) -> dict[str, str]:
    """The Hand fields that store a deal."""
    return {
        "prevalent_wind": str(deal.prevalent_wind),
        "seat_winds": "".join(str(w) for w in deal.seat_winds),
    }


def score_table(
    ruleset: RuleSet,
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
