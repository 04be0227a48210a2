"""Reading a table's hands once: every winner, washouts, the rule set's facts.

A table's four sessions share one ``TableRecord``; ``HandReader`` asks the
rule set about each of its hands once and keeps the answer for the other
three seats (and for the event's figures).
"""

from __future__ import annotations

from scoring.engine.base import AnyRuleSet, HandValue
from scoring.engine.rulesets import get_ruleset
from scoring.engine.stats.records import UNREAD, HandRecord, ReadHand, TableRecord


class HandReader:
    """``read(table)``: the table's hands with their facts, computed once."""

    def __init__(self) -> None:
        self._tables: dict[int, tuple[ReadHand, ...]] = {}

    def read(self, table: TableRecord) -> tuple[ReadHand, ...]:
        found = self._tables.get(id(table))
        if found is None:
            rules = get_ruleset(table.ruleset)
            found = tuple(_read(rules, hand) for hand in table.hands)
            self._tables[id(table)] = found
        return found

    def value(self, table: TableRecord, read: ReadHand) -> HandValue | None:
        """What the hand's (first) winner's hand was worth (``hand_value``),
        asked of the rule set once and kept on ``read``."""
        value = read.value
        if value is UNREAD:
            scores = read.facts.hand_scores
            value = read.value = get_ruleset(table.ruleset).hand_value(
                read.hand.result, list(scores) if scores is not None else None
            )
        return value  # type: ignore[return-value]


def _read(rules: AnyRuleSet, hand: HandRecord) -> ReadHand:
    facts = rules.hand_facts(hand.result, hand.fans)
    if facts.winners is not None:
        winners = facts.winners
    else:
        winners = () if hand.winner is None else (hand.winner,)
    washout = facts.washout if facts.washout is not None else not winners
    return ReadHand(hand, facts, winners, washout, UNREAD)


def value_rank(value: HandValue, units: tuple[str, ...]) -> tuple[int, int]:
    """How hand values compare: a later unit of the rule set's words
    outranks an earlier one (riichi's yakuman above any han), then the
    value."""
    return (units.index(value.unit) if value.unit in units else 0, value.value)
