"""The league's Statistics tab as the page shows it: rows, bars and charts.

Read from the league's figures (``leagues.selectors.stats``) with the
event page's own row builders (``tournaments.selectors.stats_pages``), so
a figure reads the same on an event's page and a league's; built once per
data version, audience and language.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from leagues.charts import LineChart, Segment, line_charts, stacked_bar
from leagues.models import League
from leagues.selectors.standings import get_league_standings, leaders_progress
from leagues.selectors.stats import (
    EventName,
    LeagueStats,
    cached_league_view,
    get_cached_league_stats,
)
from leagues.selectors.visibility import Audience
from scoring.engine.stats import EventStats, Highlight, TablePace
from scoring.messages import ruleset_label, unit_label
from tournaments.selectors.row_pages import page_of
from tournaments.selectors.stats_pages import (
    EVENT_ITEMS,
    PLAYER_COLUMNS,
    figure_rows,
    item_rows,
    tiles_shown,
)
from tournaments.selectors.stats_words import figure_label, items_label, shown

#: The players table's columns kept on a phone (the others give way).
PHONE_COLUMNS = frozenset({"hands", "win_rate", "deal_in_rate"})
#: The leaders drawn over the season.
SEASON_LEADERS = 5


@dataclass(frozen=True)
class HandRow:
    """A hand of the league (or a career): its event named, and linked
    when public."""

    player: Any
    name: str
    worth: str
    event: str
    event_slug: str | None
    round: int
    table: int
    hand: int
    items: str
    tiles: list[list[str]] | None


@dataclass(frozen=True)
class SeasonLine:
    player: int
    name: str
    chart: LineChart
    last: Fraction


def hand_row(
    hand: Highlight, names: dict[Any, str], events: dict[Any, EventName]
) -> HandRow:
    event = events.get(hand.event)
    return HandRow(
        player=hand.player,
        name=names.get(hand.player, ""),
        worth=f"{hand.value.value} {unit_label(hand.value.unit)}",
        event=event.name if event else "",
        event_slug=event.slug if event and event.is_public else None,
        round=hand.round_number,
        table=hand.table_number,
        hand=hand.number,
        items=", ".join(hand.items),
        tiles=tiles_shown(hand.tiles),
    )


def get_league_stats_page(
    league: League, *, audience: Audience, players_page: str | None = None
) -> dict[str, Any]:
    """Everything the Statistics tab shows, cached (see module); each rule
    set's players a ``RowsPage``, the page ``players_page`` asks for (a
    federation's 5,000 players were 2 MB of HTML on every view)."""
    page = cached_league_view(
        "page", league, audience, lambda version: _page(league, audience, version)
    )
    blocks = [
        {**block, "players": page_of(block["players"], players_page)}
        for block in page["blocks"]
    ]
    return {**page, "blocks": blocks}


def _page(league: League, audience: Audience, version: str) -> dict[str, Any]:
    found = get_cached_league_stats(league, audience=audience, version=version)
    names = {pk: player.name for pk, player in found.players.items()}
    return {
        "min_hands": found.min_hands,
        "season": season_lines(league, audience),
        "blocks": [_block(code_event, names, found) for code_event in found.blocks],
    }


def season_lines(league: League, audience: Audience) -> list[SeasonLine]:
    """The leaders' ranking figure after each event, on one scale (the
    standings' own ``leaders_progress``)."""
    standings = get_league_standings(league, audience=audience)
    events, progress = leaders_progress(standings, SEASON_LEADERS)
    if len(events) < 2:
        return []
    charts = line_charts(list(progress.values()))
    return [
        SeasonLine(player.pk, player.name, chart, values[-1])
        for (player, values), chart in zip(progress.items(), charts, strict=True)
    ]


def _block(block: Any, names: dict[Any, str], found: LeagueStats) -> dict[str, Any]:
    code, event = block.ruleset, block.event
    return {
        "ruleset": code,
        "ruleset_name": ruleset_label(code),
        "figures": figure_rows(event.figures, code, event=True),
        "leaders": _leaders(event, code, names),
        "biggest": [hand_row(h, names, found.events) for h in event.biggest_hands],
        "items": item_rows(event.items, EVENT_ITEMS),
        "items_hands": event.items_hands,
        "items_label": items_label(code),
        "fastest": [_pace(p, found.events) for p in event.fastest_tables],
        "slowest": [_pace(p, found.events) for p in event.slowest_tables],
        **_players(event, code, names),
    }


def _leaders(
    event: EventStats, code: str, names: dict[Any, str]
) -> list[dict[str, Any]]:
    return [
        {
            "label": figure_label(key, code),
            "leaders": [
                {
                    "player": leader.player,
                    "name": names.get(leader.player, ""),
                    "shown": shown(key, leader.value),
                }
                for leader in leaders
            ],
        }
        for key, leaders in event.leaders.items()
    ]


def _pace(pace: TablePace, events: dict[Any, EventName]) -> dict[str, Any]:
    event = events.get(pace.event)
    return {
        "event": event.name if event else "",
        "round": pace.round_number,
        "table": pace.table_number,
        "minutes": shown("minutes_per_hand", pace.minutes),
    }


def _players(event: EventStats, code: str, names: dict[Any, str]) -> dict[str, Any]:
    """Each player's main figures and placements, by name."""
    known = [
        key
        for key in PLAYER_COLUMNS
        if any(key in stats.figures for stats in event.players.values())
    ]
    rows = []
    for player, stats in event.players.items():
        segments: tuple[Segment, ...] = stacked_bar(stats.places)
        rows.append(
            {
                "player": player,
                "name": names.get(player, ""),
                "cells": [
                    (
                        shown(key, stats.figures[key].value)
                        if key in stats.figures
                        else "",
                        key not in PHONE_COLUMNS,
                    )
                    for key in known
                ],
                "places": segments,
                "sessions": sum(stats.places),
            }
        )
    rows.sort(key=lambda row: row["name"])
    return {
        "columns": [
            (figure_label(key, code), key not in PHONE_COLUMNS) for key in known
        ],
        "players": rows,
    }
