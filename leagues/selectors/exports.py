"""The league workbook's rows and texts, from the standings selector."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from leagues.exports import (
    EventLine,
    LeagueLine,
    LeagueWorkbook,
    SessionLine,
    StatsBlock,
    StatsHandLine,
    TeamLine,
    build_league_workbook,
    build_team_workbook,
    write_team_sheet,
)
from leagues.models import League
from leagues.selectors.standings import get_league_standings, leaders_progress
from leagues.selectors.stats import LeagueStats, get_league_stats
from leagues.selectors.teams import get_team_standings
from leagues.selectors.visibility import Audience
from scoring.engine.stats import RATES, EventStats
from scoring.messages import ruleset_label, unit_label
from tournaments.exports.stats_sheet import StatsColumn, StatsPlayerRow, StatsSheet
from tournaments.models import Tournament
from tournaments.selectors.stats_words import figure_label


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
        "statistics": _("Statistics"),
        "biggest_hands": _("Biggest hands"),
        "hand_value": _("Hand value"),
        "hand": _("Hand"),
        "items": _("Fans or yaku"),
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
        statistics=stats_blocks(get_league_stats(league, audience=audience)),
    )


def stats_blocks(found: LeagueStats) -> list[StatsBlock]:
    """The Statistics sheet's blocks, a rule set each (the league's first),
    in the workbook's language. Read afresh: a workbook is built once per
    request, as the event's is."""
    names = {pk: player.name for pk, player in found.players.items()}
    return [
        StatsBlock(
            title=str(ruleset_label(block.ruleset)),
            figures=_figures(block.ruleset, block.event, names),
            hands=[
                StatsHandLine(
                    day=found.events[hand.event].day,
                    event=found.events[hand.event].name,
                    player=names.get(hand.player, ""),
                    worth=f"{hand.value.value} {unit_label(hand.value.unit)}",
                    round=hand.round_number,
                    table=hand.table_number,
                    hand=hand.number,
                    items=", ".join(hand.items),
                )
                for hand in block.event.biggest_hands
            ],
        )
        for block in found.blocks
    ]


def _figures(code: str, event: EventStats, names: dict[Any, str]) -> StatsSheet:
    """Every player's figures, a column per figure the rule set knows."""
    keys: list[str] = []
    for stats in event.players.values():
        keys += [key for key in stats.figures if key not in keys]
    rows = [
        StatsPlayerRow(
            name=names.get(player, ""),
            values=tuple(
                stats.figures[key].value if key in stats.figures else None
                for key in keys
            ),
        )
        for player, stats in event.players.items()
    ]
    return StatsSheet(
        columns=tuple(
            StatsColumn(figure_label(key, code), rate=key in RATES) for key in keys
        ),
        players=tuple(sorted(rows, key=lambda row: row.name)),
        biggest_hands=(),
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
