"""The statistics as the API answers them: plain JSON-ready bodies.

``tournaments.api.stats`` documents their shape (its serializers) and
answers them; the leagues' API builds a season's or a career's from the
same functions, so every figure reads alike wherever it is asked for.
Labels are in the active language.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

from scoring.engine.stats import (
    EventStats,
    Figure,
    Highlight,
    ItemCount,
    PlayerStats,
    TablePace,
)
from scoring.messages import ruleset_label, unit_label
from tournaments.selectors.stats_words import (
    as_number,
    count_unit,
    exact,
    figure_label,
    item_name,
    items_label,
)


def figure_rows(
    figures: dict[str, Figure], ruleset: str, *, event: bool = False
) -> list[dict[str, Any]]:
    """Each figure with its label, value (and exact value) and count."""
    return [
        {
            "key": key,
            "label": figure_label(key, ruleset),
            "value": as_number(figure.value),
            "exact": exact(figure.value),
            "count": figure.count,
            "count_unit": count_unit(key, event=event),
        }
        for key, figure in figures.items()
    ]


def item_rows(items: tuple[ItemCount, ...]) -> list[dict[str, Any]]:
    language = get_language()
    return [
        {
            "name": item.name,
            "label": item_name(item.name, item.name_fr, language),
            "hands": item.hands,
            "share": as_number(item.share),
        }
        for item in items
    ]


def hand_row(hand: Highlight, names: dict[Any, str], slugs: dict[Any, str]) -> dict:
    return {
        "player": hand.player,
        "name": names.get(hand.player, ""),
        "value": hand.value.value,
        "unit": unit_label(hand.value.unit),
        "tournament": slugs.get(hand.event),
        "round": hand.round_number,
        "table": hand.table_number,
        "hand": hand.number,
        "items": list(hand.items),
    }


def ruleset_body(
    stats: PlayerStats, names: dict[Any, str], slugs: dict[Any, str]
) -> dict[str, Any]:
    """A player's figures under one rule set, as the API answers them."""
    best = stats.best_hand
    return {
        "ruleset": stats.ruleset,
        "ruleset_name": ruleset_label(stats.ruleset),
        "figures": figure_rows(stats.figures, stats.ruleset),
        "items_label": items_label(stats.ruleset),
        "items": item_rows(stats.items),
        "items_hands": stats.items_hands,
        "best_hand": hand_row(best, names, slugs) if best else None,
    }


def event_body(
    code: str,
    event: EventStats,
    names: dict[Any, str],
    numbers: dict[Any, int],
    slugs: dict[Any, str],
) -> dict[str, Any]:
    """An event's (or a season's) figures as the API answers them:
    ``names`` and ``numbers`` of the players by key, ``slugs`` of the
    tournaments by the tables' ``event``."""
    return {
        "figures": figure_rows(event.figures, code, event=True),
        "items_label": items_label(code),
        "items": item_rows(event.items),
        "items_hands": event.items_hands,
        "biggest_hands": [hand_row(h, names, slugs) for h in event.biggest_hands],
        "fastest_tables": [pace_row(p) for p in event.fastest_tables],
        "slowest_tables": [pace_row(p) for p in event.slowest_tables],
        "leaders": [
            {
                "key": key,
                "label": figure_label(key, code),
                "leaders": [
                    {
                        "player": leader.player,
                        "name": names.get(leader.player, ""),
                        "value": as_number(leader.value),
                        "exact": exact(leader.value),
                        "hands": leader.hands,
                    }
                    for leader in found
                ],
            }
            for key, found in event.leaders.items()
        ],
        "players": [
            {
                "player": player,
                "name": names.get(player, ""),
                "number": numbers.get(player),
                "figures": figure_rows(stats.figures, code),
            }
            for player, stats in sorted(
                event.players.items(), key=lambda pair: names.get(pair[0], "")
            )
        ],
    }


def pace_row(pace: TablePace) -> dict[str, Any]:
    return {
        "round": pace.round_number,
        "table": pace.table_number,
        "hands": pace.hands,
        "minutes": as_number(pace.minutes),
    }
