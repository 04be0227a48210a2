"""Team events: a tournament's teams, and rounds seated with teammates apart.

Teams are set from the tournament's registered players (names as
registered), each of the size the organiser chose. A round is seated by the
tournament's own seating engine (``tournaments.seating``) with each team as
the "club" to keep apart, then written by ``hand_seating``: the tables, the
tablets and the standings are the tournament's as ever.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction

from leagues.models import Team, TeamMember, TeamSetup
from tournaments.imports.names import full_name_key, name_key
from tournaments.models import Round, SeatingPlan, Tournament
from tournaments.seating import SeatingError, plan_seating
from tournaments.services import hand_seating, seating_plans
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_tournament
from tournaments.services.seating_plans import build_request

TEAM_SEATING_LIMIT_S = 3.0
"""Seconds the engine may search while the organiser waits for the page."""


def parse_teams(text: str) -> list[tuple[str, list[str]]]:
    """One team a line: ``Team name: First Last, First Last, ...``."""
    teams = []
    for line in text.splitlines():
        name, _, members = line.partition(":")
        if not name.strip():
            continue
        names = [m.strip() for m in re.split(r"[,;\t]", members) if m.strip()]
        teams.append((name.strip(), names))
    return teams


def _check_teams(
    teams: Sequence[tuple[str, Sequence[str]]], size: int, by_name: dict[str, int]
) -> None:
    if not 2 <= size <= 8:
        raise ServiceError("team_bad_size", field="team_size", size=size)
    seen_teams: set[str] = set()
    seen_players: set[str] = set()
    limit = Team._meta.get_field("name").max_length
    for name, members in teams:
        if len(name) > limit:
            shown = name if len(name) <= 40 else name[:39] + "…"
            raise ServiceError(
                "team_name_too_long", field="teams", team=shown, limit=limit
            )
        if name_key(name) in seen_teams:
            raise ServiceError("team_name_twice", field="teams", team=name)
        seen_teams.add(name_key(name))
        if len(members) != size:
            raise ServiceError(
                "team_wrong_size",
                field="teams",
                team=name,
                count=len(members),
                size=size,
            )
        for member in members:
            if name_key(member) not in by_name:
                raise ServiceError("team_unknown_player", field="teams", player=member)
            if name_key(member) in seen_players:
                raise ServiceError("team_player_twice", field="teams", player=member)
            seen_players.add(name_key(member))


@transaction.atomic
def set_teams(
    *,
    tournament: Tournament,
    teams: Sequence[tuple[str, Sequence[str]]],
    team_size: int,
    actor: Actor,
) -> list[Team]:
    """Replace the tournament's teams (all or nothing), audited."""
    lock_tournament(tournament.pk)
    by_name = {
        full_name_key(r.player.first_name, r.player.last_name): r.pk
        for r in tournament.registrations.select_related("player")
    }
    _check_teams(teams, team_size, by_name)
    before = {
        team.name: sorted(m.registration_id for m in team.members.all())
        for team in tournament.teams.prefetch_related("members")
    }
    tournament.teams.all().delete()
    TeamSetup.objects.update_or_create(
        tournament=tournament, defaults={"team_size": team_size}
    )
    created = []
    for name, members in teams:
        team = Team.objects.create(tournament=tournament, name=name)
        TeamMember.objects.bulk_create(
            TeamMember(team=team, registration_id=by_name[name_key(m)]) for m in members
        )
        created.append(team)
    record_event(
        tournament=tournament,
        action="teams.set",
        obj=tournament,
        actor=actor,
        before={"teams": before},
        after={
            "team_size": team_size,
            "teams": {name: [by_name[name_key(m)] for m in ms] for name, ms in teams},
        },
    )
    return created


def seat_round_with_teams(
    *, round_id: int, actor: Actor, seed: int | None = None
) -> Round:
    """Seat a round with the tournament's engine, teammates kept apart when
    possible (each team is a "club"; players without a team keep their
    club). A random-mode tournament is searched as "nobody meets twice".
    The search runs here, bounded by ``TEAM_SEATING_LIMIT_S``."""
    round_ = Round.objects.select_related("tournament").get(pk=round_id)
    tournament = round_.tournament
    plan = SeatingPlan(
        tournament=tournament,
        first_round=round_.number,
        rounds_count=1,
        # The random mode draws without a search, so it cannot keep anyone
        # apart: a team round searches (nobody meets twice, teams apart).
        mode=(
            Tournament.SeatingMode.NO_REPEAT
            if tournament.seating_mode == Tournament.SeatingMode.RANDOM
            else tournament.seating_mode
        ),
        seed=seed if seed is not None else random.SystemRandom().getrandbits(31),
    )
    request = build_request(plan)
    teams = dict(
        TeamMember.objects.filter(team__tournament=tournament).values_list(
            "registration_id", "team_id"
        )
    )
    clubs = {
        player: f"team:{teams[player]}" if player in teams else f"club:{club}"
        for player, club in request.clubs.items()
    }
    clubs.update({player: f"team:{team}" for player, team in teams.items()})
    request = dataclasses.replace(
        request,
        clubs={p: c for p, c in clubs.items() if p in set(request.players)},
        time_limit_s=min(TEAM_SEATING_LIMIT_S, settings.SEATING_TIME_LIMIT_S),
    )
    try:
        # The seating service's clock: tests stop it as for seating jobs.
        result = plan_seating(request, clock=seating_plans.engine_clock)
    except SeatingError as error:
        raise ServiceError(error.code, field="round", **error.params) from None
    tables = [list(table) for table in result.rounds[0]]
    return hand_seating.seat_round_by_hand(
        round_id=round_id, tables=tables, actor=actor
    )
