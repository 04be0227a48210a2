"""Team standings: the sum of the members' table points, then of their
scores (four queries: the tournament's standings, then the teams)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from leagues.models import Team
from tournaments.models import Tournament
from tournaments.selectors.standings import StandingRow, get_standings


@dataclass(frozen=True)
class TeamRow:
    rank: int
    shared: bool
    team: Team
    table_points: Fraction
    score: int
    members: list[StandingRow]


def get_team_standings(tournament: Tournament) -> list[TeamRow]:
    """Teams best first; equal on table points and score, they share."""
    rows = {row.registration.pk: row for row in get_standings(tournament).rows}
    teams = tournament.teams.prefetch_related("members")
    totals = []
    for team in teams:
        members = [
            rows[m.registration_id]
            for m in team.members.all()
            if m.registration_id in rows
        ]
        members.sort(key=lambda row: row.rank)
        points = sum((row.table_points for row in members), Fraction(0))
        score = sum(row.score for row in members)
        totals.append((team, points, score, members))
    totals.sort(key=lambda t: (-t[1], -t[2], t[0].name))
    result: list[TeamRow] = []
    for position, (team, points, score, members) in enumerate(totals):
        same = bool(result) and (result[-1].table_points, result[-1].score) == (
            points,
            score,
        )
        rank = result[-1].rank if same else position + 1
        result.append(TeamRow(rank, False, team, points, score, members))
    counts: dict[int, int] = {}
    for row in result:
        counts[row.rank] = counts.get(row.rank, 0) + 1
    return [
        TeamRow(r.rank, counts[r.rank] > 1, r.team, r.table_points, r.score, r.members)
        for r in result
    ]
