"""Standings: every player's totals from one aggregate query, ranked by the
pure engine; rows with their registration built only for what is shown."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, NamedTuple

from django.db.models import Count, Max, Q, QuerySet, Sum

from scoring.engine.rulesets import get_ruleset
from scoring.engine.standings import DEFAULT_TIEBREAKS, PlayerRecord, rank_players
from tournaments.models import (
    Registration,
    SeatResult,
    Tournament,
)


@dataclass(frozen=True)
class RoundResult:
    round_number: int
    table_number: int
    score: int
    rank: int
    table_points: Fraction


@dataclass(frozen=True)
class StandingRow:
    rank: int
    shared: bool
    registration: Registration
    table_points: Fraction
    score: int
    places: tuple[int, int, int, int]
    best_session: int | None
    sessions: int
    rounds: dict[int, RoundResult] = field(default_factory=dict)

    @property
    def player(self):
        return self.registration.player


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    rows: list[StandingRow]
    round_numbers: list[int]


class RankedEntry(NamedTuple):
    """One player's placing and totals, language-free and without a model:
    what the cache keeps (3,200 of them pickle in a few milliseconds where
    3,200 ``StandingRow`` with their registration, player and club took
    0.45 s)."""

    registration_id: int
    rank: int
    shared: bool
    table_points_x12: int
    score: int
    places: tuple[int, int, int, int]
    best_session: int | None
    sessions: int

    @property
    def table_points(self) -> Fraction:
        return Fraction(self.table_points_x12, 12)


@dataclass(frozen=True)
class Ranking:
    """Every ranked player's entry, best first (``get_ranking``)."""

    entries: tuple[RankedEntry, ...]

    def __len__(self) -> int:
        return len(self.entries)

    def entry_of(self, registration_id: int) -> RankedEntry | None:
        """The player's entry, None for a substitute or an unknown id."""
        return self._index.get(registration_id)

    @cached_property
    def _index(self) -> dict[int, RankedEntry]:
        # Built once per unpickled ranking, when a page asks (not pickled:
        # cached_property writes the instance's __dict__, which a frozen
        # dataclass pickles; the reduce below leaves it out).
        return {entry.registration_id: entry for entry in self.entries}

    def __reduce__(self) -> tuple[type[Ranking], tuple[tuple[RankedEntry, ...]]]:
        return (Ranking, (self.entries,))


_TOTALS = ("tp12", "total", "firsts", "seconds", "thirds", "fourths", "best", "played")


def _with_totals(tournament: Tournament) -> QuerySet[Registration]:
    """The ranked registrations, each with the totals of its closed
    sessions added up by the database (one row per registration)."""
    closed = Q(results__seat__table__is_closed=True)
    return (
        tournament.registrations.exclude(status=Registration.Status.SUBSTITUTE)
        .annotate(
            tp12=Sum("results__table_points_x12", filter=closed),
            total=Sum("results__score", filter=closed),
            firsts=Count("results", filter=closed & Q(results__rank=1)),
            seconds=Count("results", filter=closed & Q(results__rank=2)),
            thirds=Count("results", filter=closed & Q(results__rank=3)),
            fourths=Count("results", filter=closed & Q(results__rank=4)),
            best=Max("results__score", filter=closed),
            played=Count("results", filter=closed),
        )
        .order_by()
    )


def _rank(
    tournament: Tournament, totals: Iterable[tuple[Any, ...]]
) -> tuple[RankedEntry, ...]:
    """Rows of (registration id, *_TOTALS) ranked by the rule set's order
    and the tournament's tie-breaks (``rank_players``)."""
    records = []
    points_x12 = {}
    for pk, tp12, total, firsts, seconds, thirds, fourths, best, played in totals:
        points_x12[pk] = tp12 or 0
        records.append(
            PlayerRecord(
                player_id=pk,
                table_points=Fraction(tp12 or 0, 12),
                score=total or 0,
                places=(firsts, seconds, thirds, fourths),
                best_session=best,
                sessions=played,
            )
        )
    tiebreaks = tournament.tiebreaks or DEFAULT_TIEBREAKS
    ruleset = get_ruleset(tournament.ruleset)
    options = ruleset.clean_options(tournament.ruleset_options or {})
    ranked = rank_players(records, tiebreaks, ranking=ruleset.ranking(options))
    rank_counts = Counter(entry.rank for entry in ranked)
    return tuple(
        RankedEntry(
            record.player_id,
            entry.rank,
            rank_counts[entry.rank] > 1,
            points_x12[record.player_id],
            record.score,
            record.places,
            record.best_session,
            record.sessions,
        )
        for entry in ranked
        for record in (entry.record,)
    )


def get_ranking(tournament: Tournament) -> Ranking:
    """Every ranked player's placing and totals: one aggregate query.

    The database adds up each registration's closed sessions (table points,
    score, places, best session, count); only the ranking itself, with the
    rule set's order and the tournament's tie-breaks, runs in Python
    (``rank_players``). Substitutes sit but do not rank; open tables do not
    count (their scores are provisional until the referee closes the table).
    """
    return Ranking(
        _rank(tournament, _with_totals(tournament).values_list("pk", *_TOTALS))
    )


def standing_rows(
    tournament: Tournament,
    entries: Sequence[RankedEntry],
    *,
    everyone: bool = False,
    registrations: dict[int, Registration] | None = None,
) -> list[StandingRow]:
    """``entries`` as ``StandingRow``, in their order: two queries (one when
    the caller has the ``registrations`` already, by id).

    The registrations (with player and club) and the sessions of closed
    tables are read for these entries only: a page of 100 rows reads 100
    players, not the event. ``everyone`` says the entries are the whole
    ranking: the queries then filter by tournament instead of listing
    3,200 ids (an ``IN`` list of that size cost 0.2 s).
    """
    if not entries:
        return []
    shown = Registration.objects.select_related("player__club")
    results = SeatResult.objects.filter(
        round__tournament=tournament, seat__table__is_closed=True
    )
    if everyone:
        shown = shown.filter(tournament=tournament)
    else:
        ids = [entry.registration_id for entry in entries]
        shown = shown.filter(pk__in=ids)
        results = results.filter(registration_id__in=ids)
    by_id = registrations
    if by_id is None:
        by_id = {registration.pk: registration for registration in shown}
    per_player: dict[int, dict[int, RoundResult]] = defaultdict(dict)
    for reg_id, round_no, table_no, score, rank, tp12 in results.values_list(
        "registration_id",
        "round__number",
        "seat__table__number",
        "score",
        "rank",
        "table_points_x12",
    ):
        per_player[reg_id][round_no] = RoundResult(
            round_no, table_no, score, rank, Fraction(tp12, 12)
        )
    return [
        standing_row(
            entry, by_id[entry.registration_id], per_player[entry.registration_id]
        )
        for entry in entries
    ]


def standing_row(
    entry: RankedEntry,
    registration: Registration,
    rounds: dict[int, RoundResult] | None = None,
) -> StandingRow:
    """The entry with its registration (and sessions, when read)."""
    return StandingRow(
        rank=entry.rank,
        shared=entry.shared,
        registration=registration,
        table_points=entry.table_points,
        score=entry.score,
        places=entry.places,
        best_session=entry.best_session,
        sessions=entry.sessions,
        rounds=rounds if rounds is not None else {},
    )


def get_standings(tournament: Tournament) -> Standings:
    """Every ranked player's row, best first (two queries: the registrations
    with their player, club and totals, then the sessions of closed tables).

    For the readers of the whole list (the workbook, seating by rank, the
    leagues); a page of the standings reads ``get_ranking`` and builds only
    its rows (``standing_rows``).
    """
    registrations = {
        registration.pk: registration
        for registration in _with_totals(tournament).select_related("player__club")
    }
    entries = _rank(
        tournament,
        (
            (pk, *(getattr(registration, name) for name in _TOTALS))
            for pk, registration in registrations.items()
        ),
    )
    rows = standing_rows(
        tournament, entries, everyone=True, registrations=registrations
    )
    numbers = list(range(1, tournament.rounds_count + 1))
    return Standings(tournament=tournament, rows=rows, round_numbers=numbers)
