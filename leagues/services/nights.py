"""Club nights: a light tournament a league creates, seated on the spot.

A night is a ``Tournament`` created by ``tournaments.services.setup`` with
one session (round) per table round of the evening, the league's rule set,
its organisers and its visibility. Its tables are typed or picked by the
organiser (four names a table, East first) and written by
``tournaments.services.hand_seating``; or the seating engine seats the
players of the list, and only them (``tournaments.seating``, searched here
and written the same way). From there the night
is a tournament like any other: the tablets, the round pages and the
standings work unchanged.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.formats import date_format

from leagues.models import League, LeagueEvent
from leagues.services.audit import record_league_event
from tournaments.imports.names import full_name_key, split_full_name
from tournaments.models import Round, SeatingPlan, Tournament
from tournaments.seating import SeatingError, plan_seating
from tournaments.services import hand_seating, seating_plans, setup
from tournaments.services.audit import Actor
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows

MAX_SESSIONS = 10
NIGHT_SEATING_LIMIT_S = 3.0
"""Seconds the engine may search while the organiser waits for the page."""


def night_name(league: League, day: date) -> str:
    """ "<league> · <date>", the league's name cut to leave room for the
    date in the tournament's name column (a league's name may fill its own
    column, which is as long)."""
    suffix = f" · {date_format(day, 'SHORT_DATE_FORMAT')}"
    room = Tournament._meta.get_field("name").max_length - len(suffix)
    head = league.name if len(league.name) <= room else league.name[: room - 1] + "…"
    return head + suffix


@transaction.atomic
def create_club_night(
    *,
    league: League,
    day: date,
    actor: Actor,
    name: str = "",
    sessions: int = 1,
    ruleset: str = "",
    preset: str = "",
    ruleset_options: Mapping[str, Any] | None = None,
    session_minutes: int | None = None,
) -> LeagueEvent:
    """A new night of the league, with ``sessions`` rounds to seat.

    A session ends after the rule set's number of hands (an option such as
    MCR's ``hands_per_session``) or when time is called after
    ``session_minutes``; the rule set is the league's unless one is given
    (``preset`` and ``ruleset_options`` as for a tournament, checked by it).
    """
    lock_rows(League.objects.filter(pk=league.pk)).get()
    title = name or night_name(league, day)
    timing = {} if session_minutes is None else {"session_minutes": session_minutes}
    tournament = setup.create_tournament(
        name=title,
        slug=f"{league.slug}-{day.isoformat()}",
        rounds_count=sessions,
        ruleset=ruleset or league.ruleset,
        preset=preset,
        ruleset_options=ruleset_options,
        actor=actor,
        start_date=day,
        end_date=day,
        is_public=league.is_public,
        seating_mode=Tournament.SeatingMode.RANDOM,
        **timing,
    )
    tournament.organisers.add(*league.organisers.all())
    event = LeagueEvent.objects.create(
        league=league, tournament=tournament, kind=LeagueEvent.Kind.NIGHT, day=day
    )
    record_league_event(
        league=league,
        action="league.add_night",
        obj=event,
        actor=actor,
        after={
            "tournament": tournament.pk,
            "day": day.isoformat(),
            "ruleset": tournament.ruleset,
        },
    )
    return event


def split_name(name: str) -> dict[str, str]:
    """ "First Last" as a player row, split as every player list splits it
    (``split_full_name``: "Zoë Van der Ært" keeps "Van der Ært"; a name
    without a space is a last name)."""
    first, last = split_full_name(name)
    return {"first_name": first, "last_name": last}


def parse_tables(text: str) -> list[list[str]]:
    """One table a line, four names separated by commas or semicolons."""
    tables = []
    for line in text.splitlines():
        names = [name.strip() for name in re.split(r"[,;\t]", line) if name.strip()]
        if names:
            tables.append(names)
    return tables


def _check_names(tables: Sequence[Sequence[str]]) -> None:
    for number, names in enumerate(tables, start=1):
        if len(names) != 4:
            raise ServiceError(
                "night_table_needs_four", field="tables", table=number, count=len(names)
            )
    _check_twice([name for names in tables for name in names])


def _check_twice(names: Sequence[str]) -> None:
    seen: set[str] = set()
    for name in names:
        row = split_name(name)
        key = full_name_key(row["first_name"], row["last_name"])
        if key in seen:
            raise ServiceError("night_name_twice", field="tables", name=name)
        seen.add(key)


def _night_round(event: LeagueEvent, number: int) -> Round:
    round_ = event.tournament.rounds.filter(number=number).first()
    if round_ is None:
        raise ServiceError("unknown_session", field="round", round=number)
    return round_


def _register(event: LeagueEvent, names: Sequence[str], actor: Actor) -> dict:
    """Register every name (found or created as a player); name key to
    registration id."""
    tournament = event.tournament
    setup.register_players(
        tournament=tournament, players=[split_name(n) for n in names], actor=actor
    )
    registrations = tournament.registrations.select_related("player")
    return {
        full_name_key(r.player.first_name, r.player.last_name): r.pk
        for r in registrations
    }


@transaction.atomic
def seat_night_tables(
    *, event: LeagueEvent, tables: Sequence[Sequence[str]], actor: Actor, round_number=1
) -> Round:
    """Seat a session of the night from typed names, four a table (East,
    South, West, North). New names become players; known names are found
    as the player list finds them (EMA number, then name)."""
    _check_names(tables)
    round_ = _night_round(event, round_number)
    ids = _register(event, [name for names in tables for name in names], actor)
    seats = []
    for names in tables:
        keys = [split_name(name) for name in names]
        seats.append(
            [ids[full_name_key(k["first_name"], k["last_name"])] for k in keys]
        )
    return hand_seating.seat_round_by_hand(
        round_id=round_.pk, tables=seats, actor=actor
    )


@transaction.atomic
def seat_night_by_engine(
    *, event: LeagueEvent, names: Sequence[str], actor: Actor, round_number=1
) -> Round:
    """Register ``names`` and let the seating engine form the session's
    tables from exactly them.

    The players of an earlier session who are not named sit this one out
    (they went home): the tournament's own seating job would seat every
    registration of the night, so the search runs here, on the names given,
    bounded by ``NIGHT_SEATING_LIMIT_S``, and the tables are written as
    typed ones are.
    """
    if len(names) < 4:
        raise ServiceError("night_needs_names", field="names")
    _check_twice(names)
    round_ = _night_round(event, round_number)
    ids = _register(event, names, actor)
    rows = [split_name(name) for name in names]
    chosen = [ids[full_name_key(row["first_name"], row["last_name"])] for row in rows]
    tables = _engine_tables(event.tournament, round_.number, chosen)
    return hand_seating.seat_round_by_hand(
        round_id=round_.pk, tables=tables, actor=actor
    )


def _engine_tables(
    tournament: Tournament, round_number: int, players: Sequence[int]
) -> list[list[int]]:
    """The engine's tables for ``players`` (registration ids) in this round,
    the night's earlier sessions as history."""
    plan = SeatingPlan(
        tournament=tournament,
        first_round=round_number,
        rounds_count=1,
        mode=tournament.seating_mode,
        seed=random.SystemRandom().getrandbits(31),
    )
    request = seating_plans.build_request(plan)
    keep = set(players)
    request = dataclasses.replace(
        request,
        players=tuple(players),
        ranking=(
            tuple(p for p in request.ranking if p in keep)
            if request.ranking is not None
            else None
        ),
        clubs={p: c for p, c in request.clubs.items() if p in keep},
        pins={p: t for p, t in request.pins.items() if p in keep},
        time_limit_s=min(NIGHT_SEATING_LIMIT_S, settings.SEATING_TIME_LIMIT_S),
    )
    try:
        result = plan_seating(request, clock=seating_plans.engine_clock)
    except SeatingError as error:
        raise ServiceError(error.code, field="names", **error.params) from None
    return [list(table) for table in result.rounds[0]]


@transaction.atomic
def add_night_session(*, event: LeagueEvent, actor: Actor) -> Round:
    """One more session (round) in the night, to seat like the first."""
    tournament = event.tournament
    count = tournament.rounds_count + 1
    if count > MAX_SESSIONS:
        raise ServiceError("bad_rounds_count", field="rounds_count", value=count)
    setup.update_tournament(
        tournament_id=tournament.pk, actor=actor, rounds_count=count
    )
    return tournament.rounds.get(number=count)
