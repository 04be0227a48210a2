"""Reads: standings, tables and their hands, in a bounded number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Prefetch, QuerySet

from scoring.engine.standings import DEFAULT_TIEBREAKS, accumulate, rank_players
from tournaments.models import (
    Hand,
    Penalty,
    Registration,
    Round,
    Seat,
    SeatingPlan,
    SeatResult,
    Table,
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
    ranked = rank_players(records, tiebreaks)
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


def list_public_tournaments() -> QuerySet[Tournament]:
    return Tournament.objects.filter(is_public=True)


def attach_seating_plans(rounds: list[Round]) -> list[Round]:
    """Fill each round's ``seating_plan`` from one query, not one per round.

    The same choice as ``Round.seating_plan``: the latest plan that is not
    cancelled and covers the round (plans come newest first).
    """
    if not rounds:
        return rounds
    plans = list(
        SeatingPlan.objects.filter(tournament_id=rounds[0].tournament_id).exclude(
            status="cancelled"
        )
    )
    for round_ in rounds:
        round_.__dict__["seating_plan"] = next(
            (
                plan
                for plan in plans
                if plan.first_round <= round_.number
                and round_.number < plan.first_round + plan.rounds_count
            ),
            None,
        )
    return rounds


def list_round_tables(round_: Round) -> QuerySet[Table]:
    """The round's tables with seats, players and results (three queries)."""
    return round_.tables.order_by("number").prefetch_related(
        Prefetch(
            "seats",
            queryset=Seat.objects.select_related("registration__player", "result"),
        )
    )


def get_table_sheet(table: Table) -> dict[str, object]:
    """Everything the table page shows: seats, hands, penalties, totals.

    Three queries. The hands' winners and discarders and the penalties'
    seats are the four seats already read (joining each hand to its two
    players again cost more than the rest of the sheet's reads).
    """
    seats = sorted(
        table.seats.select_related("registration__player", "result"),
        key=lambda seat: "ESWN".index(seat.wind),
    )
    by_id = {seat.pk: seat for seat in seats}
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    for hand in hands:
        if hand.winner_id in by_id:
            hand.winner = by_id[hand.winner_id]
        if hand.discarder_id in by_id:
            hand.discarder = by_id[hand.discarder_id]
    penalties = list(Penalty.objects.filter(table=table))
    for penalty in penalties:
        if penalty.seat_id in by_id:
            penalty.seat = by_id[penalty.seat_id]
    return {"seats": seats, "hands": hands, "penalties": penalties}
