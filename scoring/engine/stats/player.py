"""A player's figures over any sessions of one rule set (``player_stats``).

The same function serves a tournament, a league season and a career: the
caller chooses the sessions. Sessions of different rule sets do not mix
(their hand values have different units): ``stats_by_ruleset`` splits them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.engine.base import AnyRuleSet, HandValue
from scoring.engine.rulesets import get_ruleset
from scoring.engine.stats.figures import (
    COMMON_FIGURES,
    Figure,
    counted,
    mean,
    share,
)
from scoring.engine.stats.reading import HandReader, value_rank
from scoring.engine.stats.records import ReadHand, SessionRecord, TableRecord
from scoring.engine.types import SEATS

PLACES = ("first_share", "second_share", "third_share", "fourth_share")


@dataclass(frozen=True)
class ItemCount:
    """A fan or yaku: the itemised winning hands that have it (``hands``)
    and their share of all itemised winning hands (``share``)."""

    name: str
    hands: int
    share: Fraction
    name_fr: str | None = None


@dataclass(frozen=True)
class Highlight:
    """One won hand worth showing (a player's best, an event's biggest):
    its value, where it was played (the table's ``event``, round and table
    numbers, the hand's ``number``), its fans or yaku and its tiles. It
    keeps no ``TableRecord``: a cached figure does not carry every hand."""

    player: Hashable
    value: HandValue
    event: Hashable
    round_number: int
    table_number: int
    number: int
    items: tuple[str, ...] = ()
    tiles: object = None


@dataclass(frozen=True)
class PlayerStats:
    """A player's figures under one rule set.

    ``figures``: by key, in the pages' order (common figures, then the rule
    set's own); a figure its rule set cannot know is missing. ``items``: the
    fan or yaku frequencies of the player's itemised wins, most frequent
    first (``items_hands`` of them); ``best_hand``: their biggest win.
    """

    player: Hashable
    ruleset: str
    figures: dict[str, Figure]
    items: tuple[ItemCount, ...] = ()
    items_hands: int = 0
    best_hand: Highlight | None = None
    places: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def hands(self) -> int:
        """The hands the figures rest on."""
        figure = self.figures.get("hands")
        return int(figure.value) if figure and figure.value is not None else 0


@dataclass
class _Tally:
    """Running counts while reading one player's hands."""

    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    washouts: int = 0
    values: list[HandValue] = field(default_factory=list)
    best: Highlight | None = None
    won: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    declared_known: int = 0
    declared: int = 0
    declared_wins: int = 0
    dealer_turns: int = 0
    dealer_kept: int = 0
    winning_points: list[int] = field(default_factory=list)
    other_points: list[int] = field(default_factory=list)
    items: Counter[str] = field(default_factory=Counter)
    item_names_fr: dict[str, str] = field(default_factory=dict)
    item_totals: list[int] = field(default_factory=list)
    busts: int = 0
    bust_known: int = 0


def stats_by_ruleset(
    sessions: Iterable[SessionRecord], reader: HandReader | None = None
) -> dict[str, PlayerStats]:
    """One player's figures per rule set they played, by rule set code."""
    grouped: dict[str, list[SessionRecord]] = {}
    for session in sessions:
        grouped.setdefault(session.table.ruleset, []).append(session)
    reader = reader or HandReader()
    return {code: player_stats(listed, reader) for code, listed in grouped.items()}


def player_stats(
    sessions: Sequence[SessionRecord], reader: HandReader | None = None
) -> PlayerStats:
    """The figures of one player over ``sessions``: at least one, all of
    one player and one rule set (``ValueError`` otherwise). ``reader``
    shares the reading of tables between the players of an event."""
    if not sessions:
        raise ValueError("no sessions")
    player, code = sessions[0].player, sessions[0].table.ruleset
    if any(s.player != player or s.table.ruleset != code for s in sessions):
        raise ValueError("sessions of one player and one rule set only")
    reader = reader or HandReader()
    rules = get_ruleset(code)
    tally = _Tally()
    for session in sessions:
        _read_session(tally, session, rules, reader)
    return _stats(player, code, rules, tally, sessions)


def _read_session(
    tally: _Tally, session: SessionRecord, rules: AnyRuleSet, reader: HandReader
) -> None:
    table, seat = session.table, session.seat
    hands = reader.read(table)
    running = [0] * SEATS
    busted, known = False, False
    for index, read in enumerate(hands):
        _read_hand(tally, read, table, seat, reader, session.player)
        _read_dealer(tally, hands, index, seat)
        for place, delta in enumerate(read.hand.deltas[:SEATS]):
            running[place] += delta
        held = rules.running_scores(_four(running), table.options)
        if held is not None:
            known = True
            busted = busted or held[seat] < 0
    if known:
        tally.bust_known += 1
        tally.busts += busted


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _read_hand(
    tally: _Tally,
    read: ReadHand,
    table: TableRecord,
    seat: int,
    reader: HandReader,
    player: Hashable,
) -> None:
    hand, facts = read.hand, read.facts
    tally.hands += 1
    won = seat in read.winners
    delta = hand.deltas[seat] if seat < len(hand.deltas) else 0
    tally.washouts += read.washout
    if won:
        tally.wins += 1
        tally.self_draws += hand.kind == "self_draw"
        tally.won.append(delta)
    elif read.winners and hand.discarder == seat:
        tally.deal_ins += 1
        tally.lost.append(-delta)
    if facts.declared is not None:
        tally.declared_known += 1
        if seat in facts.declared:
            tally.declared += 1
            tally.declared_wins += won
    if facts.hand_scores is not None and seat < len(facts.hand_scores):
        points = tally.winning_points if won else tally.other_points
        points.append(facts.hand_scores[seat])
    if hand.winner == seat:
        _read_win(tally, read, table, reader, player)


def _read_win(
    tally: _Tally,
    read: ReadHand,
    table: TableRecord,
    reader: HandReader,
    player: Hashable,
) -> None:
    """The stored winner's value and breakdown (a second winner of a double
    ron counts as a win, but the stored value is the first winner's)."""
    value = reader.value(table, read)
    items = read.facts.items
    if items is not None:
        tally.item_totals.append(sum(item.points * item.count for item in items))
        tally.items.update({item.name for item in items})
        for item in items:
            if item.name_fr:
                tally.item_names_fr.setdefault(item.name, item.name_fr)
    if value is None:
        return
    tally.values.append(value)
    units = get_ruleset(table.ruleset).words.units
    if tally.best is None or value_rank(value, units) > value_rank(
        tally.best.value, units
    ):
        tally.best = highlight(player, value, table, read)


def highlight(
    player: Hashable, value: HandValue, table: TableRecord, read: ReadHand
) -> Highlight:
    """A won hand as a ``Highlight``: its value, table, number, fans, tiles."""
    items = read.facts.items or ()
    return Highlight(
        player=player,
        value=value,
        event=table.event,
        round_number=table.round_number,
        table_number=table.table_number,
        number=read.hand.number,
        items=tuple(item.name for item in items),
        tiles=read.hand.tiles,
    )


def _read_dealer(
    tally: _Tally, hands: tuple[ReadHand, ...], index: int, seat: int
) -> None:
    """A dealer turn kept: the next hand of the table has the same dealer."""
    hand = hands[index].hand
    if hand.dealer != seat or index + 1 >= len(hands):
        return
    tally.dealer_turns += 1
    tally.dealer_kept += hands[index + 1].hand.dealer == seat


def _stats(
    player: Hashable,
    code: str,
    rules: AnyRuleSet,
    tally: _Tally,
    sessions: Sequence[SessionRecord],
) -> PlayerStats:
    count = len(sessions)
    places = [0, 0, 0, 0]
    for session in sessions:
        if 1 <= session.rank <= SEATS:
            places[session.rank - 1] += 1
    units = rules.words.units
    main = units[0] if units else None
    penalties = [points for s in sessions for points in s.penalties]
    common: dict[str, Figure] = {
        "hands": counted(tally.hands, tally.hands),
        "sessions": counted(count, count),
        "wins": counted(tally.wins, tally.hands),
        "win_rate": share(tally.wins, tally.hands),
        "self_draw_share": share(tally.self_draws, tally.wins),
        "deal_in_rate": share(tally.deal_ins, tally.hands),
        "washout_share": share(tally.washouts, tally.hands),
        "average_win_value": mean(v.value for v in tally.values if v.unit == main),
        "biggest_win_value": Figure(
            tally.best.value.value if tally.best else None, len(tally.values)
        ),
        "penalties": counted(len(penalties), count),
        "penalty_points": counted(sum(penalties), count),
        **{key: share(places[n], count) for n, key in enumerate(PLACES)},
        "average_place": mean(s.rank for s in sessions),
        "table_points_per_session": mean(s.table_points for s in sessions),
    }
    own = _ruleset_figures(tally, count)
    figures = {
        key: common[key] for key, _ in COMMON_FIGURES if key not in rules.stats_unknown
    }
    figures.update({key: own[key] for key in rules.stats_figures if key in own})
    return PlayerStats(
        player=player,
        ruleset=code,
        figures=figures,
        items=item_counts(tally.items, len(tally.item_totals), tally.item_names_fr),
        items_hands=len(tally.item_totals),
        best_hand=tally.best,
        places=(places[0], places[1], places[2], places[3]),
    )


def _ruleset_figures(tally: _Tally, sessions: int) -> dict[str, Figure]:
    """The figures a rule set may add; those its hands told nothing of
    (a bust count where no running score is kept) are left out."""
    figures = {
        "item_total_average": mean(tally.item_totals),
        "declaration_rate": share(tally.declared, tally.declared_known),
        "declared_win_rate": share(tally.declared_wins, tally.declared),
        "dealer_retention": share(tally.dealer_kept, tally.dealer_turns),
        "points_won_average": mean(tally.won),
        "points_lost_average": mean(tally.lost),
        "winning_hand_points": mean(tally.winning_points),
        "other_hand_points": mean(tally.other_points),
    }
    if tally.bust_known:
        figures["busts"] = counted(tally.busts, tally.bust_known)
    return figures


def item_counts(
    items: Counter[str], hands: int, names_fr: dict[str, str]
) -> tuple[ItemCount, ...]:
    """Frequencies, most frequent first, then by name."""
    ordered = sorted(items.items(), key=lambda pair: (-pair[1], pair[0]))
    return tuple(
        ItemCount(name, number, Fraction(number, hands), names_fr.get(name))
        for name, number in ordered
    )
