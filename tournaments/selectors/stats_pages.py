"""The statistics as the pages show them: rows of words, numbers and bars.

The event's Statistics page and the Statistics section of a player's page
read these; the views only render them. Every figure row says what it
rests on ("over 120 hands").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine.errors import EngineError
from scoring.engine.stats import EventStats, Figure, Highlight, ItemCount, PlayerStats
from scoring.engine.tiles import parse_tiles
from scoring.messages import unit_label
from tournaments.charts import ColumnChart, bar_lengths, column_chart
from tournaments.models import Registration, Tournament
from tournaments.selectors.room import get_standings_version
from tournaments.selectors.row_pages import page_of
from tournaments.selectors.stats import cached_view, get_cached_tournament_stats
from tournaments.selectors.stats_words import (
    count_text,
    figure_label,
    item_name,
    items_label,
    shown,
)

#: The players table's columns on the event page, when the rule set has them.
PLAYER_COLUMNS = (
    "hands",
    "win_rate",
    "self_draw_share",
    "deal_in_rate",
    "average_win_value",
    "average_place",
    "table_points_per_session",
    "declaration_rate",
    "item_total_average",
    "winning_hand_points",
)
#: Fans or yaku in a player's frequency bars (the event's show more).
PLAYER_ITEMS = 10
EVENT_ITEMS = 20


@dataclass(frozen=True)
class FigureRow:
    key: str
    label: str
    shown: str
    rests_on: str


@dataclass(frozen=True)
class ItemRow:
    label: str
    hands: int
    shown: str
    length: float


@dataclass(frozen=True)
class HandRow:
    name: str
    number: int | None
    worth: str
    round: int
    table: int
    hand: int
    items: str
    tiles: list[list[str]] | None


def figure_rows(
    figures: dict[str, Figure], ruleset: str, *, event: bool = False
) -> list[FigureRow]:
    return [
        FigureRow(
            key,
            figure_label(key, ruleset),
            shown(key, figure.value),
            count_text(key, figure, event=event),
        )
        for key, figure in figures.items()
    ]


def item_rows(items: tuple[ItemCount, ...], limit: int) -> list[ItemRow]:
    language = get_language()
    kept = items[:limit]
    lengths = bar_lengths([item.hands for item in kept])
    return [
        ItemRow(
            item_name(item.name, item.name_fr, language),
            item.hands,
            shown("win_rate", item.share),
            length,
        )
        for item, length in zip(kept, lengths, strict=True)
    ]


def tiles_shown(tiles: Any) -> list[list[str]] | None:
    """A stored hand's tiles (hand-format.md) as groups of tile names for
    the tile images: the standing tiles, each declared set, the winning
    tile; ``None`` when the hand has none or they cannot be read."""
    if not isinstance(tiles, dict):
        return None
    try:
        groups = [[str(t) for t in parse_tiles(str(tiles.get("concealed") or ""))]]
        for meld in tiles.get("melds") or []:
            if isinstance(meld, dict):
                groups.append([str(t) for t in parse_tiles(str(meld.get("tiles")))])
        winning = tiles.get("winning_tile")
        if winning:
            groups.append([str(t) for t in parse_tiles(str(winning))])
    except EngineError:
        return None
    groups = [group for group in groups if group]
    return groups or None


def hand_row(hand: Highlight, registrations: dict[int, Registration]) -> HandRow:
    registration = registrations.get(hand.player) if hand.player else None
    return HandRow(
        name=registration.player.name if registration else "",
        number=registration.number if registration else None,
        worth=f"{hand.value.value} {unit_label(hand.value.unit)}",
        round=hand.round_number,
        table=hand.table_number,
        hand=hand.number,
        items=", ".join(hand.items),
        tiles=tiles_shown(hand.tiles),
    )


def place_labels() -> list[str]:
    """1st to 4th, the standings' own words for places."""
    return [_("1st"), _("2nd"), _("3rd"), _("4th")]


def placement_chart(stats: PlayerStats) -> ColumnChart:
    """The player's sessions by place at the table, 1st to 4th."""
    return column_chart(list(zip(place_labels(), stats.places, strict=True)))


def get_event_page(
    tournament: Tournament, *, players_page: str | None = None
) -> dict[str, Any]:
    """The event's Statistics page: its figures, leaders, biggest hands,
    fan or yaku table, table paces and the players' main figures (a
    ``RowsPage``, the page ``players_page`` asks for: every row of 3,200
    players was 170 ms of rendering on each view); built once per version
    of the closed tables and language."""
    version = get_standings_version(tournament)
    page = cached_view(
        "page", tournament, version, lambda: _event_page(tournament, version)
    )
    if "players" in page:
        page = {**page, "players": page_of(page["players"], players_page)}
    return page


def _event_page(tournament: Tournament, version: str) -> dict[str, Any]:
    found = get_cached_tournament_stats(tournament, version=version)
    code, event = found.ruleset, found.event
    page: dict[str, Any] = {
        "event": event is not None,
        "items_label": items_label(code),
        "min_hands": event.min_hands if event else None,
    }
    if event is None:
        return page
    registrations = found.registrations
    page.update(
        figures=figure_rows(event.figures, code, event=True),
        leaders=_leaders(event, code, registrations),
        biggest=[hand_row(hand, registrations) for hand in event.biggest_hands],
        items=item_rows(event.items, EVENT_ITEMS),
        items_hands=event.items_hands,
        fastest=[_pace(p) for p in event.fastest_tables],
        slowest=[_pace(p) for p in event.slowest_tables],
        **_players_table(event, code, registrations),
    )
    return page


def _leaders(
    event: EventStats, code: str, registrations: dict[int, Registration]
) -> list[dict[str, Any]]:
    rows = []
    for key, leaders in event.leaders.items():
        names = []
        for leader in leaders:
            registration = registrations.get(leader.player)
            names.append(
                {
                    "name": registration.player.name if registration else "",
                    "number": registration.number if registration else None,
                    "shown": shown(key, leader.value),
                }
            )
        rows.append({"label": figure_label(key, code), "leaders": names})
    return rows


def _pace(pace: Any) -> dict[str, Any]:
    return {
        "round": pace.round_number,
        "table": pace.table_number,
        "hands": pace.hands,
        "minutes": shown("minutes_per_hand", pace.minutes),
    }


def _players_table(
    event: EventStats, code: str, registrations: dict[int, Registration]
) -> dict[str, Any]:
    known = [
        key
        for key in PLAYER_COLUMNS
        if any(key in stats.figures for stats in event.players.values())
    ]
    rows = []
    for player, stats in event.players.items():
        registration = registrations.get(player)
        rows.append(
            {
                "name": registration.player.name if registration else "",
                "number": registration.number if registration else None,
                "cells": [
                    shown(key, stats.figures[key].value) if key in stats.figures else ""
                    for key in known
                ],
            }
        )
    rows.sort(key=lambda row: row["name"])
    return {
        "columns": [figure_label(key, code) for key in known],
        "players": rows,
    }


def get_player_section(
    tournament: Tournament, player_id: int, version: str | None = None
) -> dict[str, Any]:
    """The Statistics section of a player's page in this event; empty
    (``stats`` False) before a table of theirs is closed. ``version``: the
    standings' version, when the page has read it. Built once per version
    and language."""
    if version is None:
        version = get_standings_version(tournament)
    return cached_view(
        f"player{player_id}",
        tournament,
        version,
        lambda: _player_section(tournament, player_id, version),
    )


def _player_section(
    tournament: Tournament, player_id: int, version: str
) -> dict[str, Any]:
    found = get_cached_tournament_stats(tournament, version=version)
    stats = found.event.players.get(player_id) if found.event else None
    if stats is None:
        return {"stats": False}
    best = stats.best_hand
    return {
        "stats": True,
        "figures": figure_rows(stats.figures, found.ruleset),
        "placements": placement_chart(stats),
        "items": item_rows(stats.items, PLAYER_ITEMS),
        "items_hands": stats.items_hands,
        "items_label": items_label(found.ruleset),
        "best": hand_row(best, found.registrations) if best else None,
    }
