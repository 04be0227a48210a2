"""What a stored hand was worth, in its rule set's unit (``hand_value``).

The admin, the API and the workbook show a hand's value without knowing
where a rule set keeps it (MCR's points and flowers, riichi's han).
"""

from __future__ import annotations

from scoring.engine.base import HandValue
from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset
from scoring.messages import unit_label
from tournaments.models import Hand, Tournament
from tournaments.selectors.exports import player_scores


def hand_value_of(hand: Hand, ruleset: str | None = None) -> HandValue | None:
    """The hand's value and unit under its tournament's rule set (``ruleset``
    when the caller knows it); ``None`` for a hand nobody won, or under a
    rule set no longer registered."""
    try:
        rules = get_ruleset(ruleset or ruleset_of_table(hand.table_id))
    except EngineError:
        return None
    return rules.hand_value(hand.result or {}, player_scores(hand.fans))


def ruleset_of_table(table_id: int) -> str:
    """The rule set code of the tournament a table plays in (one query)."""
    return str(
        Tournament.objects.filter(rounds__tables=table_id)
        .values_list("ruleset", flat=True)
        .get()
    )


def hand_value_text(hand: Hand) -> str:
    """``"12 points"``, ``"3 han"`` in the active language; ``""`` for none."""
    worth = hand_value_of(hand)
    return "" if worth is None else f"{worth.value} {unit_label(worth.unit)}"
