"""An event's (or a season's) figures: its hands, tables and leaders.

``event_stats`` takes every session of the event (four per closed table) and
gives the event's own figures, the biggest hands, the fan or yaku table, the
fastest and slowest tables, every player's figures and the leaders of each
figure among players with at least ``min_hands`` hands.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Collection, Hashable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction

from scoring.engine.base import HandValue
from scoring.engine.rulesets import get_ruleset
from scoring.engine.stats.figures import Figure, Number, counted, mean, share
from scoring.engine.stats.player import (
    Highlight,
    ItemCount,
    PlayerStats,
    highlight,
    item_counts,
    players_stats,
)
from scoring.engine.stats.reading import HandReader, value_rank
from scoring.engine.stats.records import ReadHand, SessionRecord, TableRecord

#: The figures with leaders, and whether a higher value leads.
LEADER_FIGURES: tuple[tuple[str, bool], ...] = (
    ("win_rate", True),
    ("self_draw_share", True),
    ("deal_in_rate", False),
    ("average_win_value", True),
    ("average_place", False),
    ("table_points_per_session", True),
    ("first_share", True),
    ("item_total_average", True),
    ("declaration_rate", True),
    ("declared_win_rate", True),
    ("dealer_retention", True),
    ("winning_hand_points", True),
)


@dataclass(frozen=True)
class TablePace:
    """A table's pace: ``minutes`` per hand over its ``hands`` hands, from
    the times its first and last hands were entered; the table by its key,
    event, round and number (not its record: see ``Highlight``)."""

    table_key: Hashable
    event: Hashable
    round_number: int
    table_number: int
    hands: int
    minutes: Fraction


@dataclass(frozen=True)
class Leader:
    player: Hashable
    value: Number
    hands: int


@dataclass(frozen=True)
class EventStats:
    """``figures``: the event's own (hands, sessions, washout rate, hands
    per session, minutes per hand); ``players``: each player's figures;
    ``leaders``: by figure key, the best ``top`` players with at least
    ``min_hands`` hands (best first)."""

    figures: dict[str, Figure]
    biggest_hands: tuple[Highlight, ...]
    items: tuple[ItemCount, ...]
    items_hands: int
    fastest_tables: tuple[TablePace, ...]
    slowest_tables: tuple[TablePace, ...]
    players: dict[Hashable, PlayerStats]
    leaders: dict[str, tuple[Leader, ...]]
    min_hands: int


def tables_of(sessions: Iterable[SessionRecord]) -> list[TableRecord]:
    """The distinct tables of ``sessions``, in their first session's order."""
    seen: dict[int, TableRecord] = {}
    for session in sessions:
        seen.setdefault(id(session.table), session.table)
    return list(seen.values())


def event_stats(
    sessions: Iterable[SessionRecord],
    *,
    min_hands: int = 0,
    top: int = 3,
    ranked: Collection[Hashable] | None = None,
) -> EventStats:
    """The event's figures from its sessions (one rule set: ``ValueError``
    for a mix). ``top`` bounds the leaders, the biggest hands (three times
    ``top``) and the fastest and slowest tables; ``ranked``: the players who
    may lead a figure (the event's substitutes play but do not rank), every
    player when ``None``."""
    listed = list(sessions)
    codes = {session.table.ruleset for session in listed}
    if len(codes) > 1:
        raise ValueError("sessions of one rule set only")
    reader = HandReader()
    players = players_stats(listed, reader)
    tables = tables_of(listed)
    items, items_hands, names_fr, biggest = _hands(tables, reader, top * 3)
    paces = _paces(tables)
    return EventStats(
        figures=_figures(tables, reader, paces),
        biggest_hands=tuple(biggest[: top * 3]),
        items=item_counts(items, items_hands, names_fr),
        items_hands=items_hands,
        fastest_tables=tuple(paces[:top]),
        slowest_tables=tuple(reversed(paces[-top:])) if paces else (),
        players=players,
        leaders=leaders(
            (p for key, p in players.items() if ranked is None or key in ranked),
            min_hands=min_hands,
            top=top,
        ),
        min_hands=min_hands,
    )


def _hands(
    tables: list[TableRecord], reader: HandReader, biggest: int
) -> tuple[Counter[str], int, dict[str, str], list[Highlight]]:
    """The items of the winning hands and the ``biggest`` won hands, biggest
    first (then by round, table and hand): only those become ``Highlight``s,
    not every won hand of the event."""
    items: Counter[str] = Counter()
    names_fr: dict[str, str] = {}
    itemised = 0
    won: list[tuple[TableRecord, ReadHand, HandValue]] = []
    for table in tables:
        for read in reader.read(table):
            winner = read.hand.winner
            if winner is None:
                continue
            if read.facts.items is not None:
                itemised += 1
                items.update({item.name for item in read.facts.items})
                for item in read.facts.items:
                    if item.name_fr:
                        names_fr.setdefault(item.name, item.name_fr)
            value = reader.value(table, read)
            if value is not None:
                won.append((table, read, value))
    found: list[Highlight] = []
    if won:
        units = get_ruleset(tables[0].ruleset).words.units
        # ``nsmallest`` is ``sorted(...)[:n]``, ties kept in order; only
        # the hands worth one of the ``biggest`` best values can be among
        # the ``biggest`` best hands, the others need no key.
        ranks = [value_rank(value, units) for _, _, value in won]
        best = heapq.nlargest(biggest, set(ranks))
        if best:
            won = [w for w, rank in zip(won, ranks, strict=True) if rank >= best[-1]]
        for table, read, value in heapq.nsmallest(
            biggest,
            won,
            key=lambda w: _biggest_first(w, units),
        ):
            winner = read.hand.winner
            assert winner is not None
            player = table.players[winner] if winner < len(table.players) else None
            found.append(highlight(player, value, table, read))
    return items, itemised, names_fr, found


def _biggest_first(
    won: tuple[TableRecord, ReadHand, HandValue], units: tuple[str, ...]
) -> tuple[int, int, int, int, int]:
    """The biggest value first (``value_rank`` reversed), then by round,
    table and hand."""
    table, read, value = won
    unit, points = value_rank(value, units)
    return (-unit, -points, table.round_number, table.table_number, read.hand.number)


def _paces(tables: list[TableRecord]) -> list[TablePace]:
    """Tables with two timed hands or more, fastest first."""
    paces = []
    for table in tables:
        times = [hand.created_at for hand in table.hands if hand.created_at]
        if len(times) < 2:
            continue
        seconds = (max(times) - min(times)) // timedelta(seconds=1)
        paces.append(
            TablePace(
                table_key=table.key,
                event=table.event,
                round_number=table.round_number,
                table_number=table.table_number,
                hands=len(times),
                minutes=Fraction(seconds, 60 * (len(times) - 1)),
            )
        )
    paces.sort(key=lambda p: (p.minutes, p.round_number, p.table_number))
    return paces


def _figures(
    tables: list[TableRecord], reader: HandReader, paces: list[TablePace]
) -> dict[str, Figure]:
    hands = sum(len(table.hands) for table in tables)
    washouts = sum(read.washout for table in tables for read in reader.read(table))
    seconds_spans = sum(p.minutes * (p.hands - 1) for p in paces)
    intervals = sum(p.hands - 1 for p in paces)
    return {
        "hands": counted(hands, hands),
        "sessions": counted(len(tables), len(tables)),
        "washout_rate": share(washouts, hands),
        "hands_per_session": mean(len(table.hands) for table in tables),
        "minutes_per_hand": Figure(
            Fraction(seconds_spans) / intervals if intervals else None, intervals
        ),
    }


def leaders(
    players: Iterable[PlayerStats], *, min_hands: int = 0, top: int = 3
) -> dict[str, tuple[Leader, ...]]:
    """For each figure of ``LEADER_FIGURES`` some player has, the ``top``
    players with at least ``min_hands`` hands, best first (ties by hands,
    then as given)."""
    eligible = [p for p in players if p.hands >= max(min_hands, 1)]
    found: dict[str, tuple[Leader, ...]] = {}
    for key, higher in LEADER_FIGURES:
        valued = [
            (p, value)
            for p in eligible
            if key in p.figures and (value := p.figures[key].value) is not None
        ]
        if not valued:
            continue
        # The best ``top`` of thousands: ``nsmallest`` is ``sorted(...)[:top]``
        # (ties kept in order) without sorting them all.
        best = heapq.nsmallest(
            max(top, 0),
            valued,
            key=lambda pair: (-pair[1] if higher else pair[1], -pair[0].hands),
        )
        found[key] = tuple(Leader(p.player, v, p.hands) for p, v in best)
    return found
