"""Standings: every player's record and placing, in two queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.engine.rulesets import get_ruleset
from scoring.engine.standings import DEFAULT_TIEBREAKS, accumulate, rank_players
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


def get_standings(tournament: Tournament) -> Standings:
    """Ranked players from the sessions of closed tables (two queries).

    Substitutes sit but do not rank. Open tables are not counted: their
    scores are provisional until the referee closes the table.
    """
    registrations = {
        r.pk: r
        for r in tournament.registrations.exclude(
            status=Registration.Status.SUBSTITUTE
        ).select_related("player__club")
    }
    results = SeatResult.objects.filter(
        round__tournament=tournament,
        seat__table__is_closed=True,
        registration__in=registrations.keys(),
    ).values_list(
        "registration_id",
        "round__number",
        "seat__table__number",
        "score",
        "rank",
        "table_points_x12",
    )
    per_player: dict[int, dict[int, RoundResult]] = defaultdict(dict)
    for reg_id, round_no, table_no, score, rank, tp12 in results:
        per_player[reg_id][round_no] = RoundResult(
            round_no, table_no, score, rank, Fraction(tp12, 12)
        )
    records = [
        accumulate(reg_id, per_player[reg_id].values()) for reg_id in registrations
    ]
    tiebreaks = tournament.tiebreaks or DEFAULT_TIEBREAKS
    ruleset = get_ruleset(tournament.ruleset)
    options = ruleset.clean_options(tournament.ruleset_options or {})
    ranked = rank_players(records, tiebreaks, ranking=ruleset.ranking(options))
    rank_counts: dict[int, int] = defaultdict(int)
    for entry in ranked:
        rank_counts[entry.rank] += 1
    rows = [
        StandingRow(
            rank=entry.rank,
            shared=rank_counts[entry.rank] > 1,
            registration=registrations[entry.record.player_id],
            table_points=entry.record.table_points,
            score=entry.record.score,
            places=entry.record.places,
            best_session=entry.record.best_session,
            sessions=entry.record.sessions,
            rounds=per_player[entry.record.player_id],
        )
        for entry in ranked
    ]
    numbers = list(range(1, tournament.rounds_count + 1))
    return Standings(tournament=tournament, rows=rows, round_numbers=numbers)
