"""What a rule set tells the statistics about one stored hand (``hand_facts``).

The statistics (``scoring.engine.stats``) read the columns every stored hand
has (its kind, winner, discarder, payments, the dealer); what only a rule
set knows (who declared riichi, the fans or yaku of a hand counted from its
tiles, each player's own hand score in the French rules, every winner of a
double ron) comes from the rule set's ``hand_facts`` as a ``HandFacts``.
A field left ``None`` means the rule set does not know it for this hand, and
the figures that rest on it are left out rather than counted as zero.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HandItem:
    """One line of a won hand's breakdown: a fan (MCR) or a yaku (riichi).

    ``name`` is the English name the breakdown stores (the frequency tables'
    key); ``name_fr`` its French name where the breakdown carries one;
    ``points`` what one such line is worth in the rule set's unit (MCR's fan
    points, riichi's han), ``count`` how many times it scores in the hand.
    """

    name: str
    points: int = 0
    count: int = 1
    name_fr: str | None = None


@dataclass(frozen=True)
class HandFacts:
    """The rule set's own facts about one stored hand, all optional.

    ``winners``: every seat that won, when more than the stored winner may
    have (riichi's double ron); ``None``: the stored winner alone.
    ``washout``: whether the hand counts as a washout (riichi: exhaustive
    and abortive draws, not a chombo); ``None``: a hand nobody won is one.
    ``declared``: the seats that declared (riichi); ``None``: the rules
    have no declaration.
    ``items``: the won hand's fans or yaku, when it was entered with tiles
    (or its breakdown was given); ``None`` when it has no breakdown.
    ``hand_scores``: each seat's own hand score, seats 0..3 (French classic,
    encyclopaedia); ``None`` where hands are not scored player by player.
    """

    winners: tuple[int, ...] | None = None
    washout: bool | None = None
    declared: tuple[int, ...] | None = None
    items: tuple[HandItem, ...] | None = None
    hand_scores: tuple[int, ...] | None = None


NO_FACTS = HandFacts()


def breakdown_items(breakdown: object, points_key: str) -> tuple[HandItem, ...] | None:
    """The lines of a stored calculator breakdown (a list of objects with
    ``name``, an optional ``name_fr`` and ``count``, and their worth under
    ``points_key``) as ``HandItem``s; ``None`` for no breakdown. Lines that
    are not objects with a name are skipped: a breakdown written by hand or
    by an older version is read as far as it can be."""
    if not isinstance(breakdown, list) or not breakdown:
        return None
    items = []
    for line in breakdown:
        if not isinstance(line, dict) or not isinstance(line.get("name"), str):
            continue
        points, count, name_fr = (
            line.get(points_key),
            line.get("count"),
            line.get("name_fr"),
        )
        items.append(
            HandItem(
                name=line["name"],
                points=points if isinstance(points, int) else 0,
                count=count if isinstance(count, int) and count > 0 else 1,
                name_fr=name_fr if isinstance(name_fr, str) and name_fr else None,
            )
        )
    return tuple(items) or None
