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

from scoring.engine.base import AnyRuleSet, BaseRuleSet, HandValue
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
    best_rank: tuple[int, int] = (0, 0)
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
    _read_sessions(sessions, {player: tally}, rules, reader)
    return _stats(player, code, rules, tally, sessions)


def players_stats(
    sessions: Sequence[SessionRecord], reader: HandReader | None = None
) -> dict[Hashable, PlayerStats]:
    """Every player's ``player_stats`` over ``sessions`` (one rule set), by
    player in the order of their first session. The same figures as one
    ``player_stats`` per player, but the hands of a table are gone through
    once for the sessions listed together at it, not once per seat."""
    by_player: dict[Hashable, list[SessionRecord]] = {}
    for session in sessions:
        by_player.setdefault(session.player, []).append(session)
    if not by_player:
        return {}
    code = sessions[0].table.ruleset
    if any(s.table.ruleset != code for s in sessions):
        raise ValueError("sessions of one rule set only")
    reader = reader or HandReader()
    rules = get_ruleset(code)
    tallies = {player: _Tally() for player in by_player}
    _read_sessions(sessions, tallies, rules, reader)
    return {
        player: _stats(player, code, rules, tallies[player], played)
        for player, played in by_player.items()
    }


def _read_sessions(
    sessions: Sequence[SessionRecord],
    tallies: dict[Hashable, _Tally],
    rules: AnyRuleSet,
    reader: HandReader,
) -> None:
    """Each session into its player's tally, in the order given: the
    sessions listed one after the other at one table (of different players)
    share one pass over its hands. Each tally still sees its player's hands
    in their sessions' order, so lists and the first best hand come out as
    session by session."""
    start, count = 0, len(sessions)
    while start < count:
        table = sessions[start].table
        players, seats = {sessions[start].player}, {sessions[start].seat}
        end = start + 1
        while (
            end < count
            and sessions[end].table is table
            and sessions[end].player not in players
            and sessions[end].seat not in seats
        ):
            players.add(sessions[end].player)
            seats.add(sessions[end].seat)
            end += 1
        _read_table(sessions[start:end], tallies, rules, reader)
        start = end


def _read_table(
    sessions: Sequence[SessionRecord],
    tallies: dict[Hashable, _Tally],
    rules: AnyRuleSet,
    reader: HandReader,
) -> None:
    """The hands of one table for its ``sessions`` (distinct players, each
    at their seat). What every seat counts alike (hands, washouts, hands
    where declarations are known) is counted once for the table; then each
    hand touches only the seats it concerns: its winners, its discarder,
    its dealer, the declarers and, where the rule set scores every player's
    hand, every seat."""
    table = sessions[0].table
    hands = reader.read(table)
    seats: dict[int, tuple[_Tally, Hashable]] = {
        s.seat: (tallies[s.player], s.player) for s in sessions
    }
    washouts = declared_known = 0
    running = [0] * SEATS
    busted = dict.fromkeys(seats, False)
    known = False
    last = len(hands) - 1
    units = rules.words.units
    # Without its own ``running_scores`` a rule set keeps none (MCR): the
    # summed payments need not be offered to it after every hand.
    keeps_scores = type(rules).running_scores is not BaseRuleSet.running_scores
    for index, read in enumerate(hands):
        hand, facts, winners = read.hand, read.facts, read.winners
        washouts += read.washout
        deltas = hand.deltas
        for seat in winners if len(winners) < 2 else dict.fromkeys(winners):
            entry = seats.get(seat)
            if entry is not None:
                tally = entry[0]
                tally.wins += 1
                tally.self_draws += hand.kind == "self_draw"
                tally.won.append(deltas[seat] if seat < len(deltas) else 0)
        out = hand.discarder
        if winners and out is not None and out in seats and out not in winners:
            tally = seats[out][0]
            tally.deal_ins += 1
            tally.lost.append(-(deltas[out] if out < len(deltas) else 0))
        if facts.declared is not None:
            declared_known += 1
            for seat, (tally, _) in seats.items():
                if seat in facts.declared:
                    tally.declared += 1
                    tally.declared_wins += seat in winners
        if facts.hand_scores is not None:
            scores = facts.hand_scores
            for seat, (tally, _) in seats.items():
                if seat < len(scores):
                    points = (
                        tally.winning_points if seat in winners else tally.other_points
                    )
                    points.append(scores[seat])
        if hand.winner is not None and hand.winner in seats:
            tally, player = seats[hand.winner]
            _read_win(tally, read, table, reader, player, units)
        if hand.dealer is not None and hand.dealer in seats and index < last:
            tally = seats[hand.dealer][0]
            tally.dealer_turns += 1
            tally.dealer_kept += hands[index + 1].hand.dealer == hand.dealer
        if not keeps_scores:
            continue
        for place, delta in enumerate(deltas[:SEATS]):
            running[place] += delta
        held = rules.running_scores(_four(running), table.options)
        if held is not None:
            known = True
            for seat in busted:
                busted[seat] = busted[seat] or held[seat] < 0
    for seat, (tally, _) in seats.items():
        tally.hands += len(hands)
        tally.washouts += washouts
        tally.declared_known += declared_known
        if known:
            tally.bust_known += 1
            tally.busts += busted[seat]


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _read_win(
    tally: _Tally,
    read: ReadHand,
    table: TableRecord,
    reader: HandReader,
    player: Hashable,
    units: tuple[str, ...],
) -> None:
    """The stored winner's value and breakdown (a second winner of a double
    ron counts as a win, but the stored value is the first winner's);
    ``units``: the rule set's (``value_rank``)."""
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
    rank = value_rank(value, units)
    if tally.best is None or rank > tally.best_rank:
        tally.best = highlight(player, value, table, read)
        tally.best_rank = rank


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
