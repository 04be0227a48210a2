"""Builders for the league tests: a league, nights seated by typed names,
hands played through the tournaments services (as the tablets do)."""

from __future__ import annotations

from datetime import date

from leagues.models import League, LeagueEvent, LeagueExport
from leagues.services import leagues as league_services
from leagues.services import nights
from leagues.services.exports import run_league_export
from tournaments.models import Table, in_wind_order
from tournaments.services import hands as hand_services


def make_league(organiser, **fields) -> League:
    return league_services.create_league(
        name=fields.pop("name", "Thursday club"), actor=organiser, **fields
    )


def night(league: League, organiser, day: date, tables: list[str]) -> LeagueEvent:
    """A night with one session seated from ``tables`` ("A, B, C, D" lines)."""
    event = nights.create_club_night(league=league, day=day, actor=organiser)
    nights.seat_night_tables(
        event=event, tables=nights.parse_tables("\n".join(tables)), actor=organiser
    )
    return event


def tables_of(event: LeagueEvent, round_number: int = 1) -> list[Table]:
    return list(
        Table.objects.filter(
            round__tournament=event.tournament, round__number=round_number
        ).order_by("number")
    )


def play(table: Table, winner: int, discarder: int, fan_total: int = 12) -> None:
    """One discard win (seats 0..3, East first), then the table is closed.

    MCR: the winner takes 8 + fans from the discarder and 8 from each other
    player; with 12 fans the scores are +36, -20, -8, -8 and the table
    points 4, 0, 1.5, 1.5 (the two at -8 share 2nd and 3rd).
    """
    seats = in_wind_order(table.seats.select_related("registration"))
    players = [seat.registration.player_id for seat in seats]
    hand_services.record_hand(
        table_id=table.pk,
        result={
            "kind": "discard",
            "winner": players[winner],
            "discarder": players[discarder],
            "fan_total": fan_total,
        },
        actor=None,
    )
    hand_services.close_table(table_id=table.pk, actor=None, time_called=True)


def run_workbook_jobs() -> None:
    """What a worker does: build every league workbook asked for."""
    for export in LeagueExport.objects.filter(status=LeagueExport.Status.PENDING):
        run_league_export(export_id=export.pk, on_progress=lambda _percent: None)


def get_workbook(client, url: str):
    """The league workbook as a reader gets it: the request asks for a
    build (202, a page that reloads), a worker builds it, the reader's
    next request downloads it."""
    response = client.get(url)
    if response.status_code == 202:
        run_workbook_jobs()
        response = client.get(url)
    return response
