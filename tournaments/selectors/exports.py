"""Reads for the spreadsheet exports: the database as ``exports.rows`` rows.

The builders in ``tournaments.exports`` know no model; these selectors turn
one tournament into the dataclasses they read, in a bounded number of
queries whatever the size of the event (standings: two; sessions, hands and
penalties: one each, plus one for the seats). Sessions, hands and penalties
are generators over ``values_list(...).iterator()``, so a 12,800-hand
tournament streams into the workbook without model instances in memory.

Open tables are left out of "Standings" and "Rounds", as on the standings
page: their scores are provisional. Hands and penalties of open tables are
listed, since they are recorded facts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import date
from fractions import Fraction
from typing import Any

from django.db.models import Case, IntegerField, Value, When
from django.utils.translation import get_language

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset
from scoring.engine.stats import HandRecord
from scoring.messages import unit_label
from tournaments.export_labels import export_labels
from tournaments.exports.rows import (
    HandRow,
    Payment,
    PenaltyRow,
    RoundResult,
    SessionRow,
    StandingRow,
    TournamentInfo,
)
from tournaments.models import WINDS, Hand, Penalty, Seat, SeatResult, Tournament
from tournaments.selectors.json_text import BATCH, as_text, decoded
from tournaments.selectors.standings import get_standings
from tournaments.selectors.stats import hand_record

__all__ = [
    "WorkbookHands",
    "export_labels",
    "get_export_standings",
    "get_tournament_info",
    "list_hand_rows",
    "list_penalty_rows",
    "list_session_rows",
]

_WIND_ORDER = Case(
    *(When(seat__wind=wind, then=Value(index)) for index, wind in enumerate(WINDS)),
    output_field=IntegerField(),
)


def _name(first: str, last: str) -> str:
    """The display name, as ``Player.name`` builds it."""
    return f"{first} {last}".strip()


def get_export_standings(tournament: Tournament) -> list[StandingRow]:
    """The standings page's rows, one ``RoundResult`` per round of the event.

    Every round of the tournament gets its two columns, played or not, so
    the workbook has the columns the standings page shows.
    """
    standings = get_standings(tournament)
    rows = []
    for row in standings.rows:
        player = row.registration.player
        per_round = tuple(
            RoundResult(row.rounds[n].table_points, row.rounds[n].score)
            if n in row.rounds
            else RoundResult(None, None)
            for n in standings.round_numbers
        )
        rows.append(
            StandingRow(
                rank=row.rank,
                shared=row.shared,
                name=player.name,
                first_name=player.first_name,
                last_name=player.last_name,
                club=player.club.name if player.club else "",
                country=player.country.upper(),
                ema_number=player.ema_number or None,
                table_points=row.table_points,
                score=row.score,
                firsts=row.places[0],
                seconds=row.places[1],
                thirds=row.places[2],
                fourths=row.places[3],
                best_session=row.best_session,
                per_round=per_round,
            )
        )
    return rows


def get_tournament_info(tournament: Tournament, players: int) -> TournamentInfo:
    """The header block of the EMA sheet; ``players`` is the standings' length.

    A tournament without dates takes its creation day, since the EMA sheet
    needs one.
    """
    start = tournament.start_date or tournament.end_date
    start = start or tournament.created_at.date()
    end = tournament.end_date or start
    return TournamentInfo(
        name=tournament.name,
        slug=tournament.slug,
        city=tournament.city,
        country=tournament.country.upper(),
        start_date=start,
        end_date=max(start, end),
        days=_days(start, end),
        mers_weight=tournament.mers_weight,
        ruleset=_ema_name(tournament.ruleset),
        players=players,
    )


def _ema_name(code: str) -> str:
    """The rule set's name in the EMA results file (``BaseRuleSet.ema_name``);
    a rule set the EMA does not rank, or one since removed, shows its code."""
    try:
        return get_ruleset(code).ema_name or code
    except EngineError:
        return code


def _days(start: date, end: date) -> int:
    return max((end - start).days, 0) + 1


def list_session_rows(tournament: Tournament) -> Iterator[SessionRow]:
    """Every seat of every closed table: round, table, then East to North."""
    results = (
        SeatResult.objects.filter(
            round__tournament=tournament, seat__table__is_closed=True
        )
        .annotate(wind_order=_WIND_ORDER)
        .order_by("round__number", "seat__table__number", "wind_order")
        .values_list(
            "round__number",
            "seat__table__number",
            "seat__wind",
            "registration__player__first_name",
            "registration__player__last_name",
            "score",
            "rank",
            "table_points_x12",
        )
    )
    for round_no, table_no, wind, first, last, score, rank, x12 in results.iterator():
        yield SessionRow(
            round_number=round_no,
            table_number=table_no,
            seat=wind,
            player=_name(first, last),
            score=score,
            table_rank=rank,
            table_points=Fraction(x12, 12),
        )


def _seat_names(tournament: Tournament) -> tuple[dict[int, str], dict[int, list[str]]]:
    """Names by seat id, and each table's names in starting-wind order."""
    by_seat: dict[int, str] = {}
    by_table: dict[int, list[str]] = {}
    seats = Seat.objects.filter(round__tournament=tournament).values_list(
        "pk",
        "table_id",
        "wind",
        "registration__player__first_name",
        "registration__player__last_name",
    )
    for seat_id, table_id, wind, first, last in seats.iterator():
        by_seat[seat_id] = _name(first, last)
        by_table.setdefault(table_id, [""] * len(WINDS))[WINDS.index(wind)] = by_seat[
            seat_id
        ]
    return by_seat, by_table


class CountedRows(Iterable[HandRow]):
    """Rows streamed once, with their number known in advance, so that the
    workbook builder can report its progress through the hands."""

    def __init__(self, count: int, rows: Iterator[HandRow]) -> None:
        self.count, self.rows = count, rows

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[HandRow]:
        return self.rows


def list_hand_rows(tournament: Tournament) -> CountedRows:
    """Every hand, by round, table and hand number (a count, then a stream).

    The hand value is the rule set's (``BaseRuleSet.hand_value``: MCR's
    points with flowers, riichi's han); payments follow the table's
    starting winds, as ``Hand.deltas`` does.
    """
    by_seat, by_table = _seat_names(tournament)
    french = (get_language() or "").startswith("fr")
    valued = _hand_valuer(tournament.ruleset)
    hands = (
        Hand.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "number")
        .values_list(
            "table__round__number", "table__number", "number", "prevalent_wind",
            "kind", "winner_id", "discarder_id", "table_id", as_text("result"),
            as_text("fans"), as_text("deltas"),
        )
    )  # fmt: skip
    # The JSON fields as text, decoded a batch at a time (``json_text``).
    rows = (
        _hand_row(values, json, by_seat, by_table, french, valued, values[8])
        for values, json in decoded(hands.iterator(chunk_size=BATCH), (8, 9, 10))
    )
    return CountedRows(hands.count(), rows)


class WorkbookHands:
    """The tournament's hands read at most once for one workbook: by the
    statistics when their cache misses (``records``), then by the "Hands"
    sheet (``rows``), rather than each decoding every hand's JSON again.
    Without a call to ``records`` the sheet streams them as
    ``list_hand_rows`` does; with it, the hands stay in memory until the
    sheet is written, as the statistics need them all at once anyway."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self._read: list[tuple[Sequence[Any], list[Any]]] | None = None

    def records(self) -> dict[int, list[HandRecord]]:
        """Every hand as the statistics read it, by table id (one query)."""
        hands = (
            Hand.objects.filter(table__round__tournament=self.tournament)
            .order_by("table__round__number", "table__number", "number")
            .values_list(
                "table__round__number", "table__number", "number",
                "prevalent_wind", "kind", "winner_id", "discarder_id", "table_id",
                "winner__wind", "discarder__wind", "seat_winds",
                as_text("created_at"),
                as_text("result"), as_text("fans"), as_text("deltas"),
                as_text("tiles"),
            )
        )  # fmt: skip
        self._read = list(decoded(hands.iterator(chunk_size=BATCH), (12, 13, 14, 15)))
        found: dict[int, list[HandRecord]] = defaultdict(list)
        for values, (result, fans, deltas, tiles) in self._read:
            found[values[7]].append(
                hand_record(
                    values[2], values[4], values[8], values[9], values[10],
                    values[11], (deltas, result, fans, tiles),
                )
            )  # fmt: skip
        return found

    def rows(self) -> CountedRows:
        """The "Hands" sheet's rows: from the hands ``records`` read, else
        ``list_hand_rows``."""
        if self._read is None:
            return list_hand_rows(self.tournament)
        read, self._read = self._read, None
        by_seat, by_table = _seat_names(self.tournament)
        french = (get_language() or "").startswith("fr")
        valued = _hand_valuer(self.tournament.ruleset)
        rows = (
            _hand_row(values, json[:3], by_seat, by_table, french, valued, values[12])
            for values, json in read
        )
        return CountedRows(len(read), rows)


def _hand_row(
    values: Sequence[Any],
    json: list[Any],
    by_seat: dict[int, str],
    by_table: dict[int, list[str]],
    french: bool,
    valued: Valuer,
    result_text: str | None,
) -> HandRow:
    """``result_text``: the stored result as its JSON text (``valued``'s key)."""
    round_no, table_no, number, prevalent, kind, winner, discarder = values[:7]
    table_id = values[7]
    result, fans, deltas = json
    drawn = kind == _DRAW or winner is None
    names = by_table.get(table_id, _NO_NAMES)
    hand_scores = player_scores(fans)
    value, unit = valued(result, hand_scores, result_text)
    if hand_scores is not None:
        # Every player's hand scores (French classic, encyclopaedia): the
        # others' are listed by name.
        fans = "; ".join(
            f"{name} {score}" for name, score in zip(names, hand_scores, strict=False)
        )
    return HandRow(
        round_number=round_no,
        table_number=table_no,
        hand_number=number,
        prevalent_wind=prevalent,
        winner=None if drawn else by_seat.get(winner),
        discarder=None if drawn or discarder is None else by_seat.get(discarder),
        self_drawn=not drawn and kind == _SELF_DRAW,
        hand_value=None if drawn else value,
        hand_unit=unit,
        fans=fans_text(fans, french=french) if fans else "",
        # ``map`` stops at the shorter, as ``zip`` does.
        payments=tuple(map(Payment, names, deltas)),
    )


_DRAW, _SELF_DRAW = str(Hand.Kind.DRAW), str(Hand.Kind.SELF_DRAW)
_NO_NAMES = [""] * len(WINDS)


Valuer = Callable[[Any, list[int] | None, str | None], tuple[int | None, str]]
"""A stored hand's value and unit from its result, its players' hand scores
and its result's JSON text (see ``_hand_valuer``)."""


def _hand_valuer(code: str) -> Valuer:
    """What a stored hand was worth under rule set ``code``, and its unit in
    words when it is not the column's own (riichi's yakuman in a han
    column); a rule set no longer registered has no hand values. Where the
    players' hand scores play no part, the answer is kept by the result's
    JSON text: the same few hundred results come back all through an event."""
    try:
        ruleset = get_ruleset(code)
    except EngineError:
        return lambda result, scores, text: (None, "")
    column = ruleset.words.units[0] if ruleset.words.units else ""
    known: dict[str, tuple[int | None, str]] = {}

    def valued(
        result: Any, scores: list[int] | None, text: str | None
    ) -> tuple[int | None, str]:
        if scores is None and text is not None:
            found = known.get(text)
            if found is None:
                if len(known) >= VALUES_KEPT:
                    known.clear()
                found = known[text] = valued(result, None, None)
            return found
        worth = ruleset.hand_value(result or {}, scores)
        if worth is None:
            return None, ""
        return worth.value, "" if worth.unit == column else unit_label(worth.unit)

    return valued


VALUES_KEPT = 20_000
"""Distinct results whose value ``_hand_valuer`` keeps."""


def player_scores(fans: Any) -> list[int] | None:
    """Each seat's hand score, when the rule set stored every player's
    (``hand_sheets``: ``{"scores": [...], "sheets": [...]}``)."""
    if isinstance(fans, dict) and isinstance(fans.get("scores"), list):
        return [int(score) for score in fans["scores"]]
    return None


def fans_text(fans: Any, *, french: bool = False) -> str:
    """The calculator's breakdown as one line: "Pure Straight 16; Flower Tiles 1×2".

    ``fans`` is the list the calculator stores (dicts with ``name``,
    ``name_fr``, ``points`` and ``count``); anything else is written as text
    rather than dropped.
    """
    if not fans:
        return ""
    if not isinstance(fans, list):
        return str(fans)
    parts = []
    for fan in fans:
        if not isinstance(fan, dict):
            parts.append(str(fan))
            continue
        name = (french and fan.get("name_fr")) or fan.get("name") or ""
        points, count = fan.get("points"), fan.get("count") or 1
        text = f"{name} {points}" if points is not None else str(name)
        parts.append(f"{text}×{count}" if count != 1 else text)
    return "; ".join(parts)


def list_penalty_rows(tournament: Tournament) -> Iterator[PenaltyRow]:
    """Every penalty; ``points`` is the change to the offender's score."""
    penalties = (
        Penalty.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "created_at", "pk")
        .values_list(
            "table__round__number", "table__number",
            "seat__registration__player__first_name",
            "seat__registration__player__last_name", "points", "reason",
            "referee__first_name", "referee__last_name", "referee__username",
            "referee_label",
        )
    )  # fmt: skip
    for (
        round_no,
        table_no,
        first,
        last,
        points,
        reason,
        *referee,
    ) in penalties.iterator():
        yield PenaltyRow(
            round_number=round_no,
            table_number=table_no,
            player=_name(first, last),
            points=-points,
            reason=reason,
            referee=_referee_name(*referee),
        )


def _referee_name(
    first: str | None, last: str | None, username: str | None, label: str = ""
) -> str | None:
    """The account's name, else the name an imported penalty carries."""
    return _name(first or "", last or "") or username or label or None
