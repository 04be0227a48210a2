"""Hands valued again when their deal changes under them.

``rebuild_table`` re-deals every hand from the stored rows: a hand deleted
or inserted before another, or a seat-wind correction, moves the winds the
later hands were played under. What a hand is worth may depend on them (MCR's
Seat Wind and Prevalent Wind fans, riichi's wind yakuhai and fu), so a hand
kept as it was would leave the sheet silently wrong:

* a hand recorded with its tiles is counted again by the rule set's tile
  calculator under its new deal (``revalue_from_tiles``);
* a hand whose points were typed cannot be: it is flagged (``needs_check``)
  for the referee to correct or confirm (``flag_typed_points``;
  ``hands.confirm_hand``).

Rule sets that itemise every player's hand (``hand_sheets``) have their
sheets recomputed by the rebuild itself; only the scores the table typed
there are flagged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import AnyRuleSet, tile_calculator
from scoring.engine.types import DealState
from tournaments.models import Hand, Table
from tournaments.selectors.rules import tiles_for_hand
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.rules import result_from_tiles

#: The Hand fields a deal's winds are stored in.
WIND_FIELDS = frozenset({"seat_winds", "prevalent_wind"})
#: What a tile calculator reads of the deal (hand-format.md), which
#: ``selectors.rules.tiles_for_hand`` fills in from the hand's own deal.
DEAL_KEYS = ("prevalent_wind", "seat_wind")


@dataclass(frozen=True)
class Revaluation:
    """One hand the rebuild valued again or flagged, for the audit trail.

    ``action``: ``"hand.revalue"`` (counted again from its tiles; ``error``
    is the engine's code when the tiles no longer make a valid hand under
    the new deal) or ``"hand.flag"`` (typed points, flagged).
    """

    hand: Hand
    action: str
    before: dict[str, Any]
    after: dict[str, Any]


def audited(
    hand: Hand, *, action: str, before: dict[str, Any], after: dict[str, Any]
) -> Revaluation:
    """The audit entry of one hand (``action`` named at the call, where the
    audit trail's tests find every action the services record)."""
    return Revaluation(hand, action, before, after)


def value_of(hand: Hand) -> dict[str, Any]:
    """What the audit trail keeps of a hand's value and the deal it had."""
    return {
        "number": hand.number,
        "prevalent_wind": hand.prevalent_wind,
        "seat_winds": hand.seat_winds,
        "result": hand.result,
        "fans": hand.fans,
        "needs_check": hand.needs_check,
    }


def revalue_from_tiles(
    ruleset: AnyRuleSet,
    options: Any,
    hand: Hand,
    deal: DealState,
    before: dict[str, Any],
) -> tuple[list[str], Revaluation | None]:
    """Count ``hand`` again from its tiles when what the calculator reads of
    ``deal`` (the winner's seat wind, the prevalent wind) is not what the
    tiles were counted under. Returns the Hand fields changed and the audit
    entry (``[]`` and ``None`` when nothing changed).

    Tiles that no longer make a valid hand (MCR: the Seat Wind fan gone,
    below the minimum) never raise: the change that moved the winds (a
    deletion, a correction of another hand) is the referee's fix and must
    not be refused for it. The hand keeps the points it had and is flagged,
    so the sheet shows it to be checked; its tiles take the new winds, so
    the next rebuild does not count and audit it again.
    """
    if hand.pk is None or hand.tiles is None or tile_calculator(ruleset) is None:
        return [], None  # a hand being recorded was counted under its deal
    winner = ruleset.parse_result(hand.result, options).winner
    filled = tiles_for_hand(hand.tiles, hand.result, deal, winner)
    context = {key: filled[key] for key in DEAL_KEYS if key in filled}
    if all(hand.tiles.get(key) == value for key, value in context.items()):
        return [], None
    tiles = hand.tiles = {**hand.tiles, **context}
    try:
        data, fans = result_from_tiles(ruleset, hand.result, tiles, options)
        result = ruleset.parse_result(data, options).to_dict()
    except (EngineError, ServiceError) as error:
        hand.needs_check = True
        after = {**value_of(hand), "error": error.code}
        entry = audited(hand, action="hand.revalue", before=before, after=after)
        return ["tiles", "needs_check"], entry
    # A flag left by an earlier count that failed goes: these winds count.
    hand.result, hand.fans, hand.needs_check = result, fans, False
    fields = ["tiles", "result", "fans", "needs_check"]
    return fields, audited(
        hand, action="hand.revalue", before=before, after=value_of(hand)
    )


def flag_typed_points(
    hand: Hand,
    winner: int | None,
    sheets: dict[str, Any] | None,
    before: dict[str, Any],
) -> tuple[list[str], Revaluation | None]:
    """Flag a stored hand whose winds changed and whose value was typed:
    a win without tiles, or a score the table typed on a rule set that
    itemises every player's hand (``sheets``: its ``hand_sheets``).
    ``winner`` only says whether somebody won (``None``: nobody). A
    washout has no points that depend on the winds (its payments, if any,
    are counted from the new deal by the rule set)."""
    if hand.pk is None or hand.tiles is not None or hand.needs_check:
        return [], None
    if sheets is not None:
        typed = any(sheet is None for sheet in sheets.get("sheets", ()))
    else:
        typed = winner is not None
    if not typed:
        return [], None
    hand.needs_check = True
    return ["needs_check"], audited(
        hand, action="hand.flag", before=before, after=value_of(hand)
    )


def audit_revaluations(
    table: Table,
    revaluations: list[Revaluation],
    *,
    actor: Actor = None,
    actor_label: str = "",
    ip_address: str | None = None,
) -> None:
    """One audit event per hand valued again or flagged, in the transaction
    of the change that moved its winds, in the name of its author.
    Precondition: the hands are stored."""
    for item in revaluations:
        record_event(
            table=table,
            action=item.action,
            obj=item.hand,
            actor=actor,
            before=item.before,
            after=item.after,
            actor_label=actor_label,
            ip_address=ip_address,
        )
