"""The league workbook's rows and texts, from the standings selector."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from leagues.exports import (
    EventLine,
    LeagueLine,
    LeagueWorkbook,
    SessionLine,
    TeamLine,
    build_league_workbook,
    build_team_workbook,
    write_team_sheet,
)
from leagues.models import League
from leagues.selectors.standings import get_league_standings, leaders_progress
from leagues.selectors.teams import get_team_standings
from leagues.selectors.visibility import Audience
from tournaments.models import Tournament


def workbook_texts() -> dict[str, str]:
    return {
        "standings": _("Standings"),
        "events": _("Events"),
        "sessions": _("Sessions"),
        "leaders": _("Leaders"),
        "rank": _("Rank"),
        "player": _("Player"),
        "club": _("Club"),
        "value": _("Ranking figure"),
        "table_points": _("Table points"),
        "score": _("Score"),
        "counted": _("Sessions counted"),
        "firsts": _("1st"),
        "seconds": _("2nd"),
        "thirds": _("3rd"),
        "fourths": _("4th"),
        "date": _("Date"),
        "kind": _("Kind"),
        "event": _("Event"),
        "players": _("Players"),
        "tables": _("Tables"),
        "leader": _("Leader"),
        "points": _("Leader's table points"),
        "round": _("Session"),
        "table": _("Table"),
        "chart_title": _("The leaders over the season"),
        "chart_x": _("Event"),
        "chart_y": _("Ranking figure"),
    }


def get_league_workbook(league: League, *, audience: Audience) -> LeagueWorkbook:
    standings = get_league_standings(league, audience=audience)
    players = standings.players
    events = {s.event.pk: s.event for s in standings.events}
    progress_events, progress = leaders_progress(standings)
    return LeagueWorkbook(
        title=league.name,
        standings=[
            LeagueLine(
                rank=row.rank,
                shared=row.shared,
                name=row.player.name,
                club=row.player.club.name if row.player.club else "",
                value=row.value,
                table_points=row.table_points,
                score=row.score,
                sessions=row.sessions,
                counted=row.counted,
                places=row.places,
            )
            for row in standings.rows
        ],
        events=[
            EventLine(
                day=s.event.day,
                kind=str(s.event.get_kind_display()),
                name=s.event.tournament.name,
                players=s.players,
                tables=s.tables,
                sessions=s.sessions,
                leader=s.leader.name if s.leader else "",
                leader_points=s.leader_points,
            )
            for s in standings.events
        ],
        sessions=[
            SessionLine(
                day=e.day,
                event=events[e.event].tournament.name,
                round=e.round,
                table=e.table,
                name=players[e.player].name,
                score=e.score,
                rank=e.rank,
                table_points=e.table_points,
            )
            for e in sorted(
                standings.entries,
                key=lambda e: (e.day, e.event, e.round, e.table, -e.score),
            )
        ],
        progress_events=[
            f"{event.day.isoformat()} {event.tournament.name}"
            for event in progress_events
        ],
        progress={player.name: values for player, values in progress.items()},
    )


def league_workbook_bytes(league: League, *, audience: Audience) -> bytes:
    return build_league_workbook(
        get_league_workbook(league, audience=audience), workbook_texts()
    )


def team_workbook_bytes(tournament: Tournament) -> bytes:
    """The team sheet of a tournament, in the reader's language."""
    lines, texts = _team_lines(tournament)
    return build_team_workbook(tournament.name, lines, texts)


def write_tournament_team_sheet(tournament: Tournament, ws: Any) -> None:
    """The team sheet of the tournament's own workbook (its extension
    point, ``tournaments.extensions``), in the current language."""
    lines, texts = _team_lines(tournament)
    write_team_sheet(ws, lines, texts)


def _team_lines(tournament: Tournament) -> tuple[list[TeamLine], dict[str, str]]:
    lines = [
        TeamLine(
            rank=row.rank,
            shared=row.shared,
            team=row.team.name,
            table_points=row.table_points,
            score=row.score,
            members=", ".join(m.player.name for m in row.members),
        )
        for row in get_team_standings(tournament)
    ]
    texts = {
        "teams": _("Teams"),
        "rank": _("Rank"),
        "team": _("Team"),
        "table_points": _("Table points"),
        "score": _("Score"),
        "members": _("Members"),
    }
    return lines, texts
